@preconcurrency import CReadline
import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interactive line editor over GNU readline: arrow keys, Emacs or vi editing as the user's
/// `~/.inputrc` says, Up and Down through the session's history, a prefilled line for editing an
/// old value, Tab completion, calendar keys (``NavigationKey``) and a redraw when the window is
/// resized.
///
/// Readline is one global, single-threaded C library, so create one reader per process and call
/// it from one thread (preferably the main thread, where Ctrl-C is delivered).
public final class ReadlineLineReader: LineReader {
  /// The file history is loaded from and appended to, or `nil` when history is kept in memory
  /// only (none was given, or it could not be created).
  public let historyFile: String?

  /// Sets readline up and loads history.
  /// - Parameter historyFile: A path such as ``defaultHistoryFile(environment:)``. Its folders
  ///   are created (mode 0700) and the file is kept at mode 0600, since it holds what was typed,
  ///   amounts and memos included. `nil` keeps history for this session only.
  public init(historyFile: String? = nil) {
    ReadlineGlobals.configureOnce()
    stifle_history(Int32(HistoryPolicy.limit))
    self.historyFile = historyFile.flatMap(ReadlineLineReader.prepareHistoryFile)
    if let path = self.historyFile { _ = read_history(path) }
  }

  /// Reads a line with readline, the prefill not selected.
  public func read(prompt: String, prefill: String) -> LineInput {
    read(prompt: prompt, prefill: prefill, replacingPrefill: false)
  }

  /// Reads a line with readline.
  ///
  /// - The prefill is shown as ``EditablePrefill`` shows it (control and bidi characters as
  ///   visible escapes), and a line returned unchanged gives the prefill back as it was.
  /// - With `replacingPrefill` the prefill is selected (highlighted where the terminal can): the
  ///   first printable character typed replaces it; Enter keeps it; any other key edits it.
  /// - Ctrl-C while the line is being edited abandons it and returns ``LineInput/interrupted``
  ///   instead of ending the process; outside this call Ctrl-C keeps its usual effect.
  /// - A calendar key returns ``LineInput/key(_:line:)``, and a window resize
  ///   ``LineInput/resized(line:)``, both with what had been typed.
  /// - At the end of input (Ctrl-D on an empty line) it moves to a new line, so whatever is
  ///   printed next does not follow the prompt.
  /// - The line returned is always valid UTF-8 (``TerminalText/decodingUTF8(_:)``).
  public func read(prompt: String, prefill: String, replacingPrefill: Bool) -> LineInput {
    read(prompt: prompt, prefill: prefill, replacingPrefill: replacingPrefill, bell: nil)
  }

  /// Rings when another process writes the ledger; see ``readCommand(prompt:prefill:)``.
  public let ledgerBell: LedgerBell? = LedgerBell()

  /// Reads a command line like ``read(prompt:prefill:)``, also waiting on ``ledgerBell``: when it
  /// rings, and no typed key is waiting, the line is wiped from the screen and the read ends with
  /// ``LineInput/changed(line:)``; the next read given that line as its prefill puts the cursor
  /// back where it was.
  public func readCommand(prompt: String, prefill: String) -> LineInput {
    read(prompt: prompt, prefill: prefill, replacingPrefill: false, bell: ledgerBell)
  }

  /// Reads a one-key answer with readline: it returns as soon as one character is typed
  /// (readline's `rl_num_chars_to_read`, which ends the line as Enter does), or at Enter with an
  /// empty line. Ctrl-C, Ctrl-D, a calendar key and a resize end it as they end
  /// ``read(prompt:prefill:)``; the ``ledgerBell`` ends it as it ends
  /// ``readCommand(prompt:prefill:)``, so that a page on screen follows another process's write.
  public func readKeyAnswer(prompt: String) -> LineInput {
    rl_num_chars_to_read = 1
    defer { rl_num_chars_to_read = 0 }
    return read(prompt: prompt, prefill: "", replacingPrefill: false, bell: ledgerBell)
  }

  private var resumed: (line: String, point: Int32)?

  private func read(prompt: String, prefill: String, replacingPrefill: Bool, bell: LedgerBell?)
    -> LineInput
  {
    let offered = EditablePrefill(prefill)
    ReadlineGlobals.beginRead(
      prefill: offered.shown, selected: replacingPrefill && !offered.shown.isEmpty, bell: bell)
    if let resumed, resumed.line == offered.shown { ReadlineGlobals.pendingPoint = resumed.point }
    resumed = nil
    defer { ReadlineGlobals.endRead() }
    let raw = readline(ReadlineLineReader.readlinePrompt(prompt))
    defer { free(raw) }
    switch ReadlineGlobals.ending {
    case .interrupted?:
      ReadlineGlobals.moveToNewLineAfterEOF()
      return .interrupted
    case .resized(let line)?:
      ReadlineGlobals.moveToNewLineAfterEOF()
      return .resized(line: offered.resolve(line))
    case .key(let key, let line)?:
      return .key(key, line: offered.resolve(line))
    case .changed(let line, let point)?:
      ReadlineGlobals.moveToNewLineAfterEOF()
      resumed = (line, point)
      return .changed(line: offered.resolve(line))
    case nil:
      break
    }
    guard let raw else {
      ReadlineGlobals.moveToNewLineAfterEOF()
      return .endOfInput
    }
    let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
    return .line(offered.resolve(TerminalText.decodingUTF8(bytes)))
  }

  /// Adds `line` to the history (and the history file) unless it is blank or repeats the
  /// previous entry.
  public func addHistory(_ line: String) {
    guard HistoryPolicy.shouldAdd(line, previous: ReadlineLineReader.lastHistoryLine()) else {
      return
    }
    add_history(line)
    guard let path = historyFile else { return }
    _ = append_history(1, path)
    _ = history_truncate_file(path, Int32(HistoryPolicy.limit))
    _ = chmod(path, 0o600)
  }

  /// Keeps `context` for Tab from the next read on.
  public func setCompletionContext(_ context: CompletionContext) {
    ReadlineGlobals.completionContext = context
    ReadlineGlobals.pendingCategories = nil
  }

  /// Keeps `context` for Tab from the next read on, its categories taken from `categories`
  /// when Tab is pressed.
  public func setCompletionContext(_ context: CompletionContext, categories: PendingCategories) {
    ReadlineGlobals.completionContext = context
    ReadlineGlobals.pendingCategories = categories
  }

  /// Yes: readline asks for completions only when Tab is pressed.
  public var completesAtTab: Bool { true }

  /// `$XDG_STATE_HOME/hannun/history`, or `~/.local/state/hannun/history` when `XDG_STATE_HOME`
  /// is unset or not absolute; `nil` without a home folder.
  public static func defaultHistoryFile(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/hannun/history"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/hannun/history"
  }

  /// `prompt` with each ANSI sequence between readline's ignore markers (`\u{01}`, `\u{02}`), so
  /// readline counts only visible columns and redraws long lines correctly.
  static func readlinePrompt(_ prompt: String) -> String {
    TerminalText.ansiSegments(prompt).map {
      $0.isEscape ? "\u{01}" + $0.text + "\u{02}" : $0.text
    }.joined()
  }

  private static func lastHistoryLine() -> String? {
    guard history_length > 0, let entry = history_get(history_base + history_length - 1),
      let line = entry.pointee.line
    else { return nil }
    return String(cString: line)
  }

  /// Creates the folders and the file if needed; returns `path` when it can be written.
  private static func prepareHistoryFile(_ path: String) -> String? {
    guard path.hasPrefix("/") else { return nil }
    var folder = ""
    for component in path.split(separator: "/").dropLast() {
      folder += "/" + component
      if mkdir(folder, 0o700) != 0 && errno != EEXIST { return nil }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    close(descriptor)
    return chmod(path, 0o600) == 0 ? path : nil
  }
}
