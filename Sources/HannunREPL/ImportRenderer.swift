import HannunDomain
import HannunExchange
import HannunPresentation

/// The text of `import`: what a dry run would add (counts, totals per month, the first rows),
/// what an import did, and the journal transactions it skipped. Ledger text is escaped for the
/// terminal and every line fits `width`.
public struct ImportRenderer: Sendable {
  /// How many rows a dry run shows.
  public static let previewRows = 10

  /// The terminal's width in columns.
  public let width: Int
  /// The language of the text.
  public let language: DisplayLanguage
  /// Formats amounts in the ledger's currency.
  public let money: MoneyFormatter

  /// A renderer.
  /// - Parameters:
  ///   - width: The terminal's width.
  ///   - language: The display language.
  ///   - money: The ledger's money formatter.
  public init(width: Int, language: DisplayLanguage, money: MoneyFormatter) {
    self.width = width
    self.language = language
    self.money = money
  }

  private var words: any ImportMessages { language.imports }

  /// What a dry run would add, drawn from the coordinator's import preview: the counts, the
  /// totals per month, the first rows and what the file's reader refused; nothing was written.
  /// - Parameter preview: The preview route's view-model.
  /// - Returns: The lines, joined, ending with a newline.
  @MainActor
  public func preview(_ preview: ImportPreviewViewModel) -> String {
    let added = preview.additions.count
    var lines = [words.dryRun(added: added, duplicates: preview.duplicates)]
    for total in preview.months {
      let income = money.string(Money(minorUnits: total.income))
      let expense = money.string(Money(minorUnits: total.expense))
      lines.append(
        words.dryRunMonth(total.month, count: total.count, income: income, expense: expense))
    }
    if added > 0 {
      let shown = min(Self.previewRows, added)
      lines.append(words.firstRows(shown))
      for draft in preview.additions.prefix(Self.previewRows) { lines.append("  " + row(draft)) }
    }
    lines += refusedLines(preview.refused.map { ($0.line, $0.text, reason($0.reason)) })
    return fitted(lines)
  }

  /// What an import did.
  /// - Parameters:
  ///   - added: The entries added.
  ///   - duplicates: The rows already in the ledger.
  ///   - skipped: The journal transactions that are not entries.
  /// - Returns: The lines, joined, ending with a newline.
  public func done(added: Int, duplicates: Int, skipped: [SkippedTransaction]) -> String {
    let phrase = SessionText(language: language, money: money).imported(
      added: added, skipped: duplicates)
    let first = phrase.prefix(1).uppercased() + phrase.dropFirst()
    return fitted([first + "."] + skippedLines(skipped))
  }

  /// The journal transactions skipped, one line each after a count.
  func skippedLines(_ skipped: [SkippedTransaction]) -> [String] {
    refusedLines(skipped.map { ($0.line, $0.text, reason($0.reason)) })
  }

  /// Refused rows or transactions, one line each after a count: where, what, and why.
  private func refusedLines(_ refused: [(line: Int, text: String, reason: String)]) -> [String] {
    guard !refused.isEmpty else { return [] }
    var lines = [words.skippedTransactions(refused.count)]
    for item in refused {
      let place = words.line(item.line)
      lines.append("  \(place): \(TerminalText.sanitized(item.text)) — \(item.reason)")
    }
    return lines
  }

  /// One row: day, kind, amount, category and memo.
  private func row(_ draft: TransactionDraft) -> String {
    let kind = words.rowKind(draft.kind)
    let amount = money.string(Money(draft.amount))
    let text = [draft.category, draft.memo].filter { !$0.isEmpty }.joined(separator: " ")
    return "\(draft.day.iso) \(kind) \(amount) \(TerminalText.sanitized(text))"
  }

  /// Why a row was refused: a journal's reason in the import catalogue's words, any other
  /// reader's error through the message catalogue.
  private func reason(_ error: any Error) -> String {
    guard let reason = error as? SkippedTransaction.Reason else {
      return TerminalText.sanitized(language.messages.describe(any: error))
    }
    return self.reason(reason)
  }

  private func reason(_ reason: SkippedTransaction.Reason) -> String {
    switch reason {
    case .postings(let count): words.postings(count)
    case .noCategoryAccount: words.noCategoryAccount
    case .amount(let text): words.unreadableAmount(TerminalText.sanitized(text))
    case .reversed: words.reversed
    case .date(let text): words.unreadableDate(TerminalText.sanitized(text))
    case .field(let error): language.messages.describe(error)
    case .rule: words.rule
    }
  }

  private func fitted(_ lines: [String]) -> String {
    lines.flatMap { TerminalText.wrapped($0, toWidth: max(width, 20)) }.map { $0 + "\n" }.joined()
  }
}
