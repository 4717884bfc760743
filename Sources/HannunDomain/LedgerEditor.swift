import Foundation

/// Adds, edits and deletes entries and keeps the history that undo and redo walk.
///
/// Undo reverts the latest change; redo re-applies it; a new change after an undo drops the redo
/// steps. A deleted entry comes back with its original id and stamps. A step that fails (the entry
/// was changed elsewhere) stays where it was, so nothing is lost from the history.
public actor LedgerEditor {
  let repository: any TransactionRepository
  /// Where ``setMood(_:on:)`` writes.
  let moods: any MoodRepository
  private let clock: LedgerClock
  let makeID: @Sendable () -> TransactionID
  private var undoSteps: [LedgerEdit] = []
  private var redoSteps: [LedgerEdit] = []

  /// An editor with an empty history over a ledger's entries and mood diary.
  /// - Parameters:
  ///   - entries: Where entries are written.
  ///   - moods: Where moods are written: the same ledger's diary.
  ///   - clock: Supplies the created and updated stamps.
  ///   - makeID: Makes ids for new entries.
  public init(
    entries: any TransactionRepository, moods: any MoodRepository, clock: LedgerClock,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.repository = entries
    self.moods = moods
    self.clock = clock
    self.makeID = makeID
  }

  /// An editor with an empty history over a store that keeps both entries and moods.
  /// - Parameters:
  ///   - repository: Where entries and moods are written.
  ///   - clock: Supplies the created and updated stamps.
  ///   - makeID: Makes ids for new entries.
  public init(
    repository: some TransactionRepository & MoodRepository, clock: LedgerClock,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.init(entries: repository, moods: repository, clock: clock, makeID: makeID)
  }

  /// Whether ``undo()`` has a change to revert.
  public var canUndo: Bool { !undoSteps.isEmpty }
  /// Whether ``redo()`` has an undone change to re-apply.
  public var canRedo: Bool { !redoSteps.isEmpty }
  /// The change ``undo()`` would revert next, or `nil`.
  public var nextUndo: LedgerEdit? { undoSteps.last }
  /// The change ``redo()`` would re-apply next, or `nil`.
  public var nextRedo: LedgerEdit? { redoSteps.last }

  /// Writes a new entry, stamped now, and records it for undo; the redo steps are dropped.
  /// - Parameter draft: The entry's fields.
  /// - Returns: The stored entry with its new id.
  /// - Throws: What the repository's ``TransactionRepository/insert(_:)`` throws; nothing is
  ///   recorded.
  @discardableResult
  public func add(_ draft: TransactionDraft) async throws -> Transaction {
    let now = stamp()
    let entry = Transaction(
      id: makeID(), day: draft.day, kind: draft.kind, amount: draft.amount,
      category: draft.category, memo: draft.memo, createdAt: now, updatedAt: now)
    try await repository.insert(entry)
    record(.added(entry))
    return entry
  }

  /// Replaces an entry's fields; the day may move to another month. The change is based on
  /// `entry` as the caller showed it: when the stored entry differs (another window changed or
  /// deleted it), nothing is written.
  /// - Parameters:
  ///   - entry: The entry as it was read.
  ///   - draft: Its new fields.
  /// - Returns: The entry before and after.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` with the stored entry, or
  ///   what the repository throws.
  @discardableResult
  public func update(_ entry: Transaction, to draft: TransactionDraft) async throws -> (
    before: Transaction, after: Transaction
  ) {
    var after = entry
    after.day = draft.day
    after.kind = draft.kind
    after.amount = draft.amount
    after.category = draft.category
    after.memo = draft.memo
    after.updatedAt = stamp()
    try await repository.update(entry, to: after)
    record(.edited(before: entry, after: after))
    return (entry, after)
  }

  /// Replaces the fields of the entry with this id as it is stored now.
  /// - Parameters:
  ///   - id: The entry's id.
  ///   - draft: Its new fields.
  /// - Returns: The entry before and after.
  /// - Throws: ``LedgerError/unknownTransaction(_:)``, or what ``update(_:to:)`` throws.
  @discardableResult
  public func update(id: TransactionID, to draft: TransactionDraft) async throws -> (
    before: Transaction, after: Transaction
  ) {
    guard let current = try await repository.transaction(withID: id) else {
      throw LedgerError.unknownTransaction(id.rawValue)
    }
    return try await update(current, to: draft)
  }

  /// Removes an entry, provided it is still stored exactly as `entry`.
  /// - Parameter entry: The entry as it was read.
  /// - Returns: The removed entry, for the message and for undo.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` with the stored entry, or
  ///   what the repository throws.
  @discardableResult
  public func delete(_ entry: Transaction) async throws -> Transaction {
    try await repository.delete(entry)
    record(.deleted(entry))
    return entry
  }

  /// Removes the entry with this id as it is stored now.
  /// - Parameter id: The entry's id.
  /// - Returns: The removed entry.
  /// - Throws: ``LedgerError/unknownTransaction(_:)``, or what the repository throws.
  @discardableResult
  public func delete(id: TransactionID) async throws -> Transaction {
    guard let current = try await repository.transaction(withID: id) else {
      throw LedgerError.unknownTransaction(id.rawValue)
    }
    return try await delete(current)
  }

  /// Writes several changes at once (``TransactionRepository/apply(_:)``) and records them as
  /// one step, which undo reverts and redo re-applies whole; the redo steps are dropped.
  /// - Parameter batch: The changes and why they are made; an empty batch writes and records
  ///   nothing.
  /// - Throws: What the repository's ``TransactionRepository/apply(_:)`` throws; nothing is
  ///   written or recorded.
  public func apply(_ batch: LedgerBatch) async throws {
    guard !batch.isEmpty else { return }
    let write = batch.write
    try await repository.commit { _ in (write, ()) }
    record(.batch(batch))
  }

  /// Reverts the latest change not yet undone.
  ///
  /// When the change can no longer be reverted because another writer changed what it touched
  /// (the entry was edited, deleted or re-added elsewhere), the step is dropped and reported with
  /// ``LedgerError/editNoLongerApplies(_:current:)``, so the next undo reaches the step before
  /// it. Any other failure (a full disk) keeps the step for another try.
  /// - Returns: The edit that was reverted, or `nil` when there is nothing to undo.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` for a dropped step, or what the
  ///   repository throws.
  public func undo() async throws -> LedgerEdit? {
    guard let step = undoSteps.last else { return nil }
    let undone = try await apply(step, reverting: true)
    undoSteps.removeLast()
    redoSteps.append(undone)
    return step
  }

  /// Re-applies the latest undone change; a step that can no longer apply is dropped and
  /// reported the same way as in ``undo()``.
  /// - Returns: The edit that was re-applied, or `nil` when there is nothing to redo; an undone
  ///   import is re-applied as an import (``LedgerEdit/imported(_:)``) of the rows the ledger
  ///   does not have again, which says what it added and left out.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` for a dropped step, or what the
  ///   repository throws.
  public func redo() async throws -> LedgerEdit? {
    guard let step = redoSteps.last else { return nil }
    let redone = try await apply(step, reverting: false)
    redoSteps.removeLast()
    // An import redone when another window had imported all of it adds nothing to undo.
    if case .imported(let imported) = redone, imported.count == 0 { return redone }
    undoSteps.append(redone)
    return redone
  }

  /// Writes a step forwards or backwards, each write based on the version the step left. When
  /// another writer got there first, the step is removed from the stack it was on and reported.
  /// - Returns: The step as the other stack keeps it: the step itself, or for an import undone
  ///   (kept by its ids), the batch that stores the entries it took away again, and for that
  ///   batch redone, the import it then is.
  private func apply(_ step: LedgerEdit, reverting: Bool) async throws -> LedgerEdit {
    do {
      switch (step, reverting) {
      case (.imported(let imported), true):
        let restored = try await removeImported(imported)
        return .batch(
          LedgerBatch(purpose: .importEntries(skipped: imported.skipped), changes: restored))
      case (.imported, false):
        // Never on the redo stack: an import undone is redone as the batch its undo kept.
        return step
      case (.added(let entry), true), (.deleted(let entry), false):
        try await repository.delete(entry)
      case (.added(let entry), false), (.deleted(let entry), true):
        try await repository.insert(entry)
      case (.edited(let before, let after), true): try await repository.update(after, to: before)
      case (.edited(let before, let after), false): try await repository.update(before, to: after)
      case (.batch(let batch), true):
        let write = batch.write.inverse
        try await repository.commit { _ in (write, ()) }
      case (.batch(let batch), false):
        if case .importEntries(let skipped) = batch.purpose {
          // An import undone is redone as an import: what another window imported meanwhile
          // is not added twice, and undo again removes by ids.
          return .imported(try await reimport(batch, skippedBefore: skipped))
        }
        let write = batch.write
        try await repository.commit { _ in (write, ()) }
      case (.mood(let edit), _): try await apply(edit, reverting: reverting)
      }
      return step
    } catch MoodError.staleMood {
      if reverting { undoSteps.removeLast() } else { redoSteps.removeLast() }
      throw LedgerError.editNoLongerApplies(step, current: nil)
    } catch let error as LedgerError {
      guard Self.isConflict(error) else { throw error }
      if reverting { undoSteps.removeLast() } else { redoSteps.removeLast() }
      var current: Transaction?
      if let id = Self.conflictID(error, step) {
        current = (try? await repository.transaction(withID: id)) ?? nil
      }
      throw LedgerError.editNoLongerApplies(step, current: current)
    }
  }

  /// Whether `error` means another writer got to the entry first.
  private static func isConflict(_ error: LedgerError) -> Bool {
    switch error {
    case .staleTransaction, .duplicateTransaction, .unknownTransaction, .staleBudgets: true
    case .recurring(let refusal):
      switch refusal {
      case .staleRule, .unknownRule, .alreadyConfirmed, .alreadySkipped, .notAnOccurrence: true
      case .badSchedule, .endBeforeStart: false
      }
    default: false
    }
  }

  /// The entry another writer got to first: the one the error names, which in a batch may be
  /// any of its entries.
  /// (`nil` when what changed was a budget or a rule, not an entry).
  private static func conflictID(_ error: LedgerError, _ step: LedgerEdit) -> TransactionID? {
    switch error {
    case .staleTransaction(let expected, _): expected.id
    case .duplicateTransaction(let id): id
    case .staleBudgets, .recurring: nil
    default: step.entryID
    }
  }

  /// The clock's instant to the millisecond, the precision entries are stored with, so that an
  /// entry handed back equals the same entry read again later.
  func stamp() -> Date {
    let milliseconds = (clock.currentInstant.timeIntervalSince1970 * 1000).rounded()
    return Date(timeIntervalSince1970: milliseconds / 1000)
  }

  func record(_ edit: LedgerEdit) {
    undoSteps.append(edit)
    redoSteps.removeAll()
  }
}
