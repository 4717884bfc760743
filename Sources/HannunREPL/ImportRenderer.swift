import HannunDomain
import HannunExchange
import HannunImportFiles
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

  /// The sentences of an import's outcome, shared with every frontend.
  private var outcome: ImportOutcomeText { ImportOutcomeText(language: language) }

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
    fitted(outcome.done(added: added, duplicates: duplicates, skipped: skipped))
  }

  /// The journal transactions skipped, one line each after a count.
  func skippedLines(_ skipped: [SkippedTransaction]) -> [String] {
    outcome.skippedLines(skipped)
  }

  /// Refused rows or transactions, one line each after a count: where, what, and why.
  private func refusedLines(_ refused: [(line: Int, text: String, reason: String)]) -> [String] {
    outcome.refusedLines(refused)
  }

  /// One row: day, kind, amount, category and memo.
  private func row(_ draft: TransactionDraft) -> String {
    let kind = words.rowKind(draft.kind)
    let amount = money.string(Money(draft.amount))
    let text = [draft.category, draft.memo].filter { !$0.isEmpty }.joined(separator: " ")
    return "\(draft.day.iso) \(kind) \(amount) \(TerminalText.sanitized(text))"
  }

  private func reason(_ error: any Error) -> String { outcome.reason(error) }

  /// The lines wrapped to the width; an indented line (a row, a refused transaction) goes on
  /// two columns further in, so its continuation stays under it rather than at the edge.
  private func fitted(_ lines: [String]) -> String {
    let width = max(width, 20)
    return lines.flatMap { line -> [String] in
      let indent = String(line.prefix { $0 == " " })
      guard !indent.isEmpty, indent.count + 12 <= width, TerminalText.displayWidth(line) > width
      else {
        return TerminalText.wrapped(line, toWidth: width)
      }
      let body = line.dropFirst(indent.count)
      let first = TerminalText.wrapped(String(body), toWidth: width - indent.count)[0]
      let rest = body.dropFirst(first.count).drop { $0 == " " }
      guard !rest.isEmpty else { return [indent + first] }
      let hanging = indent + "  "
      return [indent + first]
        + TerminalText.wrapped(String(rest), toWidth: width - hanging.count).map { hanging + $0 }
    }.map { $0 + "\n" }.joined()
  }
}
