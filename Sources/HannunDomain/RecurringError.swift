/// Why a recurring rule or one of its occurrences was refused, as a value: Presentation's
/// catalogues say it in the user's language. Stores throw it inside
/// ``LedgerError/recurring(_:)``.
public enum RecurringError: Error, Hashable, Sendable {
  /// No rule has this id (or the text is not a rule id).
  case unknownRule(String)
  /// A schedule that is not `monthly D`, `last-business-day`, `yearly MM-DD` or `weekly DAY`.
  case badSchedule(String)
  /// A rule whose end comes before its start.
  case endBeforeStart(start: Day, end: Day)
  /// The rule does not fall on this day (before its start, after its end, or another day).
  case notAnOccurrence(RecurringRuleID, Day)
  /// The occurrence is an entry already: confirmed, here or by another process.
  case alreadyConfirmed(RecurringRuleID, Day, entry: TransactionID)
  /// The occurrence was skipped.
  case alreadySkipped(RecurringRuleID, Day)
  /// The rule (or a decision about one of its occurrences) changed or went since it was read,
  /// so a change based on it was not made.
  case staleRule(RecurringRuleID)
}
