extension CommandCompletion {
  /// `budget [set AMOUNT | remove] [CATEGORY] [--category C] [--from YYYY-MM]`: the action, then
  /// the ledger's categories where a category goes, and the options.
  static func budgetArgument(_ arguments: [String], word: String, context: CompletionContext)
    -> [String]
  {
    guard let action = arguments.first?.lowercased() else {
      return matching(["set", "remove"], word)
    }
    let categories = {
      matching(context.categories.filter { TerminalText.sanitized($0) == $0 }, unescaped(word))
        .map(escaped)
    }
    switch arguments.last?.lowercased() {
    case "--category": return categories()
    case "--from": return []
    default: break
    }
    var positional = 0
    var skipsValue = false
    for argument in arguments.dropFirst() {
      if skipsValue {
        skipsValue = false
      } else if ["--category", "--from"].contains(argument.lowercased()) {
        skipsValue = true
      } else if !argument.hasPrefix("--") {
        positional += 1
      }
    }
    if word.hasPrefix("-") { return matching(["--category", "--from"], word) }
    switch (action, positional) {
    case ("set", 1), ("change", 1), ("remove", 0), ("rm", 0): return categories()
    default: return []
    }
  }
}
