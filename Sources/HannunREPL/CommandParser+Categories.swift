import HannunDomain

/// The months `categories` lists, as typed at the prompt.
public enum CategoryPeriod: Equatable, Sendable {
  /// The month on screen (`categories` alone).
  case shownMonth
  /// The year of the month on screen (`categories year`).
  case shownYear
  /// The whole ledger (`categories all`).
  case allTime
  /// One month (`categories 2025-11`).
  case month(YearMonth)

  /// The months named when `shown` is on screen, or `nil` for all time.
  /// - Parameter shown: The month on screen.
  /// - Returns: The span of months.
  public func span(shown: YearMonth) -> ClosedRange<YearMonth>? {
    switch self {
    case .shownMonth: shown...shown
    case .shownYear: (try? YearMonth.months(ofYear: shown.year)) ?? shown...shown
    case .allTime: nil
    case .month(let month): month...month
    }
  }
}

extension CommandParser {
  /// `categories [year|all|YYYY-MM]`.
  static func categories(_ arguments: [String]) throws(CommandError) -> Command {
    guard arguments.count <= 1 else {
      throw .invalidArguments(.categories, .extra(arguments.dropFirst().joined(separator: " ")))
    }
    guard let text = arguments.first else { return .categories(.shownMonth) }
    switch text.lowercased() {
    case "year", "y", "연", "년", "해": return .categories(.shownYear)
    case "all", "a", "전체", "모두": return .categories(.allTime)
    default: break
    }
    do {
      return .categories(.month(try YearMonth(iso: text)))
    } catch .malformedMonth {
      throw .invalidArguments(.categories, .notACategoryPeriod(text))
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
