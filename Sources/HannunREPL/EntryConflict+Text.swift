import HannunDomain
import HannunPresentation

extension EntryConflict {
  /// The sentence the REPL shows when a save or delete wrote nothing because another window got
  /// to the entry first, with the entry as it is now (or as it was, when deleted): for the
  /// one-shot `edit` and `delete` commands, which print it as their error. Ledger text in it is
  /// not escaped yet; pass it through ``TerminalText/sanitized(_:)`` before drawing it.
  /// - Parameters:
  ///   - deleting: Whether a delete (rather than a save) was refused.
  ///   - language: The user's language.
  ///   - money: Formats the entry's amount in the ledger's currency.
  /// - Returns: One line, without a newline.
  public func message(deleting: Bool, language: DisplayLanguage, money: MoneyFormatter)
    -> String
  {
    SessionText(language: language, money: money).conflict(self, deleting ? .deleting : .saving)
  }
}
