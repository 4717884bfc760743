import HannunDomain
import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Recurring rules and their due occurrences: the list of rules, what is due today, and the
/// user's actions on them — add, change and remove a rule; confirm, skip or change an
/// occurrence. Every action is one write of the repository, made on the plan as stored at that
/// moment; the calendar shows the result through its own plan (``CalendarViewModel/plan``).
@MainActor
@Observable
public final class RecurringViewModel {
  /// The rules and decisions as last read.
  public private(set) var plan: RecurringPlan = .empty
  /// Why the last read failed, or `nil`.
  public private(set) var loadFailure: AppError?
  /// The language of labels and messages.
  public let language: DisplayLanguage
  /// Formats amounts in the ledger's currency.
  public let money: MoneyFormatter

  private let repository: any RecurringRepository
  private let entries: any TransactionRepository
  private let clock: LedgerClock
  private let makeID: @Sendable () -> TransactionID

  /// A model over one store that keeps both rules and entries.
  /// - Parameters:
  ///   - repository: Where rules and entries are kept.
  ///   - clock: Decides what is due and stamps confirmed entries.
  ///   - currency: The ledger's currency.
  ///   - language: Labels and messages.
  ///   - makeID: Makes ids for confirmed entries.
  public convenience init(
    repository: some RecurringRepository & TransactionRepository, clock: LedgerClock,
    currency: Currency, language: DisplayLanguage,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.init(
      rules: repository, entries: repository, clock: clock, currency: currency,
      language: language, makeID: makeID)
  }

  /// A model over a ledger's rules and its entries.
  /// - Parameters:
  ///   - rules: Where rules and decisions are kept; confirming one occurrence adds its entry
  ///     here.
  ///   - entries: The same ledger's entries: confirming every due occurrence is one atomic write
  ///     of them (``TransactionRepository/commit(_:)``).
  ///   - clock: Decides what is due and stamps confirmed entries.
  ///   - currency: The ledger's currency.
  ///   - language: Labels and messages.
  ///   - makeID: Makes ids for confirmed entries.
  public init(
    rules: any RecurringRepository, entries: any TransactionRepository, clock: LedgerClock,
    currency: Currency, language: DisplayLanguage,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.repository = rules
    self.entries = entries
    self.clock = clock
    self.language = language
    self.money = MoneyFormatter(currency: currency)
    self.makeID = makeID
  }

  // MARK: - State

  /// The rules, in id order.
  public var rules: [RecurringRule] { plan.rules }
  /// The clock's day.
  public var today: Day { clock.today }
  /// Planned occurrences on or before today, oldest first: what waits for a confirmation.
  public var due: [Occurrence] { plan.due(asOf: clock.today) }

  // MARK: - Inputs

  /// The entry with this id as stored now, or `nil` when there is none or it cannot be read.
  func storedEntry(_ id: TransactionID) async -> Transaction? {
    (try? await entries.transaction(withID: id)) ?? nil
  }

  /// The rules and decisions as stored now, read without showing them (``plan`` is left as it
  /// is).
  /// - Throws: A storage error.
  func storedPlan() async throws -> RecurringPlan { try await repository.recurringPlan() }

  /// Reads the plan; writes nothing.
  public func load() async {
    do {
      plan = try await repository.recurringPlan()
      loadFailure = nil
    } catch {
      loadFailure = AppError(error)
    }
  }

  /// Adds a rule.
  /// - Parameter template: The rule's fields; it gets the next id.
  /// - Returns: The rule as stored.
  /// - Throws: What the repository throws.
  public func add(_ template: RecurringRule) async throws -> RecurringRule {
    try await write { plan throws(RecurringError) in plan.add(template) }
  }

  /// Changes some fields of a rule; occurrences already decided stay as they are.
  /// - Parameters:
  ///   - id: The rule.
  ///   - changes: The new values.
  /// - Returns: The rule as stored now.
  /// - Throws: ``LedgerError/recurring(_:)`` for an unknown rule or an end before the start.
  public func edit(_ id: RecurringRuleID, _ changes: RecurringRuleChanges) async throws
    -> RecurringRule
  {
    try await write { plan throws(RecurringError) in
      let changed = try changes.applied(to: try plan.rule(id))
      try plan.replace(changed)
      return changed
    }
  }

  /// Removes a rule and what was decided about it; entries it became stay.
  /// - Parameter id: The rule.
  /// - Returns: The removed rule.
  /// - Throws: ``LedgerError/recurring(_:)`` for an unknown rule.
  public func remove(_ id: RecurringRuleID) async throws -> RecurringRule {
    try await write { plan throws(RecurringError) in try plan.remove(id) }
  }

  /// Turns one planned occurrence into an entry, once.
  /// - Parameter key: The occurrence.
  /// - Returns: The new entry.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned (any more).
  public func confirm(_ key: OccurrenceKey) async throws -> Transaction {
    let makeID = self.makeID
    let clock = self.clock
    do {
      let entry = try await repository.confirm(key) { occurrence in
        occurrence.transaction(id: makeID(), stamp: clock.currentInstant)
      }
      await load()
      return entry
    } catch {
      await load()
      throw error
    }
  }

  /// Confirms every occurrence due when the write commits, in one write: their entries and the
  /// decisions together, all of them or none. What is due is decided under the store's write
  /// lock on the plan as stored then, so one that another process confirmed or skipped
  /// meanwhile is left out, not an error, and none is posted twice.
  /// - Returns: The new entries, oldest first.
  /// - Throws: What the write throws; nothing is confirmed then.
  public func confirmAllDue() async throws -> [Transaction] {
    let makeID = self.makeID
    let today = clock.today
    // To the millisecond, as stored, so that the entries returned are the entries stored.
    let milliseconds = (clock.currentInstant.timeIntervalSince1970 * 1000).rounded()
    let stamp = Date(timeIntervalSince1970: milliseconds / 1000)
    do {
      let entries = try await self.entries.commit { snapshot in
        let plan = try snapshot.recurringPlan()
        var entries: [Transaction] = []
        var decisions: [RecurringEdit.DecisionChange] = []
        for occurrence in plan.due(asOf: today) {
          let entry = occurrence.transaction(id: makeID(), stamp: stamp)
          entries.append(entry)
          decisions.append(
            RecurringEdit.DecisionChange(
              key: occurrence.key, before: plan.decisions[occurrence.key],
              after: .confirmed(entry.id)))
        }
        let write = LedgerWrite(
          entries: entries.map(EntryChange.insert),
          recurring: RecurringEdit(rules: [], decisions: decisions))
        return (write, entries)
      }
      await load()
      return entries
    } catch {
      await load()
      throw error
    }
  }

  /// Records that one occurrence will not happen; its rule is untouched.
  /// - Parameter key: The occurrence.
  /// - Returns: The occurrence as it was planned.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned.
  public func skip(_ key: OccurrenceKey) async throws -> Occurrence {
    try await write { plan throws(RecurringError) in try plan.skip(key) }
  }

  /// Changes one occurrence's amount, memo or day; its rule is untouched.
  /// - Parameters:
  ///   - key: The occurrence.
  ///   - change: This time's differences.
  /// - Returns: The occurrence as now planned.
  /// - Throws: ``LedgerError/recurring(_:)`` when it is not planned.
  public func change(_ key: OccurrenceKey, _ change: OccurrenceChange) async throws -> Occurrence {
    try await write { plan throws(RecurringError) in try plan.change(key, change) }
  }

  private func write<Result: Sendable>(
    _ change: @escaping @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    let result = try await repository.changePlan(change)
    await load()
    return result
  }
}
