import HannunDomain
import HannunPresentation

/// One page of the selected day's entries, for the REPL's `list` command.
public struct EntryPage: Hashable, Sendable {
  /// The lines to print: the day's heading, this page's entries (numbered by their place in the
  /// day, as `edit N` takes them) and, when pages follow, a line naming the next
  /// (`… 5 more (list 3)`). None is wider than the renderer's columns, and they fill at most its
  /// rows less the renderer's ``CalendarRenderer/reservedRows``.
  public let lines: [String]
  /// This page's number, from 1; a page asked for past the last gives the last.
  public let number: Int
  /// How many pages the day's entries take; 1 for a day without entries.
  public let count: Int
}

extension CalendarRenderer {
  /// The selected day's heading, totals and every entry, however many rows they take: what
  /// `hannun day` prints.
  public func dayList(_ calendar: CalendarViewModel) -> String {
    dayLines(calendar, rows: nil).map { $0 + "\n" }.joined()
  }

  /// A page of the selected day's entries: as many as fit under the heading with a line to spare
  /// for the next page's hint; every entry on one page without a row limit.
  /// - Parameters:
  ///   - calendar: The calendar whose selected day is listed.
  ///   - page: The page, from 1; out-of-range numbers give the first or last page.
  public func entryPage(_ calendar: CalendarViewModel, page: Int) -> EntryPage {
    entryPage(
      calendar,
      Paging(
        itemCount: calendar.selectedEntries.count, pageSize: entryPageSize, page: page))
  }

  /// The page an ``EntryPageViewModel`` shows, paged at ``entryPageSize`` (which the page is
  /// fitted to first, so that its intents move by the pages drawn).
  public func entryPage(_ model: EntryPageViewModel) -> EntryPage {
    model.fit(pageSize: entryPageSize)
    return entryPage(model.calendar, model.paging)
  }

  /// How many entries a page of ``entryPage(_:page:)`` holds: the rows under the heading less
  /// one for the next page's hint; `nil` (all) without a row limit.
  public var entryPageSize: Int? { rowBudget.map { max(1, $0 - 2) } }

  private func entryPage(_ calendar: CalendarViewModel, _ paging: Paging) -> EntryPage {
    let entries = calendar.selectedEntries
    var lines = [dayHeading(calendar)]
    guard !entries.isEmpty else {
      return EntryPage(lines: lines + [emptyListLine(calendar)], number: 1, count: 1)
    }
    let columns = entryColumns(entries, calendar)
    for index in paging.range {
      lines.append(entryLine(entries[index], position: index + 1, columns, calendar))
    }
    if paging.hasNext {
      lines.append(
        moreLine(
          paging.remaining, command: "\(CalendarRenderer.listCommand) \(paging.number + 1)",
          calendar))
    }
    return EntryPage(lines: lines, number: paging.number, count: paging.count)
  }

  /// The heading and as many entries as `rows` lines allow under it (all when `nil`); when some
  /// are left out, the last row says how many and how to see them.
  func dayLines(_ calendar: CalendarViewModel, rows: Int?) -> [String] {
    let entries = calendar.selectedEntries
    var lines = [dayHeading(calendar)]
    // The day's planned occurrences follow its entries, in the rows they leave.
    let planned = plannedLines(calendar)
    let rows = rows ?? max(1, entries.count + planned.count)
    guard !entries.isEmpty else {
      guard planned.isEmpty else { return lines + planned.prefix(max(0, rows)) }
      return rows > 0 ? lines + [emptyListLine(calendar)] : lines
    }
    let shown = entries.count <= rows ? entries.count : max(0, rows - 1)
    let columns = entryColumns(entries, calendar)
    for (index, entry) in entries.prefix(shown).enumerated() {
      lines.append(entryLine(entry, position: index + 1, columns, calendar))
    }
    if shown < entries.count, rows > 0 {
      lines.append(moreLine(entries.count - shown, command: CalendarRenderer.listCommand, calendar))
    }
    if shown == entries.count { lines += planned.prefix(max(0, rows - shown)) }
    return lines
  }

  // MARK: - Heading

  /// The forms of `2025년 11월 10일 (월) 오늘   수입 ₩3,200,000   지출 ₩4,500`, longest first:
  /// narrower gaps, the short date, amounts without the symbol or shortened to fit `room`
  /// columns, the date alone. ``dayHeading(_:)`` takes the first that fits.
  func dayHeadingCandidates(_ calendar: CalendarViewModel, room: Int) -> [StyledLine] {
    let language = calendar.language
    let money = calendar.money
    let day = calendar.selectedDay
    let totals = calendar.summary(of: day)
    func line(_ title: String, _ gap: String, _ format: ((Money) -> String)?) -> StyledLine {
      var line = StyledLine(theme: theme)
      line.append(title, .header)
      if day == calendar.today {
        line.append(" ")
        line.append(language.todayLabel, .today)
      }
      guard let format else { return line }
      for (kind, amount) in [(TransactionKind.income, totals.income), (.expense, totals.expense)] {
        line.append(gap)
        line.append(language.label(for: kind), .dim)
        line.append(" ")
        line.append(format(amount), kind == .income ? .income : .expense)
      }
      return line
    }
    let full = language.title(of: day)
    let short = language.shortTitle(of: day)
    if calendar.isUnreadable(day) {
      // The day's month could not be read: its totals are unknown, not zero.
      func unavailable(_ title: String, _ gap: String) -> StyledLine {
        var line = line(title, "", nil)
        line.append(gap)
        line.append(language.totalsUnavailableLabel, .error)
        return line
      }
      return [
        unavailable(full, "   "), unavailable(short, "  "), unavailable(short, " "),
        line(short, "", nil),
      ]
    }
    var candidates = [
      line(full, "   ", money.string), line(full, "  ", money.string),
      line(short, "  ", money.string), line(short, " ", money.string),
      line(short, " ", money.plain),
    ]
    // Short amounts share what the date, labels and gaps leave.
    let rest = line(short, " ") { _ in "" }.width
    if let forms = fitted([totals.income, totals.expense], into: room - rest, calendar) {
      var texts = forms.makeIterator()
      candidates.append(line(short, " ") { _ in texts.next() ?? "" })
    }
    candidates.append(line(short, "", nil))
    return candidates
  }

  // MARK: - Entries

  private func entryColumns(_ entries: [Transaction], _ calendar: CalendarViewModel)
    -> EntryColumns
  {
    EntryColumns(entries: entries, width: width, language: calendar.language) {
      signedAmount($0, calendar)
    }
  }

  private func signedAmount(_ entry: Transaction, _ calendar: CalendarViewModel) -> String {
    (entry.kind == .income ? "+" : "-") + calendar.money.string(Money(entry.amount))
  }

  /// One entry on the columns' grid; ledger text sanitized, then cut at a character boundary.
  func entryLine(
    _ entry: Transaction, position: Int, _ columns: EntryColumns, _ calendar: CalendarViewModel
  ) -> String {
    let kindStyle: ANSIStyle = entry.kind == .income ? .income : .expense
    var line = StyledLine(theme: theme)
    line.append(columns.indent)
    line.append(
      TerminalText.pad(String(position), toWidth: columns.positionWidth, alignment: .right) + ". ")
    if let kindWidth = columns.kindWidth {
      line.append(
        TerminalText.pad(calendar.language.label(for: entry.kind), toWidth: kindWidth), kindStyle)
      line.append(" ")
    }
    line.append(
      TerminalText.pad(
        signedAmount(entry, calendar), toWidth: columns.amountWidth, alignment: .right),
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
    return trimTrailingSpaces(line.styled)
  }

  /// The indent of the lines under the heading, as ``EntryColumns`` indents entries.
  private var listIndent: String { width < EntryColumns.narrowWidth ? " " : "  " }

  /// What a day without entries says: that it has none, or, when its month could not be read,
  /// that they are unknown.
  private func emptyListLine(_ calendar: CalendarViewModel) -> String {
    let language = calendar.language
    let label =
      calendar.selectedDayIsUnreadable ? language.entriesUnavailableLabel : language.noEntriesLabel
    return listIndent + theme.apply(.dim, to: TerminalText.truncate(label, toWidth: width - 2))
  }

  /// `  …외 3건 (list)` or `  … 3 more (list)`: how many entries are left out and the command
  /// that shows them.
  private func moreLine(_ count: Int, command: String, _ calendar: CalendarViewModel) -> String {
    let text = listIndent + calendar.language.moreEntries(count) + " (\(command))"
    return theme.apply(.dim, to: TerminalText.truncate(text, toWidth: width))
  }
}
