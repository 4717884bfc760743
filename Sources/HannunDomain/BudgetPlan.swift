/// What a budget covers: all the ledger's spending, or one category's.
public enum BudgetScope: Hashable, Comparable, Sendable {
  /// Every expense of the month.
  case total
  /// The expenses of one category, as stored.
  case category(String)

  /// The scope a typed category names, checked by ``TransactionRules/category(_:)``; the whole
  /// ledger when there is none.
  /// - Parameter category: The category as typed, or `nil`.
  /// - Throws: ``FieldInputError`` when the category breaks the rules.
  public init(category: String?) throws(FieldInputError) {
    guard let category else {
      self = .total
      return
    }
    self = .category(try TransactionRules.category(category))
  }

  /// The category, or `nil` for the whole ledger.
  public var category: String? {
    switch self {
    case .total: nil
    case .category(let name): name
    }
  }

  /// `Comparable`: the whole ledger first, then categories by name.
  public static func < (lhs: BudgetScope, rhs: BudgetScope) -> Bool {
    switch (lhs, rhs) {
    case (.total, .total): false
    case (.total, .category): true
    case (.category, .total): false
    case (.category(let left), .category(let right)): left < right
    }
  }
}

/// One change to the budgets: from `from` on, `scope` has the monthly limit `limit`, or no budget
/// when `limit` is `nil` (a removal). It holds until a later change of the same scope.
public struct BudgetChange: Hashable, Sendable {
  /// What the limit covers.
  public let scope: BudgetScope
  /// The first month the change applies to.
  public let from: YearMonth
  /// The monthly limit, or `nil`: no budget from `from` on.
  public let limit: Amount?

  /// A change.
  /// - Parameters:
  ///   - scope: What the limit covers.
  ///   - from: The first month it applies to.
  ///   - limit: The monthly limit, or `nil` for no budget.
  public init(scope: BudgetScope, from: YearMonth, limit: Amount?) {
    self.scope = scope
    self.from = from
    self.limit = limit
  }
}

/// Every budget of the ledger as its history of changes, and the rule for which limit applies to a
/// month: the latest change of the scope made from that month or before.
///
/// Setting a limit from a month keeps later changes (a limit set from March holds until the one
/// set from June); removing from a month means no budget from that month on, so later changes of
/// the scope go too. Changes that change nothing are dropped, so equal plans are equal values.
public struct BudgetPlan: Hashable, Sendable {
  /// The changes, ordered by scope (whole ledger first) then month, at most one per scope and
  /// month.
  public private(set) var changes: [BudgetChange]

  /// A plan without budgets.
  public static let empty = BudgetPlan(changes: [])

  /// A plan from changes in any order; of two changes of the same scope and month, the later in
  /// `changes` wins.
  /// - Parameter changes: The changes.
  public init(changes: [BudgetChange]) {
    var byKey: [ChangeKey: BudgetChange] = [:]
    for change in changes { byKey[ChangeKey(change)] = change }
    self.changes = byKey.values.sorted(by: Self.order)
  }

  /// Whether the plan has no changes at all.
  public var isEmpty: Bool { changes.isEmpty }

  /// The limit that applies to `scope` in `month`, or `nil` when it has no budget then.
  /// - Parameters:
  ///   - scope: The whole ledger or a category.
  ///   - month: The month.
  /// - Returns: The limit of the latest change of `scope` from `month` or before.
  public func limit(for scope: BudgetScope, in month: YearMonth) -> Amount? {
    changes.last { $0.scope == scope && $0.from <= month }?.limit
  }

  /// Every scope with a budget in `month`, with its limit, the whole ledger first, then
  /// categories by name.
  /// - Parameter month: The month.
  /// - Returns: The limits that apply.
  public func limits(in month: YearMonth) -> [(scope: BudgetScope, limit: Amount)] {
    var scopes: [BudgetScope] = []
    for change in changes where scopes.last != change.scope { scopes.append(change.scope) }
    return scopes.compactMap { scope in limit(for: scope, in: month).map { (scope, $0) } }
  }

  /// The changes of one scope, in month order.
  /// - Parameter scope: The whole ledger or a category.
  /// - Returns: Its history; empty when it never had a budget.
  public func changes(for scope: BudgetScope) -> [BudgetChange] {
    changes.filter { $0.scope == scope }
  }

  /// The plan with `edit` made: each scope it names takes its new history, provided the scope's
  /// history here is still the one the edit was based on. Other scopes stay as they are.
  /// - Parameter edit: The scopes to change.
  /// - Returns: The plan after the edit.
  /// - Throws: ``LedgerError/staleBudgets(current:)`` with this plan when a scope the edit
  ///   names has changed since it was read.
  public func applying(_ edit: BudgetEdit) throws(LedgerError) -> BudgetPlan {
    guard edit.scopes.allSatisfy({ changes(for: $0.key) == $0.value.before }) else {
      throw .staleBudgets(current: self)
    }
    let kept = changes.filter { edit.scopes[$0.scope] == nil }
    let added = edit.scopes.flatMap { scope, change in
      change.after.map { BudgetChange(scope: scope, from: $0.from, limit: $0.limit) }
    }
    var plan = BudgetPlan(changes: kept + added)
    plan.changes = Self.simplified(plan.changes)
    return plan
  }

  /// The first month in which both scopes have a budget, or `nil` when they never overlap.
  /// - Parameters:
  ///   - first: One scope.
  ///   - second: The other.
  /// - Returns: The month, or `nil`.
  public func firstOverlap(of first: BudgetScope, and second: BudgetScope) -> YearMonth? {
    let months = Set(changes(for: first).map(\.from) + changes(for: second).map(\.from))
    return months.sorted().first { month in
      limit(for: first, in: month) != nil && limit(for: second, in: month) != nil
    }
  }

  /// Moves every budget of `source` to `target`: the limits of both in one history, the
  /// source's where it has one and the target's elsewhere, and no budget left for `source`.
  /// Call it only when the two never overlap (``firstOverlap(of:and:)`` is `nil`).
  /// - Parameters:
  ///   - source: The scope whose budgets move.
  ///   - target: The scope they move to.
  public mutating func move(_ source: BudgetScope, into target: BudgetScope) {
    let months = Set(changes(for: source).map(\.from) + changes(for: target).map(\.from))
    let merged = months.sorted().map { month in
      BudgetChange(
        scope: target, from: month,
        limit: limit(for: source, in: month) ?? limit(for: target, in: month))
    }
    let kept = changes.filter { $0.scope != source && $0.scope != target }
    changes = Self.simplified((kept + merged).sorted(by: Self.order))
  }

  /// Sets `scope`'s monthly limit from `month` on, until the next change of `scope` after it.
  /// - Parameters:
  ///   - limit: The monthly limit.
  ///   - scope: The whole ledger or a category.
  ///   - month: The first month it applies to.
  public mutating func set(_ limit: Amount, for scope: BudgetScope, from month: YearMonth) {
    var kept = changes.filter { !($0.scope == scope && $0.from == month) }
    kept.append(BudgetChange(scope: scope, from: month, limit: limit))
    changes = Self.simplified(kept.sorted(by: Self.order))
  }

  /// Removes `scope`'s budget from `month` on: no limit that month or any later one.
  /// - Parameters:
  ///   - scope: The whole ledger or a category.
  ///   - month: The first month without a budget.
  /// - Throws: ``LedgerError/noBudget(_:from:)`` when `scope` has no budget in `month` or after.
  public mutating func remove(_ scope: BudgetScope, from month: YearMonth) throws(LedgerError) {
    let later = changes.contains { $0.scope == scope && $0.from >= month && $0.limit != nil }
    guard limit(for: scope, in: month) != nil || later else {
      throw .noBudget(scope, from: month)
    }
    var kept = changes.filter { !($0.scope == scope && $0.from >= month) }
    kept.append(BudgetChange(scope: scope, from: month, limit: nil))
    changes = Self.simplified(kept.sorted(by: Self.order))
  }

  /// Drops each change that gives its scope the limit it already had (a removal with no budget
  /// before it, a limit equal to the previous one).
  private static func simplified(_ sorted: [BudgetChange]) -> [BudgetChange] {
    var result: [BudgetChange] = []
    for change in sorted {
      let previous = result.last.flatMap { $0.scope == change.scope ? $0 : nil }
      if previous?.limit == change.limit { continue }
      if previous == nil && change.limit == nil { continue }
      result.append(change)
    }
    return result
  }

  private static func order(_ lhs: BudgetChange, _ rhs: BudgetChange) -> Bool {
    lhs.scope != rhs.scope ? lhs.scope < rhs.scope : lhs.from < rhs.from
  }

  private struct ChangeKey: Hashable {
    let scope: BudgetScope
    let from: YearMonth
    init(_ change: BudgetChange) {
      scope = change.scope
      from = change.from
    }
  }
}
