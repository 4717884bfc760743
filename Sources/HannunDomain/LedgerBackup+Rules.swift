/// A rule a backup breaks, with the value that breaks it; a reader adds where in its file.
public enum BackupProblem: Error, Equatable, Sendable {
  /// An entry id that is empty or holds spaces or control characters.
  case badEntryID(String)
  /// Two entries with this id.
  case duplicateEntry(TransactionID)
  /// A rule id that is not `r` and a number.
  case badRuleID(String)
  /// Two rules with this id.
  case duplicateRule(RecurringRuleID)
  /// A decision about an occurrence of a rule the backup does not hold.
  case decisionWithoutRule(OccurrenceKey)
  /// A decision about a day the rule's schedule does not give.
  case notAnOccurrence(OccurrenceKey)
  /// Two decisions about the same occurrence.
  case duplicateDecision(OccurrenceKey)
  /// Two budget changes of the same scope from the same month.
  case duplicateBudget(BudgetScope, YearMonth)
  /// Two moods on the same day.
  case duplicateMood(Day)
  /// A category, memo or note that breaks the rules typed text follows.
  case field(FieldInputError)
}

/// The rules of a backup's values beyond each field's own (which are the rules typed input
/// follows: ``AmountParser``, ``TransactionRules``, ``MoodRules``, ``Day/init(iso:)`` …).
extension LedgerBackup {
  /// The id of an entry as a backup gives it: printable text on one line, no spaces.
  /// - Parameter text: The id's text.
  /// - Returns: The id.
  /// - Throws: ``BackupProblem/badEntryID(_:)``.
  public static func entryID(_ text: String) throws(BackupProblem) -> TransactionID {
    // Printable ASCII, one character a byte, is neither a space, a control nor a format
    // character: only its length is judged.
    if (1...64).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
      return TransactionID(text)
    }
    let bad =
      text.isEmpty || text.count > 64
      || text.unicodeScalars.contains { scalar in
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
          || scalar.properties.generalCategory == .format
      }
    guard !bad else { throw .badEntryID(text) }
    return TransactionID(text)
  }

  /// The id of a rule as a backup gives it: `r` and a number from 1, as the ledger makes them.
  /// - Parameter text: The id's text.
  /// - Returns: The id.
  /// - Throws: ``BackupProblem/badRuleID(_:)``.
  public static func ruleID(_ text: String) throws(BackupProblem) -> RecurringRuleID {
    let id = RecurringRuleID(text)
    guard let number = id.number, number > 0, id == RecurringRuleID(number: number) else {
      throw .badRuleID(text)
    }
    return id
  }

  /// The first rule the backup breaks, or `nil` when it can be restored: ids well formed and
  /// distinct, every text field within the rules typed input follows, every decision about a
  /// day its rule's schedule gives.
  /// - Returns: The first problem, entries first, then rules and decisions, budgets and moods.
  public func problem() -> BackupProblem? {
    do throws(BackupProblem) {
      try check()
      return nil
    } catch {
      return error
    }
  }

  private func check() throws(BackupProblem) {
    var ids: Set<TransactionID> = []
    for entry in entries {
      _ = try Self.entryID(entry.id.rawValue)
      guard ids.insert(entry.id).inserted else { throw .duplicateEntry(entry.id) }
      try field { () throws(FieldInputError) in
        _ = try TransactionRules.category(entry.category)
        _ = try TransactionRules.memo(entry.memo)
      }
    }
    var rules: Set<RecurringRuleID> = []
    for rule in recurring.rules {
      _ = try Self.ruleID(rule.id.rawValue)
      guard rules.insert(rule.id).inserted else { throw .duplicateRule(rule.id) }
      try field { () throws(FieldInputError) in
        _ = try TransactionRules.category(rule.category)
        _ = try TransactionRules.memo(rule.memo)
      }
    }
    for (key, decision) in decisionsInOrder {
      guard let rule = recurring.rules.first(where: { $0.id == key.rule }) else {
        throw .decisionWithoutRule(key)
      }
      guard rule.falls(on: key.date) else { throw .notAnOccurrence(key) }
      if case .changed(let change) = decision, let memo = change.memo {
        try field { () throws(FieldInputError) in _ = try TransactionRules.memo(memo) }
      }
    }
    for change in budgets.changes {
      if let category = change.scope.category {
        try field { () throws(FieldInputError) in _ = try TransactionRules.category(category) }
      }
    }
    for (_, mood) in moodsInOrder {
      try field { () throws(FieldInputError) in _ = try MoodRules.note(mood.note) }
    }
  }

  private func field(_ body: () throws(FieldInputError) -> Void) throws(BackupProblem) {
    do throws(FieldInputError) { try body() } catch { throw .field(error) }
  }
}
