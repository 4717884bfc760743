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
    /// A new entry, dated `defaultDay` until another day is entered.
    case add(defaultDay: Day)
    /// The stored entry with this id; saving updates it.
    case edit(TransactionID)
  }

  /// The fields, in the order a form walks them.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// Income or expense.
    case kind
    /// How much, in the ledger's currency.
    case amount
    /// The category the entry is counted under.
    case category
    /// A free note; may be empty.
    case memo
    /// The calendar day the entry belongs to.
    case date
  }

  /// What the form tells whoever presented it.
  public struct Actions {
    /// The entry was written; the edit is what undo would revert.
    public var didSave: @MainActor (LedgerEdit) -> Void
    /// The entry being edited was deleted.
    public var didDelete: @MainActor (Transaction) -> Void
    /// The user left the form; nothing was written.
    public var didCancel: @MainActor () -> Void

    /// Callbacks for a form; any left out do nothing.
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
  /// Income or expense.
  public private(set) var kind: TransactionKind
  /// The amount, or `nil` while a new entry has none yet.
  public private(set) var amount: Amount?
  /// The category, as entered (checked by ``TransactionRules`` when set).
  public private(set) var category: String
  /// The memo, as entered.
  public private(set) var memo: String
  /// The day the entry belongs to.
  public private(set) var day: Day
  /// Why a field was refused; empty when every field is valid so far.
  public private(set) var errors: [Field: AppError] = [:]
  /// Why the last save or delete failed in the store, or `nil`.
  public private(set) var saveError: AppError?

  /// Where the form reports a save, delete or cancel; the coordinator sets it when it presents
  /// the form.
  @ObservationIgnored public var actions = Actions()
  private let editor: LedgerEditor
  /// The stored entry an edit is based on: what the store compares before it writes.
  private var original: Transaction?
  /// Reads typed text for ``enter(_:for:shownMonth:)``.
  private let parser: AmountParser

  /// Formats amounts in the ledger's currency, for frontends that show the form.
  public var money: MoneyFormatter { MoneyFormatter(currency: parser.currency) }
  private let clock: LedgerClock

  /// Opens an empty form for a new expense on `defaultDay`.
  /// - Parameters:
  ///   - defaultDay: The day a new entry gets unless another is set.
  ///   - editor: Writes the entry, so that undo can revert it.
  ///   - currency: The ledger's currency, for ``enter(_:for:)``.
  ///   - clock: Today, for relative dates typed into ``enter(_:for:)``.
  public init(
    addingOn defaultDay: Day, editor: LedgerEditor, currency: Currency, clock: LedgerClock
  ) {
    self.mode = .add(defaultDay: defaultDay)
    self.editor = editor
    self.parser = AmountParser(currency: currency)
    self.clock = clock
    self.kind = .expense
    self.amount = nil
    self.category = ""
    self.memo = ""
    self.day = defaultDay
  }

  /// Opens a form pre-filled with an existing entry.
  /// - Parameters:
  ///   - entry: The entry as stored now: a save or delete writes only while the stored entry is
  ///     still exactly this one, and otherwise reports a ``conflict``.
  ///   - editor: Writes the change.
  ///   - currency: The ledger's currency.
  ///   - clock: Today.
  public init(
    editing entry: Transaction, editor: LedgerEditor, currency: Currency, clock: LedgerClock
  ) {
    self.mode = .edit(entry.id)
    self.original = entry
    self.editor = editor
    self.parser = AmountParser(currency: currency)
    self.clock = clock
    self.kind = entry.kind
    self.amount = entry.amount
    self.category = entry.category
    self.memo = entry.memo
    self.day = entry.day
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
    kind = current.kind
    amount = current.amount
    category = current.category
    memo = current.memo
    day = current.day
    return true
  }

  /// Whether the form edits an existing entry (rather than adding one).
  public var isEditing: Bool {
    if case .edit = mode { return true }
    return false
  }

  // MARK: - Input, as values

  /// Sets income or expense.
  /// - Parameter kind: The new kind; it clears the kind's error.
  public func setKind(_ kind: TransactionKind) {
    self.kind = kind
    errors[.kind] = nil
  }

  /// Sets the amount.
  /// - Parameter amount: The new amount, already valid; it clears the amount's error.
  public func setAmount(_ amount: Amount) {
    self.amount = amount
    errors[.amount] = nil
  }

  /// Sets the category, checked at once by ``TransactionRules``.
  /// - Parameter category: The category as typed.
  /// - Returns: Why it was refused, or `nil`. The form keeps what was entered either way.
  @discardableResult
  public func setCategory(_ category: String) -> AppError? {
    self.category = category
    return check(.category) { try TransactionRules.category(category) }
  }

  /// Sets the memo, checked at once by ``TransactionRules``.
  /// - Parameter memo: The memo as typed; blank is allowed.
  /// - Returns: Why it was refused, or `nil`. The form keeps what was entered either way.
  @discardableResult
  public func setMemo(_ memo: String) -> AppError? {
    self.memo = memo
    return check(.memo) { try TransactionRules.memo(memo) }
  }

  /// Sets the day.
  /// - Parameter day: The day the entry belongs to; it clears the date's error.
  public func setDay(_ day: Day) {
    self.day = day
    errors[.date] = nil
  }

  /// Reads a field as a person typed it — `3만5천`, `지출`, `어제` — with the Domain's rules, once,
  /// and sets its value; for frontends that take text (a terminal, a web form).
  /// - Parameters:
  ///   - text: What was typed.
  ///   - field: The field it is for.
  ///   - shownMonth: The month on screen, for dates without a month (`3일`); `nil` for today's.
  /// - Returns: Why the text was refused, or `nil`; a refused text changes nothing but
  ///   ``errors``.
  @discardableResult
  public func enter(_ text: String, for field: Field, shownMonth: YearMonth? = nil) -> AppError? {
    do {
      switch field {
      case .kind: setKind(try TransactionRules.kind(text))
      case .amount: setAmount(try parser.parse(text))
      case .category: return setCategory(text)
      case .memo: return setMemo(text)
      case .date:
        setDay(try Day(userInput: text, today: clock.today, shownMonth: shownMonth))
      }
      return nil
    } catch {
      let refused = AppError(error)
      errors[field] = refused
      return refused
    }
  }

  /// The value of a field as text a person can edit and ``enter(_:for:shownMonth:)`` reads back:
  /// `12000`, `expense`, `2025-11-03`; empty for a missing amount.
  /// - Parameter field: The field to show.
  /// - Returns: The field's current value as text.
  public func editableText(of field: Field) -> String {
    switch field {
    case .kind: kind.rawValue
    case .amount: amount.map { parser.currency.decimalString(minorUnits: $0.minorUnits) } ?? ""
    case .category: category
    case .memo: memo
    case .date: day.iso
    }
  }

  /// Keeps why `field` was refused, for ``refuse(_:because:)``.
  func markRefused(_ field: Field, _ error: AppError) {
    errors[field] = error
  }

  private func check(_ field: Field, _ rule: () throws -> Any) -> AppError? {
    do {
      _ = try rule()
      errors[field] = nil
      return nil
    } catch {
      let refused = AppError(error)
      errors[field] = refused
      return refused
    }
  }

  /// Validates every field and writes the entry.
  /// - Returns: The saved edit, or `nil` when a field is invalid (see ``errors``) or the store
  ///   refused the write (see ``saveError``); nothing is written then.
  @discardableResult
  public func save() async -> LedgerEdit? {
    saveError = nil
    conflict = nil
    // A refused amount keeps its own reason; only a field never filled is "missing".
    if amount == nil, errors[.amount] == nil { errors[.amount] = .amount(.empty) }
    setCategory(category)
    setMemo(memo)
    guard errors.isEmpty, let amount else { return nil }
    do {
      let draft = try TransactionDraft(
        day: day, kind: kind, amount: amount, category: category, memo: memo)
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
      saveError = AppError(error)
      return nil
    }
  }

  /// Deletes the entry being edited.
  /// - Returns: The removed entry, or `nil` in add mode or when the store refused.
  @discardableResult
  public func delete() async -> Transaction? {
    guard case .edit = mode, let original else { return nil }
    saveError = nil
    conflict = nil
    do {
      let removed = try await editor.delete(original)
      actions.didDelete(removed)
      return removed
    } catch {
      noteConflict(error)
      saveError = AppError(error)
      return nil
    }
  }

  /// Leaves the form; nothing is written.
  public func cancel() {
    actions.didCancel()
  }

  /// Records what another window did, when `error` says the entry changed under this form.
  private func noteConflict(_ error: any Error) {
    conflict = EntryConflict(refusing: error)
  }
}
