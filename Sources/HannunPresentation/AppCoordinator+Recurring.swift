import HannunDomain

extension AppCoordinator {
  /// Opens the recurring rules, read as stored now.
  /// - Returns: The screen, now on top of ``path``.
  /// - Throws: ``UnavailableRoute/recurringRules`` when the ledger keeps no rules (see
  ///   ``recurring``), or why they could not be read; nothing opens.
  @discardableResult
  public func showRecurringRules() async throws -> RecurringRulesViewModel {
    let rules = RecurringRulesViewModel(recurring: try recurringRules())
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
      recurring: try recurringRules(), budgets: budgets, rereadsBudgets: rereadingBudgets)
    try await due.load()
    path.append(.dueList(due))
    return due
  }

  /// The rules, or the refusal of a ledger that keeps none.
  private func recurringRules() throws -> RecurringViewModel {
    guard let recurring else { throw UnavailableRoute.recurringRules }
    return recurring
  }

  /// Points an import preview at this coordinator, so that it removes its own route when done
  /// (the household screens that are simply left are wired as ``ClosableScreen``s).
  func wireHousehold(_ route: Route) {
    guard case .importPreview(let preview) = route else { return }
    preview.didFinish = { [weak self, weak preview] batch in
      self?.finish(preview, batch.map { .saved(.batch($0)) } ?? .cancelled)
    }
  }
}

/// A screen the ledger cannot show, because its store lacks what the screen needs.
public enum UnavailableRoute: Error, Equatable, Sendable {
  /// The store keeps no recurring rules.
  case recurringRules
}
