import HannunDomain

/// The months a command at the prompt covers (`categories`, `report`), as typed there.
public enum PromptPeriod: Equatable, Sendable {
  /// The month on screen (`categories` alone).
  case shownMonth
  /// The year of the month on screen (`categories year`).
  case shownYear
  /// The whole ledger (`categories all`).
  case allTime
  /// One month (`categories 2025-11`).
  case month(YearMonth)
  /// One year (`report 2025`), its twelve months: a year ``YearMonth`` holds.
  case year(Int)

  /// The months named when `shown` is on screen, or `nil` for all time.
  /// - Parameter shown: The month on screen.
  /// - Returns: The span of months.
  public func span(shown: YearMonth) -> ClosedRange<YearMonth>? {
    switch self {
    case .shownMonth: shown...shown
    case .shownYear: (try? YearMonth.months(ofYear: shown.year)) ?? shown...shown
    case .allTime: nil
    case .month(let month): month...month
    case .year(let year): (try? YearMonth.months(ofYear: year)) ?? shown...shown
    }
  }
}

extension CommandParser {
  /// `categories [year|all|YYYY|YYYY-MM]`.
  static func categories(_ arguments: [String]) throws(CommandError) -> Command {
    guard arguments.count <= 1 else {
      throw .invalidArguments(.categories, .extra(arguments.dropFirst().joined(separator: " ")))
    }
    guard let text = arguments.first else { return .categories(.shownMonth) }
    if ["all", "a", "전체", "모두"].contains(text.lowercased()) { return .categories(.allTime) }
    guard let period = try period(text) else {
      throw .invalidArguments(.categories, .notACategoryPeriod(text))
    }
    return .categories(period)
  }

  /// A period word of `categories` and `report`: `year` (the shown one), a year `YYYY` or a
  /// month `YYYY-MM`; `nil` for a word of none of these forms.
  /// - Throws: ``CommandError/rejectedDate(_:)`` for a year or month of the form that is none
  ///   (`2025-13`, `0000`).
  static func period(_ text: String) throws(CommandError) -> PromptPeriod? {
    if ["year", "y", "연", "년", "해"].contains(text.lowercased()) { return .shownYear }
    do {
      return .year(try YearMonth.months(ofYearText: text).lowerBound.year)
    } catch .malformedYear {
      // Not a year: a month, or neither.
    } catch {
      throw .rejectedDate(error)
    }
    do {
      return .month(try YearMonth(typed: text))
    } catch .malformedMonth {
      return nil
    } catch {
      throw .rejectedDate(error)
    }
  }

  /// `category rename OLD NEW` (also `category merge OLD NEW`). The names are checked when the
  /// rename runs, against the ledger's rules and categories.
  static func category(_ arguments: [String]) throws(CommandError) -> Command {
    guard arguments.count == 3, ["rename", "merge", "mv"].contains(arguments[0].lowercased())
    else {
      throw .invalidArguments(.category, .notACategoryAction(arguments.joined(separator: " ")))
    }
    return .renameCategory(from: arguments[1], to: arguments[2])
  }
}
