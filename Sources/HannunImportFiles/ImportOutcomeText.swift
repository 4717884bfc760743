import HannunDomain
import HannunExchange
import HannunPresentation

/// What an import did, and why rows or transactions were skipped, as lines of no particular
/// width: every frontend says it in these words (the REPL and the command line fit the lines to
/// the terminal, the web draws them as a list). Ledger and file text in them is made inert
/// (``InertText``).
public struct ImportOutcomeText: Sendable {
  /// The language of the text.
  public let language: DisplayLanguage

  /// The text of an import's outcome in `language`.
  /// - Parameter language: The display language.
  public init(language: DisplayLanguage) { self.language = language }

  private var words: any ImportMessages { language.imports }

  /// What an import did: how many entries it added and found already in the ledger, then the
  /// journal transactions it skipped.
  /// - Parameters:
  ///   - added: The entries added.
  ///   - duplicates: The rows already in the ledger.
  ///   - skipped: The journal transactions that are not entries.
  /// - Returns: The lines, without line ends.
  public func done(added: Int, duplicates: Int, skipped: [SkippedTransaction]) -> [String] {
    let phrase = language.session.imported(added: added, skipped: duplicates)
    let first = phrase.prefix(1).uppercased() + phrase.dropFirst()
    return [first + "."] + skippedLines(skipped)
  }

  /// The journal transactions skipped, one line each after a count.
  /// - Parameter skipped: The transactions skipped.
  /// - Returns: The lines; none when nothing was skipped.
  public func skippedLines(_ skipped: [SkippedTransaction]) -> [String] {
    refusedLines(skipped.map { ($0.line, $0.text, reason($0.reason)) })
  }

  /// Refused rows or transactions, one line each after a count: where, what, and why.
  /// - Parameter refused: Each one's line, its text and the reason, already in words.
  /// - Returns: The lines; none when nothing was refused.
  public func refusedLines(_ refused: [(line: Int, text: String, reason: String)]) -> [String] {
    guard !refused.isEmpty else { return [] }
    var lines = [words.skippedTransactions(refused.count)]
    for item in refused {
      let place = words.line(item.line)
      lines.append("  \(place): \(InertText.sanitized(item.text)) — \(item.reason)")
    }
    return lines
  }

  /// Why a row was refused: a journal's reason in the import catalogue's words, any other
  /// reader's error through the message catalogue.
  /// - Parameter error: The reader's reason.
  /// - Returns: One sentence.
  public func reason(_ error: any Error) -> String {
    guard let reason = error as? SkippedTransaction.Reason else {
      return InertText.sanitized(language.messages.describe(any: error))
    }
    return self.reason(reason)
  }

  /// Why a journal transaction was skipped.
  /// - Parameter reason: The journal reader's reason.
  /// - Returns: One sentence.
  public func reason(_ reason: SkippedTransaction.Reason) -> String {
    switch reason {
    case .postings(let count): words.postings(count)
    case .noCategoryAccount: words.noCategoryAccount
    case .amount(let text): words.unreadableAmount(InertText.sanitized(text))
    case .reversed: words.reversed
    case .date(let text): words.unreadableDate(InertText.sanitized(text))
    case .field(let error): language.messages.describe(error)
    case .rule: words.rule
    }
  }
}
