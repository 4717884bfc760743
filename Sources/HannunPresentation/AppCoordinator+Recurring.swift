import HannunDomain

extension AppCoordinator {
  /// Opens the recurring rules, read as stored now.
  /// - Returns: The screen, now on top of ``path``.
  /// - Throws: Why the rules could not be read; nothing opens.
  @discardableResult
  public func showRecurringRules() async throws -> RecurringRulesViewModel {
    let rules = RecurringRulesViewModel(recurring: recurring)
    try await rules.load()
    path.append(.recurringRules(rules))
    return rules
  }

  /// Opens the occurrences due by today, read as stored now.
  /// - Parameter rereadingBudgets: Whether a confirm reads the budgets again before its notices;
  ///   `false` for a frontend that keeps them current on every change.
  /// - Returns: The screen, now on top of ``path``.
  /// - Throws: What ``showRecurringRules()`` throws; nothing opens.
  @discardableResult
  public func showDueList(rereadingBudgets: Bool = true) async throws -> DueListViewModel {
    let due = DueListViewModel(
      recurring: recurring, budgets: budgets, rereadsBudgets: rereadingBudgets)
    try await due.load()
    path.append(.dueList(due))
    return due
  }

  /// Points an import preview at this coordinator, so that it removes its own route when done
  /// (the household screens that are simply left are wired as ``ClosableScreen``s).
  func wireHousehold(_ route: Route) {
    guard case .importPreview(let preview) = route else { return }
    preview.didFinish = { [weak self, weak preview] added in
      self?.finish(preview, added.map { .saved(.imported($0)) } ?? .cancelled)
    }
  }
}
