import HannunDomain
import Observation

/// The ledger's budgets: the plan as stored, each month's status, and the writes that set,
/// change and remove them. It keeps the calendar's ``CalendarViewModel/budgetPlan`` current, so
/// the calendar's header shows what is left of the shown month's budget.
///
/// A write changes one scope, based on that scope as this model last read it (``plan``): budgets
/// of other scopes that another window changed meanwhile are kept (the two changes merge); when
/// another window changed the same scope, nothing is written, ``plan`` becomes the stored one
/// and ``LedgerError/staleBudgets(current:)`` is thrown, so no change is silently overwritten.
@MainActor
@Observable
public final class BudgetViewModel {
  /// The budgets as last read or written.
  public private(set) var plan: BudgetPlan = .empty
  /// Why the last read failed (a damaged `budgets.json`), or `nil`.
  public private(set) var loadFailure: AppError?

  private let repository: any BudgetRepository
  private let entries: any TransactionRepository
  @ObservationIgnored private weak var calendar: CalendarViewModel?

  /// A model over a ledger's budgets; nothing is read until ``refresh()``.
  /// - Parameters:
  ///   - repository: Where the budgets are kept.
  ///   - entries: Where the spending comes from (the same ledger).
  ///   - calendar: The calendar whose header shows the budget, if any.
  public init(
    repository: any BudgetRepository, entries: any TransactionRepository,
    calendar: CalendarViewModel?
  ) {
    self.repository = repository
    self.entries = entries
    self.calendar = calendar
  }

  /// Reads the budgets again (another process may have changed them); a failure is kept in
  /// ``loadFailure`` and the calendar shows no budget.
  public func refresh() async {
    do {
      show(try await repository.budgetPlan())
      loadFailure = nil
    } catch {
      loadFailure = AppError(error)
      calendar?.budgetPlan = nil
    }
  }

  /// Sets a monthly limit from a month on (see ``BudgetPlan/set(_:for:from:)``).
  /// - Parameters:
  ///   - limit: The monthly limit.
  ///   - scope: The whole ledger or a category.
  ///   - month: The first month it applies to.
  /// - Throws: ``LedgerError/staleBudgets(current:)`` when another window changed the budgets;
  ///   a storage error.
  public func set(_ limit: Amount, for scope: BudgetScope, from month: YearMonth) async throws {
    var updated = plan
    updated.set(limit, for: scope, from: month)
    try await change(scope, to: updated)
  }

  /// Removes a budget from a month on (see ``BudgetPlan/remove(_:from:)``).
  /// - Parameters:
  ///   - scope: The whole ledger or a category.
  ///   - month: The first month without the budget.
  /// - Throws: ``LedgerError/noBudget(_:from:)`` when there is none to remove;
  ///   ``LedgerError/staleBudgets(current:)``; a storage error.
  public func remove(_ scope: BudgetScope, from month: YearMonth) async throws {
    var updated = plan
    try updated.remove(scope, from: month)
    try await change(scope, to: updated)
  }

  /// The budgets as stored now, read without showing them (``plan`` is left as it is).
  /// - Throws: A storage error.
  func storedPlan() async throws -> BudgetPlan { try await repository.budgetPlan() }

  /// A month's budgets against its expenses, from the stored totals.
  /// - Parameter month: The month.
  /// - Returns: Its status under ``plan``.
  /// - Throws: A storage error, or ``LedgerError/totalOverflow``.
  public func status(of month: YearMonth) async throws -> BudgetStatus {
    let totals = try await entries.categoryTotals(in: month...month).first
    return try BudgetStatus(month: month, plan: plan, totals: totals)
  }

  /// What to say after `edit` was saved: the first of ``notices(after:rereading:)``, for an add
  /// or edit (one entry, one month) the only one; `nil` when no budget is over (or nothing can
  /// be known: a failed read).
  /// - Parameters:
  ///   - edit: The add or edit just saved.
  ///   - rereading: Whether the budgets are read again first, for another process's changes;
  ///     `false` when the caller keeps them current (see ``notices(afterSaving:rereading:)``).
  /// - Returns: The notice, or `nil`.
  public func notice(after edit: LedgerEdit, rereading: Bool = true) async -> BudgetNotice? {
    await notices(after: edit, rereading: rereading).first
  }

  /// What to say after any saved edit that may spend: the notices of
  /// ``notices(afterSaving:rereading:)`` for the entry added or edited, or for the entries a batch
  /// added (an import). A delete, a mood, a rename (which adds nothing) say nothing.
  /// - Parameters:
  ///   - edit: What was just saved.
  ///   - rereading: Whether the budgets are read again first, for another process's changes.
  /// - Returns: One notice a month with a budget over, oldest month first; often empty.
  public func notices(after edit: LedgerEdit, rereading: Bool = true) async -> [BudgetNotice] {
    switch edit {
    case .added(let entry), .edited(_, let entry):
      return await notices(afterSaving: [entry], rereading: rereading)
    case .batch(let batch):
      return await notices(afterSaving: batch.insertedEntries, rereading: rereading)
    case .deleted, .mood, .imported:
      // An import's notices come from its rows (``notices(afterSaving:rereading:)-(ImportRows,_)``,
      // said by ``ImportPreviewViewModel/notices``): its record keeps ids, not entries.
      return []
    }
  }

  /// What to say after entries were saved by any write that spends — an add, an edit, a
  /// recurring occurrence confirmed (one or all), an import: for each month, the budgets those
  /// entries count against that are now over. Every frontend says these after such a write, so
  /// that no way of spending passes a budget without a word.
  /// - Parameters:
  ///   - saved: The entries as stored; income is ignored.
  ///   - rereading: Whether the budgets are read again first, for another process's changes.
  ///     A frontend that refreshes them whenever another process writes the ledger (the REPL,
  ///     through ``LedgerChangeSignal/mark()``) passes `false` and saves a lock.
  /// - Returns: One notice a month with a budget over, oldest month first; empty when none is
  ///   (or nothing can be known: a failed read).
  public func notices(
    afterSaving saved: some Sequence<Transaction>, rereading: Bool = true
  ) async -> [BudgetNotice] {
    // One pass, no copy of the entries (an import's may be a million): each month's status is
    // read once, the first time one of its expenses comes.
    var months: [YearMonth: (status: BudgetStatus?, overruns: [BudgetLine])] = [:]
    var refreshed = !rereading
    for entry in saved where entry.kind == .expense {
      let month = entry.day.yearMonth
      if months[month] == nil {
        if !refreshed {
          await refresh()
          refreshed = true
        }
        let status = plan.limits(in: month).isEmpty ? nil : try? await status(of: month)
        months[month] = (status, [])
      }
      guard let status = months[month]?.status else { continue }
      for line in status.overruns(countingAgainst: entry)
      where months[month]?.overruns.contains(line) == false {
        months[month]?.overruns.append(line)
      }
    }
    var notices: [BudgetNotice] = []
    for (month, found) in months.sorted(by: { $0.key < $1.key }) {
      // The categories' first, the whole month's last, as for one entry.
      let overruns = found.overruns
      let ordered = overruns.filter { $0.scope != .total } + overruns.filter { $0.scope == .total }
      if !ordered.isEmpty { notices.append(BudgetNotice(month: month, overruns: ordered)) }
    }
    return notices
  }

  /// ``notices(afterSaving:rereading:)`` for the rows of an import once saved: a month at a
  /// time, and only the months with a budget, so that a million rows are never unpacked at once.
  /// - Parameters:
  ///   - rows: The rows saved (``ImportPlan/additions``); income is ignored.
  ///   - rereading: Whether the budgets are read again first, for another process's changes.
  /// - Returns: One notice a month with a budget over, oldest month first; often empty.
  public func notices(afterSaving rows: ImportRows, rereading: Bool = true) async -> [BudgetNotice]
  {
    guard !rows.isEmpty else { return [] }
    if rereading { await refresh() }
    var notices: [BudgetNotice] = []
    for month in rows.months where !plan.limits(in: month).isEmpty {
      guard let status = try? await status(of: month) else { continue }
      let overruns = Self.overruns(status, rows.drafts(of: month))
      if !overruns.isEmpty { notices.append(BudgetNotice(month: month, overruns: overruns)) }
    }
    return notices
  }

  /// The lines of `status` over their limit that `drafts`' expenses count against: the
  /// categories' first, the whole month's last.
  private static func overruns(_ status: BudgetStatus, _ drafts: [TransactionDraft]) -> [BudgetLine]
  {
    var overruns: [BudgetLine] = []
    for draft in drafts where draft.kind == .expense {
      let lines =
        status.categories.filter { $0.scope == .category(draft.category) && $0.isOver }
        + (status.total.map { $0.isOver ? [$0] : [] } ?? [])
      for line in lines where !overruns.contains(line) { overruns.append(line) }
    }
    return overruns.filter { $0.scope != .total } + overruns.filter { $0.scope == .total }
  }

  /// What ``notices(afterSaving:rereading:)`` would say once `drafts` are saved, said before
  /// they are: each month's stored totals with the drafts' expenses added (and the stored
  /// entries they replace taken out). A frontend that keeps a write's answer before making it
  /// (the web, for a form sent again after a stop) keeps these with it, so that the answer sent
  /// again warns as the first did.
  /// - Parameters:
  ///   - drafts: The entries about to be saved; income is ignored.
  ///   - replaced: Stored entries the write replaces (an edit's, undone or redone), no longer
  ///     counted once it is made.
  ///   - rereading: Whether the budgets are read again first, for another process's changes.
  /// - Returns: One notice a month with a budget over, oldest month first; empty when none would
  ///   be (or nothing can be known: a failed read, a total that does not fit).
  public func notices(
    beforeSaving drafts: [TransactionDraft], replacing replaced: [Transaction] = [],
    rereading: Bool = true
  ) async -> [BudgetNotice] {
    var byMonth: [YearMonth: [TransactionDraft]] = [:]
    for draft in drafts where draft.kind == .expense {
      byMonth[draft.day.yearMonth, default: []].append(draft)
    }
    guard !byMonth.isEmpty else { return [] }
    return await notices(
      beforeSaving: byMonth.keys.sorted(), { byMonth[$0] ?? [] }, replacing: replaced,
      rereading: rereading)
  }

  /// ``notices(beforeSaving:replacing:rereading:)`` for the rows of an import about to be
  /// saved: a month at a time, and only the months with a budget.
  /// - Parameters:
  ///   - rows: The rows to save (``ImportPlan/additions``); income is ignored.
  ///   - rereading: Whether the budgets are read again first, for another process's changes.
  /// - Returns: One notice a month with a budget over, oldest month first; often empty.
  public func notices(beforeSaving rows: ImportRows, rereading: Bool = true) async
    -> [BudgetNotice]
  {
    guard !rows.isEmpty else { return [] }
    return await notices(
      beforeSaving: rows.months, { rows.drafts(of: $0).filter { $0.kind == .expense } },
      replacing: [], rereading: rereading)
  }

  /// The notices of `months`, each month's expenses to save given by `drafts`.
  private func notices(
    beforeSaving months: [YearMonth], _ drafts: (YearMonth) -> [TransactionDraft],
    replacing replaced: [Transaction], rereading: Bool
  ) async -> [BudgetNotice] {
    if rereading { await refresh() }
    var notices: [BudgetNotice] = []
    for month in months where !plan.limits(in: month).isEmpty {
      let added = drafts(month)
      guard !added.isEmpty,
        let stored = try? await entries.categoryTotals(in: month...month).first,
        let status = try? Self.status(
          of: month, plan: plan, stored: stored, adding: added,
          removing: replaced.filter { $0.kind == .expense && $0.day.yearMonth == month })
      else { continue }
      let ordered = Self.overruns(status, added)
      if !ordered.isEmpty { notices.append(BudgetNotice(month: month, overruns: ordered)) }
    }
    return notices
  }

  /// A month's status with `added` expenses counted on top of its `stored` totals and the
  /// `removed` ones (stored, of the month) taken out.
  private static func status(
    of month: YearMonth, plan: BudgetPlan, stored: MonthCategoryTotals?,
    adding added: [TransactionDraft], removing removed: [Transaction]
  ) throws(LedgerError) -> BudgetStatus {
    var expenses: [String: CategoryTotal] = [:]
    for total in stored?.totals ?? [] where total.kind == .expense {
      expenses[total.category] = total
    }
    for entry in removed {
      guard var total = expenses[entry.category] else { continue }
      total.amount = try total.amount.subtracting(Money(entry.amount))
      total.count -= 1
      expenses[entry.category] = total
    }
    for draft in added {
      var total =
        expenses[draft.category]
        ?? CategoryTotal(kind: .expense, category: draft.category, amount: .zero, count: 0)
      total.amount = try total.amount.adding(Money(draft.amount))
      total.count += 1
      expenses[draft.category] = total
    }
    let totals = MonthCategoryTotals(month: month, totals: Array(expenses.values))
    return try BudgetStatus(month: month, plan: plan, totals: totals)
  }

  /// Writes `scope` as `updated` has it, based on the scope as ``plan`` has it; the budgets of
  /// other scopes are kept as stored, whoever changed them meanwhile.
  private func change(_ scope: BudgetScope, to updated: BudgetPlan) async throws {
    let edit = BudgetEdit(from: plan, to: updated, scopes: [scope])
    do {
      show(try await repository.changeBudgets(edit))
    } catch LedgerError.staleBudgets(let current) {
      show(current)
      throw LedgerError.staleBudgets(current: current)
    }
  }

  private func show(_ plan: BudgetPlan) {
    self.plan = plan
    calendar?.budgetPlan = plan
  }
}
