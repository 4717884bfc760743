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

  /// What a dry run would add; nothing was written.
  /// - Parameters:
  ///   - plan: What would be added and how many rows are already in the ledger.
  ///   - skipped: The journal transactions that are not entries.
  /// - Returns: The lines, joined, ending with a newline.
  /// - Throws: ``LedgerError/totalOverflow`` when a month's total does not fit.
  public func preview(_ plan: ImportPlan, skipped: [SkippedTransaction]) throws(LedgerError)
    -> String
  {
    let added = plan.additions.count
    var lines = [words.dryRun(added: added, duplicates: plan.duplicates)]
    for total in try plan.monthTotals() {
      let income = money.string(Money(minorUnits: total.income))
      let expense = money.string(Money(minorUnits: total.expense))
      lines.append(
        words.dryRunMonth(total.month, count: total.count, income: income, expense: expense))
    }
    if !plan.additions.isEmpty {
      let shown = min(Self.previewRows, added)
      lines.append(words.firstRows(shown))
      for draft in plan.additions.prefix(Self.previewRows) { lines.append("  " + row(draft)) }
    }
    lines += skippedLines(skipped)
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
    guard !skipped.isEmpty else { return [] }
    var lines = [words.skippedTransactions(skipped.count)]
    for item in skipped {
      let place = words.line(item.line)
      lines.append("  \(place): \(TerminalText.sanitized(item.text)) — \(reason(item.reason))")
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
