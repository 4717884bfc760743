import HannunDomain
import HannunPresentation

extension SessionText {
  /// What an import did, starting in lower case: `imported 12 entries (3 already there)`.
  /// - Parameters:
  ///   - added: The entries added.
  ///   - skipped: The rows that matched entries already in the ledger.
  /// - Returns: The phrase in the session's language.
  func imported(added: Int, skipped: Int) -> String {
    words.imported(added: added, skipped: skipped)
  }
}
