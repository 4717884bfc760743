import HannunDomain

/// Budgets kept apart from the entries, as a budget service on a server would keep them: a plan
/// in memory with the same conditional writes as a store's, and counts of what was asked. It
/// offers budgets and nothing else, so a session that uses it must have been given it as its
/// budgets (``LedgerStores/budgets``), never found it by a cast.
public actor RemoteBudgets: BudgetRepository {
  /// The plan as the service keeps it.
  public private(set) var plan: BudgetPlan
  /// How many times the plan was read.
  public private(set) var reads = 0
  /// How many writes changed the plan.
  public private(set) var writes = 0

  /// A service keeping `plan`.
  /// - Parameter plan: The budgets it starts with.
  public init(_ plan: BudgetPlan = .empty) {
    self.plan = plan
  }

  /// The plan, counted in ``reads``.
  public func budgetPlan() async throws -> BudgetPlan {
    reads += 1
    return plan
  }

  /// Replaces the plan when `current` is what is kept; otherwise throws
  /// ``LedgerError/staleBudgets(current:)``.
  public func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    guard plan == current else { throw LedgerError.staleBudgets(current: plan) }
    guard updated != current else { return }
    plan = updated
    writes += 1
  }

  /// Makes `edit` on the kept plan (see ``BudgetRepository/changeBudgets(_:)``).
  public func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    let updated = try plan.applying(edit)
    guard updated != plan else { return updated }
    plan = updated
    writes += 1
    return updated
  }
}
