import HannunDomain
import HannunPresentation

extension SessionText {
  /// What an import did, starting in lower case: `imported 12 entries (3 already there)`.
  /// - Parameters:
  ///   - added: The entries added.
  ///   - skipped: The rows that matched entries already in the ledger.
  /// - Returns: The phrase in the session's language.
  func imported(added: Int, skipped: Int) -> String {
    if language == .korean {
      return "내역 \(added)건을 가져옴" + (skipped > 0 ? " (이미 있는 \(skipped)건은 건너뜀)" : "")
    }
    let entries = added == 1 ? "entry" : "entries"
    return "imported \(added) \(entries)" + (skipped > 0 ? " (\(skipped) already there)" : "")
  }
}
