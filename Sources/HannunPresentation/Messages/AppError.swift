import HannunDomain

/// An error a user may see, as a value: what view-models keep (``TransactionFormViewModel/errors``,
/// ``CalendarViewModel/loadFailure`` …) so that every frontend can compare, test and present it,
/// and say it in the user's language with ``MessageCatalog/describe(_:)-(AppError)``.
public enum AppError: Error, Equatable, Sendable {
  /// An amount or currency was refused.
  case amount(AmountInputError)
  /// A date, month or weekday was refused.
  case date(DateInputError)
  /// A kind, category or memo was refused.
  case field(FieldInputError)
  /// The ledger refused or failed.
  case ledger(LedgerError)
  /// A position in the selected day's list names no entry.
  case entry(EntryReferenceError)
  /// A category could not be renamed or merged.
  case category(CategoryRenameError)
  /// A mood was refused or not written.
  case mood(MoodError)
  /// Anything else (a failure without a value of its own), as the system described it.
  case other(String)

  /// The value for any thrown error.
  /// - Parameter error: What was thrown.
  public init(_ error: any Error) {
    switch error {
    case let error as AppError: self = error
    case let error as AmountInputError: self = .amount(error)
    case let error as DateInputError: self = .date(error)
    case let error as FieldInputError: self = .field(error)
    case let error as LedgerError: self = .ledger(error)
    case let error as RecurringError: self = .ledger(.recurring(error))
    case let error as EntryReferenceError: self = .entry(error)
    case let error as CategoryRenameError: self = .category(error)
    case let error as MoodError: self = .mood(error)
    default: self = .other(String(describing: error))
    }
  }
}

extension MessageCatalog {
  /// The message for an error a view-model kept.
  /// - Parameter error: The error.
  /// - Returns: One line in the catalogue's language.
  public func describe(_ error: AppError) -> String {
    switch error {
    case .amount(let error): describe(error)
    case .date(let error): describe(error)
    case .field(let error): describe(error)
    case .ledger(let error): describe(error)
    case .entry(let error): describe(error)
    case .category(let error): describe(error)
    case .mood(let error): describe(mood: error)
    case .other(let text): describeUnknown(OtherFailure(text: text))
    }
  }
}

/// A failure known only by the system's description.
private struct OtherFailure: Error, CustomStringConvertible {
  let text: String
  var description: String { text }
}
