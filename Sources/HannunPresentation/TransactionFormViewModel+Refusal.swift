import HannunDomain

extension TransactionFormViewModel {
  /// Why a save or delete of the form wrote nothing: the one answer every frontend shows, so the
  /// terminal, the one-shot command line and the web page name the same problem first.
  public enum Refusal: Equatable, Sendable {
    /// A field was refused: the first in ``TransactionFormViewModel/Field`` order, with why.
    case field(Field, AppError)
    /// Another window changed or deleted the entry since the form read it.
    case conflict(EntryConflict)
    /// The store refused the write for another reason (a lock, a damaged file, a full disk).
    case store(AppError)

    /// The error to say: the field's, the conflict as the store reported it, or the store's.
    public var error: AppError {
      switch self {
      case .field(_, let error), .store(let error): error
      case .conflict(.changed(let current)):
        .ledger(.staleTransaction(expected: current, current: current))
      case .conflict(.deleted(let entry)): .ledger(.staleTransaction(expected: entry, current: nil))
      }
    }

    /// The refused field, or `nil` when the refusal is not a field's.
    public var field: Field? {
      if case .field(let field, _) = self { return field }
      return nil
    }
  }

  /// Reads several typed fields at once, each as ``enter(_:for:shownMonth:)`` reads it, for a
  /// frontend that receives a whole entry in one go (a command line, a posted web form).
  /// - Parameters:
  ///   - values: The text typed for each field given; fields left out keep their values.
  ///   - shownMonth: The month on screen, for dates without a month (`3일`).
  /// - Returns: What the form says first (``refusal``), or `nil` when every field was taken.
  @discardableResult
  public func enter(_ values: [Field: String], shownMonth: YearMonth? = nil) -> Refusal? {
    for field in Field.allCases {
      if let text = values[field] { enter(text, for: field, shownMonth: shownMonth) }
    }
    return refusal
  }

  /// Records that a frontend refused a field's input before the form could read it — a syntax
  /// that frontend parses itself, like the terminal's day number of the shown month — so that
  /// the form says it in its own order among the other refusals (``refusal``).
  /// - Parameters:
  ///   - field: The field.
  ///   - error: Why its input was refused.
  public func refuse(_ field: Field, because error: AppError) {
    markRefused(field, error)
  }

  /// Why the last save (or delete) wrote nothing, in the order every frontend says it: the
  /// first refused field in ``Field`` order (fields are checked before anything is written), else
  /// another window's change (``conflict``), else the store's refusal (``saveError``); `nil` when
  /// nothing was refused.
  public var refusal: Refusal? {
    for field in Field.allCases {
      if let error = errors[field] { return .field(field, error) }
    }
    if let conflict { return .conflict(conflict) }
    return saveError.map(Refusal.store)
  }
}
