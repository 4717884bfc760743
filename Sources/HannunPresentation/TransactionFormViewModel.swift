import HannunDomain
import Observation

/// The add/edit form for one entry: its fields as typed, a validation error per field, and save,
/// delete and cancel. It never navigates: it reports through ``Actions`` and the coordinator
/// decides where to go.
@MainActor
@Observable
public final class TransactionFormViewModel {
  /// Adding a new entry (on a default day) or editing an existing one.
  public enum Mode: Hashable, Sendable {
    case add(defaultDay: Day)
    case edit(TransactionID)
  }

  /// The fields, in the order a form walks them.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    case kind, amount, category, memo, date
  }

  /// What the form tells whoever presented it.
  public struct Actions {
    /// The entry was written; the edit is what undo would revert.
    public var didSave: @MainActor (LedgerEdit) -> Void
    /// The entry being edited was deleted.
    public var didDelete: @MainActor (Transaction) -> Void
    /// The user left the form; nothing was written.
    public var didCancel: @MainActor () -> Void

    /// - Parameters:
    ///   - didSave: Called after a successful save.
    ///   - didDelete: Called after a successful delete.
    ///   - didCancel: Called when the form is left without writing.
    public init(
      didSave: @escaping @MainActor (LedgerEdit) -> Void = { _ in },
      didDelete: @escaping @MainActor (Transaction) -> Void = { _ in },
      didCancel: @escaping @MainActor () -> Void = {}
    ) {
      self.didSave = didSave
      self.didDelete = didDelete
      self.didCancel = didCancel
    }
  }

  /// Whether the form adds or edits, and which entry.
  public let mode: Mode
  /// The text of each field as the user typed it (or as pre-filled for an edit).
  public private(set) var text: [Field: String]
  /// Why a field's text was refused; empty when every field is valid so far.
  public private(set) var errors: [Field: String] = [:]
  /// Why the last save or delete failed in the store, or `nil`.
  public private(set) var saveError: String?

  @ObservationIgnored public var actions = Actions()
  private let editor: LedgerEditor
  /// The stored entry an edit is based on: what the store compares before it writes.
  private var original: Transaction?
  private let parser: AmountParser
  private let clock: LedgerClock

  /// Opens an empty form for a new expense on `defaultDay`.
  public init(
    addingOn defaultDay: Day, editor: LedgerEditor, currency: Currency, clock: LedgerClock
  ) {
    self.mode = .add(defaultDay: defaultDay)
    self.editor = editor
    self.parser = AmountParser(currency: currency)
    self.clock = clock
    self.text = [.kind: "expense", .amount: "", .category: "", .memo: "", .date: defaultDay.iso]
  }

  /// Opens a form pre-filled with an existing entry.
  /// - Parameter entry: The entry as stored now: a save or delete writes only while the stored
  ///   entry is still exactly this one, and otherwise reports a ``conflict``.
  public init(
    editing entry: Transaction, editor: LedgerEditor, currency: Currency, clock: LedgerClock
  ) {
    self.mode = .edit(entry.id)
    self.original = entry
    self.editor = editor
    self.parser = AmountParser(currency: currency)
    self.clock = clock
    self.text = [
      .kind: entry.kind.rawValue,
      .amount: currency.decimalString(minorUnits: entry.amount.minorUnits),
      .category: entry.category, .memo: entry.memo, .date: entry.day.iso,
    ]
  }

  /// What another window did to the entry since this form opened it, when a save or delete found
  /// it out; nothing was written then. ``restartFromCurrent()`` starts over from the entry as it
  /// is now.
  public private(set) var conflict: EntryConflict?

  /// Puts the entry as it is now in every field, to edit again from there after a ``conflict``.
  /// - Returns: `false` when the entry was deleted elsewhere (the form has nothing to edit).
  @discardableResult
  public func restartFromCurrent() -> Bool {
    guard case .changed(let current) = conflict else { return false }
    original = current
    conflict = nil
    saveError = nil
    errors = [:]
    text = [
      .kind: current.kind.rawValue,
      .amount: parser.currency.decimalString(minorUnits: current.amount.minorUnits),
      .category: current.category, .memo: current.memo, .date: current.day.iso,
    ]
    return true
  }

  /// Whether the form edits an existing entry (rather than adding one).
  public var isEditing: Bool {
    if case .edit = mode { return true }
    return false
  }

  /// The current text of a field.
  public subscript(field: Field) -> String { text[field] ?? "" }

  /// Sets a field and validates it at once.
  /// - Returns: The reason the text was refused, or `nil` when it is valid. Other fields keep
  ///   what was entered either way.
  @discardableResult
  public func set(_ field: Field, to value: String) -> String? {
    text[field] = value
    let error = validate(field)
    errors[field] = error
    return error
  }

  /// Validates every field and writes the entry.
  /// - Returns: The saved edit, or `nil` when a field is invalid (see ``errors``) or the store
  ///   refused the write (see ``saveError``); nothing is written then.
  @discardableResult
  public func save() async -> LedgerEdit? {
    saveError = nil
    for field in Field.allCases { errors[field] = validate(field) }
    guard errors.isEmpty, let draft = try? makeDraft() else { return nil }
    do {
      let edit: LedgerEdit
      switch mode {
      case .add:
        edit = .added(try await editor.add(draft))
      case .edit(let id):
        guard let original else { throw LedgerError.unknownTransaction(id.rawValue) }
        let (before, after) = try await editor.update(original, to: draft)
        edit = .edited(before: before, after: after)
      }
      actions.didSave(edit)
      return edit
    } catch {
      noteConflict(error)
      saveError = String(describing: error)
      return nil
    }
  }

  /// Deletes the entry being edited.
  /// - Returns: The removed entry, or `nil` in add mode or when the store refused.
  @discardableResult
  public func delete() async -> Transaction? {
    guard case .edit = mode, let original else { return nil }
    do {
      let removed = try await editor.delete(original)
      actions.didDelete(removed)
      return removed
    } catch {
      noteConflict(error)
      saveError = String(describing: error)
      return nil
    }
  }

  /// Leaves the form; nothing is written.
  public func cancel() {
    actions.didCancel()
  }

  /// Records what another window did, when `error` says the entry changed under this form.
  private func noteConflict(_ error: any Error) {
    guard case .staleTransaction(let expected, let current)? = error as? LedgerError else { return }
    conflict = current.map(EntryConflict.changed) ?? .deleted(expected)
  }

  // MARK: - Validation

  private func validate(_ field: Field) -> String? {
    do {
      switch field {
      case .kind: _ = try TransactionRules.kind(self[.kind])
      case .amount: _ = try parser.parse(self[.amount])
      case .category: _ = try TransactionRules.category(self[.category])
      case .memo: _ = try TransactionRules.memo(self[.memo])
      case .date: _ = try Day(userInput: self[.date], today: clock.today)
      }
      return nil
    } catch {
      return String(describing: error)
    }
  }

  private func makeDraft() throws -> TransactionDraft {
    try TransactionDraft(
      day: Day(userInput: self[.date], today: clock.today),
      kind: TransactionRules.kind(self[.kind]),
      amount: parser.parse(self[.amount]), category: self[.category], memo: self[.memo])
  }
}
