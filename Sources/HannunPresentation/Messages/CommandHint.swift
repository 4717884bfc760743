import HannunDomain

/// Where a message points the user for what to do next, as a value: each frontend says it in its
/// own words (``CommandHintStyle``), so that a shared sentence never names another frontend's
/// command.
public enum CommandHint: Hashable, Sendable {
  /// The list of recurring rules: `hannun recurring list`, or `recurring` in the REPL.
  case recurringList
  /// The due occurrences: `hannun due`, or `due` in the REPL.
  case dueList
  /// Removing a budget from a month on: `hannun budget remove --category C --from M`, or
  /// `budget remove C --from M` in the REPL.
  case removeBudget(category: String, from: YearMonth)
  /// Every category the ledger uses: `hannun categories --all`, or `categories all` in the REPL.
  case allCategories
}

/// How a frontend says a ``CommandHint``: the commands it offers.
public enum CommandHintStyle: Hashable, Sendable {
  /// The one-shot command line: `hannun recurring list`.
  case commandLine
  /// The REPL's commands, typed at its prompt: `recurring`.
  case repl

  /// The hint as this frontend's command, to be quoted in a sentence.
  /// - Parameter hint: Where the message points.
  /// - Returns: A command the user can type, in this frontend's syntax.
  public func say(_ hint: CommandHint) -> String {
    switch (hint, self) {
    case (.recurringList, .commandLine): "hannun recurring list"
    case (.recurringList, .repl): "recurring"
    case (.dueList, .commandLine): "hannun due"
    case (.dueList, .repl): "due"
    case (.removeBudget(let category, let month), .commandLine):
      "hannun budget remove --category \(category) --from \(month.iso)"
    case (.removeBudget(let category, let month), .repl):
      "budget remove \(category) --from \(month.iso)"
    case (.allCategories, .commandLine): "hannun categories --all"
    case (.allCategories, .repl): "categories all"
    }
  }
}
