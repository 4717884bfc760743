import HannunDomain
import HannunPresentation

/// A search's results as text (`find`): what was looked for, how many entries matched with their
/// income and expense, and the entries newest first, numbered from 1 as `open N` and `edit N`
/// take them. Pure; no line is wider than ``width`` display columns (Hangul counts two), and
/// ledger text and the query are escaped.
@MainActor
public struct SearchRenderer: @MainActor ReportTextRenderer {
  /// Colours, width, language and money format.
  public let style: ReportTextStyle

  /// A renderer drawing in `style`.
  public init(style: ReportTextStyle) { self.style = style }

  /// Every result, however many rows they take, without the REPL's hint on opening them: what
  /// `hannun find` prints.
  /// - Parameter search: A search that has run.
  /// - Returns: The lines, each ending in a newline.
  public func text(_ search: TransactionSearchViewModel) -> String {
    var lines = page(search, number: 1, rows: nil).lines
    if !search.results.isEmpty { lines.removeLast() }
    return lines.map { $0 + "\n" }.joined()
  }

  /// One page of the results for a screen of `rows` lines (all of them when `nil`): the two
  /// heading lines, the entries of the page, and a last line naming the next page
  /// (`… 12 more (list 2)`) or, on the last page, how to open a result.
  /// - Parameters:
  ///   - search: A search that has run.
  ///   - number: The page, from 1; out-of-range numbers give the first or last page.
  ///   - rows: The lines the page may take.
  /// - Returns: The lines of the page, without newlines.
  public func page(_ search: TransactionSearchViewModel, number: Int, rows: Int?) -> EntryPage {
    var lines = [fitted(title(search.query), .header), fitted(totals(search), nil)]
    let results = search.results
    guard !results.isEmpty else {
      return EntryPage(
        lines: lines + [fitted("  " + language.screens.nothingFound, .dim)],
        number: 1, count: 1)
    }
    let pageSize = max(1, rows.map { $0 - 3 } ?? results.count)
    let count = (results.count + pageSize - 1) / pageSize
    let page = min(max(1, number), count)
    let start = (page - 1) * pageSize
    let end = min(results.count, start + pageSize)
    let columns = EntryColumns(
      entries: results, width: width - dateWidth - gap.count, language: language,
      amount: signedAmount)
    for index in start..<end {
      lines.append(line(results[index], number: index + 1, columns))
    }
    let next =
      page < count
      ? language.moreEntries(results.count - end) + " (\(CalendarRenderer.listCommand) \(page + 1))"
      : language.screens.searchActions
    lines.append(fitted(gap + next, .dim))
    return EntryPage(lines: lines, number: page, count: count)
  }

  // MARK: - Heading

  /// `찾기 "커피" · 지출 · 식비 · 2025-01-01 – 2025-11-30 · ₩1,000 – ₩50,000`.
  private func title(_ query: TransactionQuery?) -> String {
    var parts = [language.screens.searchTitle]
    guard let query else { return parts[0] }
    if !query.text.isEmpty { parts[0] += " \"\(TerminalText.sanitized(query.text))\"" }
    if let kind = query.kind { parts.append(language.label(for: kind)) }
    if let category = query.category {
      parts.append(language.screens.searchCategory(TerminalText.sanitized(category)))
    }
    if query.from != nil || query.to != nil {
      parts.append(span(query.from?.iso, query.to?.iso))
    }
    if query.minimum != nil || query.maximum != nil {
      parts.append(
        span(
          query.minimum.map { money.string(Money($0)) },
          query.maximum.map { money.string(Money($0)) }))
    }
    return parts.joined(separator: " · ")
  }

  /// `A – B`, `A –` or `– B`.
  private func span(_ lower: String?, _ upper: String?) -> String {
    [lower, "–", upper].compactMap { $0 }.joined(separator: " ")
  }

  /// `3건   수입 ₩0   지출 ₩13,500`, with shorter gaps or plain amounts when narrow.
  private func totals(_ search: TransactionSearchViewModel) -> String {
    let count = search.results.count
    let found = language.screens.found(count)
    for (separator, format) in [("   ", money.string), ("  ", money.string), (" ", money.plain)] {
      let line = [
        found,
        "\(language.label(for: .income)) \(format(search.totals.income))",
        "\(language.label(for: .expense)) \(format(search.totals.expense))",
      ].joined(separator: separator)
      if TerminalText.displayWidth(line) <= width { return line }
    }
    return found
  }

  // MARK: - Entries

  private var narrow: Bool { width < EntryColumns.narrowWidth }
  private var gap: String { narrow ? " " : "  " }
  /// `2025-11-10`.
  private var dateWidth: Int { 10 }

  private func signedAmount(_ entry: Transaction) -> String {
    (entry.kind == .income ? "+" : "-") + money.string(Money(entry.amount))
  }

  /// `  3. 2025-11-10  지출  -₩4,500  카페  아메리카노  #n5nkncj48w`: the day's list line with
  /// the date after the number.
  private func line(_ entry: Transaction, number: Int, _ columns: EntryColumns) -> String {
    let kindStyle: ANSIStyle = entry.kind == .income ? .income : .expense
    var line = StyledLine(theme: theme)
    line.append(columns.indent)
    line.append(
      TerminalText.pad(String(number), toWidth: columns.positionWidth, alignment: .right) + ". ")
    line.append(entry.day.iso, .dim)
    line.append(gap)
    if let kindWidth = columns.kindWidth {
      line.append(TerminalText.pad(language.label(for: entry.kind), toWidth: kindWidth), kindStyle)
      line.append(" ")
    }
    line.append(
      TerminalText.pad(signedAmount(entry), toWidth: columns.amountWidth, alignment: .right),
      kindStyle)
    line.append(columns.gap)
    line.append(TerminalText.fit(EntryColumns.category(entry), toWidth: columns.categoryWidth))
    if columns.memoWidth > 0 {
      line.append(columns.gap)
      line.append(TerminalText.fit(EntryColumns.memo(entry), toWidth: columns.memoWidth))
    }
    if columns.showsID {
      line.append(columns.gap)
      line.append(EntryColumns.id(entry), .dim)
    }
    var styled = line.styled
    while styled.last == " " { styled.removeLast() }
    return styled
  }

  private func fitted(_ text: String, _ style: ANSIStyle?) -> String {
    let cut = TerminalText.truncate(text, toWidth: width)
    return style.map { theme.apply($0, to: cut) } ?? cut
  }
}
