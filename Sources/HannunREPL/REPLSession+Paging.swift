import HannunPresentation

/// Screens taller than the terminal — a year, a year's report, long lists, help — shown a page at
/// a time, as `more` does: a page fills the terminal less one row, where a prompt asks for the
/// next (Enter or Space) or stops (`q`, Ctrl-C, Ctrl-D), at one key where the line editor reads
/// keys (``LineReader/readKeyAnswer(prompt:)``). A letter typed there stops the pages too and
/// begins the next command line (``REPLSession/typedAtPager``), for a person who has read
/// enough and types the next command. The prompt's line is wiped
/// before the next page, so the pages read as one text. Only a person at a terminal of known
/// height is asked; a pipe or a script gets the whole text at once.
///
/// A route's screen follows the ledger as the calendar does: when another process writes while
/// its prompt waits (the reader ends with ``LineInput/changed(line:)``), the pager stops and
/// notes the page in ``REPLSession/interruptedPage``; the session then reads the ledger again
/// and draws the route as it now is, from that page (its last, if it got shorter). Help does not
/// depend on the ledger: its prompt just asks again.
extension REPLSession {
  /// What the person answered at a page's prompt.
  private enum PageAnswer {
    case next, stop, ledgerChanged
    /// The first letters of a command.
    case typed(String)
  }

  /// Writes `text` (lines each ended by a line feed), paged when it is taller than `rows` less
  /// the prompt's row.
  /// - Parameters:
  ///   - text: What to show.
  ///   - rows: The terminal's rows, or `nil` for no limit (then nothing pages).
  ///   - page: The page to start at, from 0; past the last, the last.
  ///   - followsLedger: Whether another process's write while a prompt waits stops the pager
  ///     to draw the screen again (``interruptedPage``), rather than asking again.
  func paged(_ text: String, rows: Int?, from page: Int = 0, followsLedger: Bool = false) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard interactive, let rows, lines.count > rows - 1 else { return write(text) }
    let pageSize = max(1, rows - 1)
    let lastPage = (lines.count - 1) / pageSize
    var shown = min(max(0, page), lastPage) * pageSize
    while shown < lines.count {
      let start = shown
      let page = lines[shown..<min(lines.count, shown + pageSize)]
      write(page.map { $0 + "\n" }.joined())
      shown += page.count
      guard shown < lines.count else { return }
      switch nextPageAnswer(shown: shown, of: lines.count, followsLedger: followsLedger) {
      case .next:
        // Wipe the prompt's line, so the next page follows the last without a gap.
        write("\u{1B}[1A\u{1B}[2K")
      case .stop:
        return
      case .typed(let text):
        typedAtPager = text
        return
      case .ledgerChanged:
        interruptedPage = start / pageSize
        return
      }
    }
  }

  /// Writes `text` like `say`, broken at the terminal's width, and paged at its height.
  func sayPaged(_ text: String) {
    let width = columns()
    let height =
      interactive ? rows?() ?? width.flatMap { _ in Terminal.rows(environment: [:]) } : nil
    paged(fitted(text).map { $0 + "\n" }.joined(), rows: height)
  }

  /// Asks whether to show the next page: Enter or any key but a stop word goes on; `q` (or, where
  /// lines are read, `cancel`), Ctrl-C, Ctrl-D or a calendar key stop. Another process's write
  /// ends the question when `followsLedger`, and is otherwise ignored, as a resize is.
  private func nextPageAnswer(shown: Int, of total: Int, followsLedger: Bool) -> PageAnswer {
    while true {
      switch reader.readKeyAnswer(prompt: text.morePrompt(shown: shown, of: total)) {
      case .line(let answer):
        if SessionText.stopsPaging(answer) { return .stop }
        return SessionText.startsCommand(answer) ? .typed(answer) : .next
      case .interrupted, .endOfInput, .key:
        return .stop
      case .changed where followsLedger:
        return .ledgerChanged
      case .resized, .changed:
        continue
      }
    }
  }
}

extension SessionText {
  /// The prompt between two pages: `-- 23/52줄 · Enter 다음, q 그만 --` (34 columns at most
  /// for a screen of up to 999 lines, so it stays on one row from 40 columns up).
  func morePrompt(shown: Int, of total: Int) -> String {
    words.morePrompt(shown: shown, of: total)
  }

  /// Whether an answer to ``morePrompt(shown:of:)`` stops paging: q, quit, cancel, 그만, ㅂ
  /// (q on a Korean keyboard), any case, spaces around.
  static func stopsPaging(_ answer: String) -> Bool {
    ["q", "quit", "cancel", "그만", "ㅂ"].contains(answer.trimmingSpaces.lowercased())
  }

  /// Whether an answer to ``morePrompt(shown:of:)`` is the start of a command rather than a
  /// page turned: it begins with a letter (`y`, `c`, `보`).
  static func startsCommand(_ answer: String) -> Bool {
    answer.first?.isLetter ?? false
  }
}
