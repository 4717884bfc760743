import HannunDomain

/// Recurring rules in memory, with the file store's guarantees: a change runs on the plan as
/// stored, and a confirmation checks the occurrence and adds the entry in one step of the actor,
/// so it posts once.
extension InMemoryTransactionRepository: RecurringRepository {
  /// The plan as stored now.
  public func recurringPlan() async throws -> RecurringPlan { storedPlan }

  /// Changes the plan; nothing changes when `change` throws.
  public func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    var plan = storedPlan
    let result: Result
    do throws(RecurringError) { result = try change(&plan) } catch {
      throw LedgerError.recurring(error)
    }
    storedPlan = plan
    feed.publish(months: [])
    return result
  }

  /// Adds the occurrence's entry and records the decision together.
  public func confirm(
    _ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction
  ) async throws -> Transaction {
    var plan = storedPlan
    let entry: Transaction
    do throws(RecurringError) {
      entry = makeEntry(try plan.occurrence(key))
      try plan.confirm(key, as: entry.id)
    } catch {
      throw LedgerError.recurring(error)
    }
    // `insert` does not suspend, so no other call runs between the check and the write; the
    // change it publishes is not of entries only, so a calendar reads the plan again.
    try insert(entry, entriesOnly: false)
    storedPlan = plan
    return entry
  }

  /// Replaces the plan without publishing a change, as another process writing the same ledger
  /// would.
  /// - Parameter plan: The new plan.
  public func replacePlanUnannounced(_ plan: RecurringPlan) {
    unannouncedWrites += 1
    storedPlan = plan
  }
}
