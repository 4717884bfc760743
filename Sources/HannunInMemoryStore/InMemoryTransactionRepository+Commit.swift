import HannunDomain

/// Writes decided on the ledger as stored: `resolve` and the write run in one step of the actor
/// (nothing suspends between them), as the file store runs them under its write lock.
extension InMemoryTransactionRepository {
  /// Runs `resolve` on the repository as it is and makes the write it returns, all of it or
  /// none; publishes one change naming the entries' months. The error given to
  /// ``failNextWrite(with:)`` is thrown first.
  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    try consumeFailure()
    let (write, result) = try resolve(
      MemorySnapshot(
        entries: entries, budgets: storedBudgetPlan, plan: storedPlan))
    guard !write.isEmpty else { return result }
    var staged = entries
    try Self.stage(write.entries, in: &staged)
    let budgets = try storedBudgetPlan.applying(write.budgets)
    let plan: RecurringPlan
    do throws(RecurringError) { plan = try storedPlan.applying(write.recurring) } catch {
      throw LedgerError.recurring(error)
    }
    entries = staged
    storedBudgetPlan = budgets
    storedPlan = plan
    feed.publish(months: write.months)
    return result
  }

  /// Makes each change in order on `staged`, checked as a single write checks it.
  static func stage(_ changes: [EntryChange], in staged: inout [TransactionID: Transaction])
    throws(LedgerError)
  {
    for change in changes {
      switch change {
      case .insert(let entry):
        guard staged[entry.id] == nil else { throw .duplicateTransaction(entry.id) }
        staged[entry.id] = entry
      case .update(let current, let updated):
        guard staged[current.id] == current, updated.id == current.id else {
          throw .staleTransaction(expected: current, current: staged[current.id])
        }
        staged[current.id] = updated
      case .delete(let entry):
        guard staged[entry.id] == entry else {
          throw .staleTransaction(expected: entry, current: staged[entry.id])
        }
        staged[entry.id] = nil
      }
    }
  }
}

/// The repository's values at one moment.
private struct MemorySnapshot: LedgerSnapshot {
  let entries: [TransactionID: Transaction]
  let budgets: BudgetPlan
  let plan: RecurringPlan

  func transactions(in days: ClosedRange<Day>) throws -> [Transaction] {
    entries.values.filter { days.contains($0.day) }.sorted(by: Transaction.listOrder)
  }

  func categoryTotals(in months: ClosedRange<YearMonth>) throws -> [MonthCategoryTotals] {
    let byMonth = Dictionary(grouping: entries.values.filter { months.contains($0.day.yearMonth) })
    {
      $0.day.yearMonth
    }
    return try byMonth.keys.sorted().map { month in
      try MonthCategoryTotals(month: month, transactions: byMonth[month] ?? [])
    }
  }

  func budgetPlan() throws -> BudgetPlan { budgets }

  func recurringPlan() throws -> RecurringPlan { plan }
}
