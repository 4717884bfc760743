import HannunDomain
import Observation

/// The form that changes one due occurrence this time only — its amount, memo or day — on the
/// due list (``DueListViewModel``); its rule is untouched. Every frontend fills it with the text
/// the user typed (the terminal's `change 1 amount 70만`, the command line's options, the web
/// page's fields), so a refused change is said in one order and one sentence (``refusal``).
@MainActor
@Observable
public final class OccurrenceFormViewModel {
  /// The fields, in the order their refusals are said.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// This time's amount; blank keeps the planned one.
    case amount
    /// This time's memo, as typed (blank clears it).
    case memo
    /// This time's day; blank keeps the planned one.
    case date
  }

  /// Why a save wrote nothing: the one answer every frontend says.
  public enum Refusal: Error, Equatable, Sendable {
    /// A field was refused: the first in ``Field`` order, with why.
    case field(Field, AppError)
    /// Nothing entered differs from the occurrence as planned.
    case unchanged
    /// The store refused (the occurrence is no longer planned, a damaged `recurring.json`).
    case store(AppError)

    /// The refused field, or `nil` when the refusal is not a field's.
    public var field: Field? {
      if case .field(let field, _) = self { return field }
      return nil
    }
  }

  /// The occurrence as planned when the form opened.
  public let occurrence: Occurrence
  /// The amount entered, or `nil` to keep the planned one.
  public private(set) var amount: Amount?
  /// The memo entered, or `nil` to keep the planned one.
  public private(set) var memo: String?
  /// The day entered, or `nil` to keep the planned one.
  public private(set) var day: Day?
  /// Why a field was refused; empty when every field entered so far is valid.
  public private(set) var errors: [Field: AppError] = [:]
  /// Why the last save wrote nothing though every field was taken, or `nil`.
  public private(set) var saveRefusal: Refusal?

  private let due: DueListViewModel
  private let parser: AmountParser

  /// An empty form on one occurrence.
  /// - Parameters:
  ///   - occurrence: The occurrence as planned now.
  ///   - due: The due list the change is written through.
  ///   - currency: The ledger's currency, for the amount typed.
  public init(occurrence: Occurrence, due: DueListViewModel, currency: Currency) {
    self.occurrence = occurrence
    self.due = due
    self.parser = AmountParser(currency: currency)
  }

  /// Formats amounts in the ledger's currency.
  public var money: MoneyFormatter { MoneyFormatter(currency: parser.currency) }

  /// Reads a field as typed — `70만`, `보너스`, `2025-10-27`, `27일` — and keeps its value.
  /// - Parameters:
  ///   - text: What was typed; a blank amount or day keeps the planned one.
  ///   - field: The field it is for.
  ///   - shownMonth: The month for days without one (`27일`); `nil` for the occurrence's month.
  /// - Returns: Why the text was refused, or `nil`; a refused text changes nothing but
  ///   ``errors``.
  @discardableResult
  public func enter(_ text: String, for field: Field, shownMonth: YearMonth? = nil) -> AppError? {
    let blank = text.allSatisfy(\.isWhitespace)
    return errors.reading(field) {
      switch field {
      case .amount: amount = blank ? nil : try parser.parse(text)
      case .memo: memo = try TransactionRules.memo(text)
      case .date:
        day =
          blank
          ? nil
          : try Day(
            userInput: text, today: due.today,
            shownMonth: shownMonth ?? occurrence.day.yearMonth)
      }
    }
  }

  /// Reads several typed fields at once, for a frontend that receives them in one go.
  /// - Parameters:
  ///   - values: The text typed for each field given; fields left out keep their values.
  ///   - shownMonth: The month for days without one.
  /// - Returns: What the form says first (``refusal``), or `nil` when every field was taken.
  @discardableResult
  public func enter(_ values: [Field: String], shownMonth: YearMonth? = nil) -> Refusal? {
    for field in Field.allCases {
      if let text = values[field] { enter(text, for: field, shownMonth: shownMonth) }
    }
    return refusal
  }

  /// Why the last save wrote nothing, in the order every frontend says it: the first refused
  /// field in ``Field`` order, else nothing to change, else the store's refusal.
  public var refusal: Refusal? {
    for field in Field.allCases {
      if let error = errors[field] { return .field(field, error) }
    }
    return saveRefusal
  }

  /// The occurrence, when the change entered is already planned (the form opened on the
  /// occurrence as planned after the change was made): it is changed from its rule, and every
  /// field entered is what it now has. A frontend sending a change again after its answer was
  /// lost answers it as made. `nil` when a field was refused or the occurrence differs; nothing
  /// is written.
  public func alreadySaved() -> Occurrence? {
    guard errors.isEmpty, occurrence.isChanged, (amount ?? occurrence.amount) == occurrence.amount,
      (memo ?? occurrence.memo) == occurrence.memo, (day ?? occurrence.day) == occurrence.day
    else { return nil }
    return occurrence
  }

  /// Changes the occurrence by what differs from it as planned.
  /// - Returns: The occurrence as now planned, or `nil` when a field was refused, nothing
  ///   differs, or the store refused (``refusal``); nothing is written then.
  @discardableResult
  public func save() async -> Occurrence? {
    saveRefusal = nil
    guard errors.isEmpty else { return nil }
    let change: OccurrenceChange
    do {
      change = try OccurrenceChange(
        amount: amount == occurrence.amount ? nil : amount,
        memo: memo == occurrence.memo ? nil : memo,
        day: day == occurrence.day ? nil : day)
    } catch {
      saveRefusal = .field(.memo, AppError(error))
      return nil
    }
    guard change.amount != nil || change.memo != nil || change.day != nil else {
      saveRefusal = .unchanged
      return nil
    }
    do {
      return try await due.change(occurrence.key, change)
    } catch {
      saveRefusal = .store(AppError(error))
      return nil
    }
  }
}

extension DueListViewModel {
  /// The form that changes one occurrence this time only, through this list.
  /// - Parameter key: The occurrence.
  /// - Returns: An empty form on the occurrence as planned now.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned (any more).
  public func changeForm(for key: OccurrenceKey) throws -> OccurrenceFormViewModel {
    do {
      return OccurrenceFormViewModel(
        occurrence: try plan.occurrence(key), due: self, currency: money.currency)
    } catch {
      throw LedgerError.recurring(error)
    }
  }
}
