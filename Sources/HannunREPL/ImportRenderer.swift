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

  private var korean: Bool { language == .korean }

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
    var lines = [
      korean
        ? "미리 보기: \(added)건을 더합니다. 이미 있는 \(plan.duplicates)건은 건너뜁니다. 아무것도 쓰지 않았습니다."
        : "Dry run: would add \(added) \(added == 1 ? "entry" : "entries"), "
          + "skip \(plan.duplicates) already there; nothing was written."
    ]
    for total in try plan.monthTotals() {
      let income = money.string(Money(minorUnits: total.income))
      let expense = money.string(Money(minorUnits: total.expense))
      lines.append(
        korean
          ? "  \(total.month.iso)  \(total.count)건  수입 \(income)  지출 \(expense)"
          : "  \(total.month.iso)  \(total.count)  income \(income)  expense \(expense)")
    }
    if !plan.additions.isEmpty {
      let shown = min(Self.previewRows, added)
      lines.append(korean ? "처음 \(shown)건:" : "First \(shown):")
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
    return fitted([first + (korean ? "." : ".")] + skippedLines(skipped))
  }

  /// The journal transactions skipped, one line each after a count.
  func skippedLines(_ skipped: [SkippedTransaction]) -> [String] {
    guard !skipped.isEmpty else { return [] }
    var lines = [
      korean
        ? "가져오지 않은 거래 \(skipped.count)건 (추측하지 않음):"
        : "Skipped \(skipped.count) transaction\(skipped.count == 1 ? "" : "s") (not guessed):"
    ]
    for item in skipped {
      let place = korean ? "\(item.line)번째 줄" : "line \(item.line)"
      lines.append("  \(place): \(TerminalText.sanitized(item.text)) — \(reason(item.reason))")
    }
    return lines
  }

  /// One row: day, kind, amount, category and memo.
  private func row(_ draft: TransactionDraft) -> String {
    let kind =
      switch (draft.kind, korean) {
      case (.income, true): "수입"
      case (.expense, true): "지출"
      case (.income, false): "income "
      case (.expense, false): "expense"
      }
    let amount = money.string(Money(draft.amount))
    let text = [draft.category, draft.memo].filter { !$0.isEmpty }.joined(separator: " ")
    return "\(draft.day.iso) \(kind) \(amount) \(TerminalText.sanitized(text))"
  }

  private func reason(_ reason: SkippedTransaction.Reason) -> String {
    switch (reason, korean) {
    case (.postings(let count), true): "기록(posting)이 2개가 아니라 \(count)개"
    case (.postings(let count), false): "\(count) postings, not two"
    case (.noCategoryAccount, true): "expenses: 또는 income: 계정이 한쪽에만 있지 않음"
    case (.noCategoryAccount, false): "not one expenses: or income: account"
    case (.amount(let text), true): "금액 '\(TerminalText.sanitized(text))'을(를) 읽을 수 없음"
    case (.amount(let text), false): "cannot read the amount '\(TerminalText.sanitized(text))'"
    case (.reversed, true): "부호가 반대 (환불이나 정정)"
    case (.reversed, false): "the sign is reversed (a refund or correction)"
    case (.date(let text), true): "날짜 '\(TerminalText.sanitized(text))'을(를) 읽을 수 없음"
    case (.date(let text), false): "cannot read the date '\(TerminalText.sanitized(text))'"
    case (.field(let error), _): language.messages.describe(error)
    case (.rule, true): "주기·자동 거래 규칙"
    case (.rule, false): "a periodic or automated rule"
    }
  }

  private func fitted(_ lines: [String]) -> String {
    lines.flatMap { TerminalText.wrapped($0, toWidth: max(width, 20)) }.map { $0 + "\n" }.joined()
  }
}
