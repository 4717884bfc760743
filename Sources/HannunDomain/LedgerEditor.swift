import Foundation

/// Adds, edits and deletes entries and keeps the history that undo and redo walk.
///
/// Undo reverts the latest change; redo re-applies it; a new change after an undo drops the redo
/// steps. A deleted entry comes back with its original id and stamps. A step that fails (the entry
/// was changed elsewhere) stays where it was, so nothing is lost from the history.
public actor LedgerEditor {
  private let repository: any TransactionRepository
  private let clock: LedgerClock
  private let makeID: @Sendable () -> TransactionID
  private var undoSteps: [LedgerEdit] = []
  private var redoSteps: [LedgerEdit] = []

  /// - Parameters:
  ///   - repository: Where entries are written.
  ///   - clock: Supplies the created and updated stamps.
  ///   - makeID: Makes ids for new entries.
  public init(
    repository: any TransactionRepository, clock: LedgerClock,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.repository = repository
    self.clock = clock
    self.makeID = makeID
  }

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }

  /// Writes a new entry.
  /// - Returns: The stored entry with its new id.
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

  /// Replaces an entry's fields; the day may move to another month.
  /// - Returns: The entry before and after.
  @discardableResult
  public func update(id: TransactionID, to draft: TransactionDraft) async throws -> (
    before: Transaction, after: Transaction
  ) {
    guard let before = try await repository.transaction(withID: id) else {
      throw LedgerError.unknownTransaction(id.rawValue)
    }
    var after = before
    after.day = draft.day
    after.kind = draft.kind
    after.amount = draft.amount
    after.category = draft.category
    after.memo = draft.memo
    after.updatedAt = stamp()
    try await repository.update(after)
    record(.edited(before: before, after: after))
    return (before, after)
  }

  /// Removes an entry.
  /// - Returns: The removed entry, for the message and for undo.
  @discardableResult
  public func delete(id: TransactionID) async throws -> Transaction {
    let removed = try await repository.delete(id: id)
    record(.deleted(removed))
    return removed
  }

  /// Reverts the latest change not yet undone.
  /// - Returns: The edit that was reverted, or `nil` when there is nothing to undo.
  public func undo() async throws -> LedgerEdit? {
    guard let step = undoSteps.last else { return nil }
    switch step {
    case .added(let entry): try await repository.delete(id: entry.id)
    case .edited(let before, _): try await repository.update(before)
    case .deleted(let entry): try await repository.insert(entry)
    }
    undoSteps.removeLast()
    redoSteps.append(step)
    return step
  }

  /// Re-applies the latest undone change.
  /// - Returns: The edit that was re-applied, or `nil` when there is nothing to redo.
  public func redo() async throws -> LedgerEdit? {
    guard let step = redoSteps.last else { return nil }
    switch step {
    case .added(let entry): try await repository.insert(entry)
    case .edited(_, let after): try await repository.update(after)
    case .deleted(let entry): try await repository.delete(id: entry.id)
    }
    redoSteps.removeLast()
    undoSteps.append(step)
    return step
  }

  /// The clock's instant to the millisecond, the precision entries are stored with, so that an
  /// entry handed back equals the same entry read again later.
  private func stamp() -> Date {
    let milliseconds = (clock.currentInstant.timeIntervalSince1970 * 1000).rounded()
    return Date(timeIntervalSince1970: milliseconds / 1000)
  }

  private func record(_ edit: LedgerEdit) {
    undoSteps.append(edit)
    redoSteps.removeAll()
  }
}
