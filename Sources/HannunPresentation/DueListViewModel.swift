import HannunDomain
import Observation

/// The screen of recurring occurrences due by today, waiting for a decision, and the intents on
/// them: confirm (one, several, or all), skip, or change this time's amount, memo or day. Items
/// are named by their key or by their position in ``due`` as last drawn (from 1). After a confirm
/// that spends, ``notices`` holds the budgets it took over their limit, as after an `add`.
@MainActor
@Observable
public final class DueListViewModel: ClosableScreen {
  /// What the last intent did.
  public enum Action: Hashable, Sendable {
    /// These occurrences became these entries, oldest first (none when nothing was due).
    case confirmed([Transaction])
    /// These occurrences will not happen.
    case skipped([Occurrence])
    /// This occurrence is now planned so; its rule is untouched.
    case changed(Occurrence)
  }

  /// What the last successful intent did, or `nil` before any.
  public private(set) var lastAction: Action?
  /// The budgets the last confirm took (or keeps) over their limit, a notice a month; empty
  /// after any other intent, or when no budget is over.
  public private(set) var notices: [BudgetNotice] = []
  /// Why the last intent or read failed, or `nil`.
  public private(set) var failure: AppError?
  /// Called once when the screen is closed.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}

  private let recurring: RecurringViewModel
  /// Why the rules could not be read the last time they were (a `recurring.json` damaged or
  /// replaced by a link since), or `nil`; unlike ``failure``, never an intent's refusal.
  public var readFailure: AppError? { recurring.loadFailure }
  private let budgets: BudgetViewModel
  private let rereadsBudgets: Bool

  /// A due list over a ledger's rules; nothing is read until ``load()``.
  /// - Parameters:
  ///   - recurring: The ledger's rules and the writes on them.
  ///   - budgets: The ledger's budgets, for the notices after a confirm.
  ///   - rereadsBudgets: Whether the budgets are read again before the notices (see
  ///     ``BudgetViewModel/notices(afterSaving:rereading:)``).
  public init(recurring: RecurringViewModel, budgets: BudgetViewModel, rereadsBudgets: Bool = true)
  {
    self.recurring = recurring
    self.budgets = budgets
    self.rereadsBudgets = rereadsBudgets
  }

  /// Occurrences on or before today not yet decided, oldest first, as last read.
  public var due: [Occurrence] { recurring.due }
  /// The clock's day.
  public var today: Day { recurring.today }
  /// Formats amounts in the ledger's currency.
  public var money: MoneyFormatter { recurring.money }
  /// The rules and decisions as last read, for the occurrence a form changes.
  var plan: RecurringPlan { recurring.plan }

  /// Reads the plan again.
  /// - Throws: Why it could not be read (a damaged `recurring.json`), also kept in ``failure``.
  public func load() async throws {
    await recurring.load()
    failure = recurring.loadFailure
    if let failure { throw failure }
  }

  /// The key of the item at a position of ``due``.
  /// - Parameter position: From 1.
  /// - Returns: Its key.
  /// - Throws: ``DueListError/noSuchPosition(_:count:)``.
  public func key(at position: Int) throws(DueListError) -> OccurrenceKey {
    let due = self.due
    guard position >= 1, position <= due.count else {
      throw .noSuchPosition(position, count: due.count)
    }
    return due[position - 1].key
  }

  /// Confirms one occurrence: it becomes an entry, once.
  /// - Parameter key: The occurrence.
  /// - Returns: The new entry.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned (any more); nothing is
  ///   written then.
  @discardableResult
  public func confirm(_ key: OccurrenceKey) async throws -> Transaction {
    try await confirmed(run { try await [$0.confirm(key)] })[0]
  }

  /// Confirms the items at some positions of ``due``, oldest first; a position named twice
  /// counts once. Every position is checked before anything is written.
  /// - Parameter positions: From 1.
  /// - Returns: The new entries.
  /// - Throws: ``DueListError`` for a bad position (nothing is written), or what
  ///   ``confirm(_:)`` throws (the ones before it stay confirmed).
  @discardableResult
  public func confirm(positions: [Int]) async throws -> [Transaction] {
    let keys = try keys(at: positions)
    return try await confirmed(
      run { recurring in
        var entries: [Transaction] = []
        for key in keys { entries.append(try await recurring.confirm(key)) }
        return entries
      })
  }

  /// Confirms every occurrence due when the write commits, in one write
  /// (``RecurringViewModel/confirmAllDue()``).
  /// - Returns: The new entries, oldest first.
  /// - Throws: What the write throws; nothing is confirmed then.
  @discardableResult
  public func confirmAll() async throws -> [Transaction] {
    try await confirmed(run { try await $0.confirmAllDue() })
  }

  /// Records that one occurrence will not happen; its rule is untouched.
  /// - Parameter key: The occurrence.
  /// - Returns: The occurrence as it was planned.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned; nothing is written then.
  @discardableResult
  public func skip(_ key: OccurrenceKey) async throws -> Occurrence {
    let skipped = try await run { try await $0.skip(key) }
    finish(.skipped([skipped]))
    return skipped
  }

  /// Skips the items at some positions of ``due``; a position named twice counts once. Every
  /// position is checked before anything is written.
  /// - Parameter positions: From 1.
  /// - Returns: The occurrences skipped, oldest first.
  /// - Throws: ``DueListError`` for a bad position (nothing is written), or what ``skip(_:)``
  ///   throws.
  @discardableResult
  public func skip(positions: [Int]) async throws -> [Occurrence] {
    let keys = try keys(at: positions)
    let skipped = try await run { recurring in
      var skipped: [Occurrence] = []
      for key in keys { skipped.append(try await recurring.skip(key)) }
      return skipped
    }
    finish(.skipped(skipped))
    return skipped
  }

  /// Changes one occurrence's amount, memo or day; its rule is untouched.
  /// - Parameters:
  ///   - key: The occurrence.
  ///   - change: This time's differences.
  /// - Returns: The occurrence as now planned.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned; nothing is written then.
  @discardableResult
  public func change(_ key: OccurrenceKey, _ change: OccurrenceChange) async throws -> Occurrence {
    let changed = try await run { try await $0.change(key, change) }
    finish(.changed(changed))
    return changed
  }

  /// Closes the screen; what was written stays written.
  public func close() { didClose() }

  // MARK: - Sent again

  /// An intent on the list, as a frontend may send it again after its answer was lost (see
  /// ``alreadyDone(_:)``).
  public enum Intent: Hashable, Sendable {
    /// ``confirm(_:)`` of one occurrence.
    case confirm(OccurrenceKey)
    /// ``confirmAll()``.
    case confirmAll
    /// ``skip(_:)`` of one occurrence.
    case skip(OccurrenceKey)
  }

  /// What `intent` did, when the rules and decisions as last read (``load()``) already hold it —
  /// the occurrence confirmed (with the entry it became, when that is still stored), skipped (as
  /// its rule planned it), or nothing left due — so that an intent sent again is answered as done
  /// instead of refused. `nil` when the ledger does not hold it (it was not made) or the rules
  /// could not be read. Nothing is written.
  public func alreadyDone(_ intent: Intent) async -> Action? {
    guard failure == nil else { return nil }
    switch intent {
    case .confirm(let key):
      guard case .confirmed(let id)? = plan.decisions[key] else { return nil }
      return .confirmed(await recurring.storedEntry(id).map { [$0] } ?? [])
    case .confirmAll:
      return due.isEmpty ? .confirmed([]) : nil
    case .skip(let key):
      guard case .skipped? = plan.decisions[key],
        let rule = plan.rules.first(where: { $0.id == key.rule })
      else { return nil }
      return .skipped([Occurrence(rule: rule, date: key.date, change: nil)])
    }
  }

  // MARK: - Helpers

  private func keys(at positions: [Int]) throws(DueListError) -> [OccurrenceKey] {
    guard !positions.isEmpty else { throw .nothingChosen(count: due.count) }
    var keys: [OccurrenceKey] = []
    for position in Set(positions).sorted() { keys.append(try key(at: position)) }
    return keys
  }

  /// Records a confirm and the budget notices its entries bring.
  private func confirmed(_ entries: [Transaction]) async -> [Transaction] {
    finish(.confirmed(entries))
    notices = await budgets.notices(afterSaving: entries, rereading: rereadsBudgets)
    return entries
  }

  private func finish(_ action: Action) {
    lastAction = action
    notices = []
  }

  private func run<Result>(
    _ write: (RecurringViewModel) async throws -> Result
  ) async throws -> Result {
    do {
      let result = try await write(recurring)
      failure = nil
      return result
    } catch {
      failure = AppError(error)
      throw error
    }
  }
}

/// A choice in the due list that names no item.
public enum DueListError: Error, Equatable, Sendable {
  /// No item at this position (from 1); the list has `count`.
  case noSuchPosition(Int, count: Int)
  /// No position was given; the list has `count`.
  case nothingChosen(count: Int)
}
