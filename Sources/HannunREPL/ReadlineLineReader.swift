@preconcurrency import CReadline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interactive line editor over GNU readline: arrow keys, Emacs or vi editing as the user's
/// `~/.inputrc` says, Up and Down through the session's history, and a prefilled line for
/// editing an old value.
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

  /// Reads a line with readline. At the end of input (Ctrl-D on an empty line) it moves to a
  /// new line, so whatever is printed next does not follow the prompt.
  ///
  /// Ctrl-C while the line is being edited abandons it and returns
  /// ``LineInput/interrupted`` instead of ending the process; outside this call Ctrl-C keeps
  /// its usual effect.
  public func read(prompt: String, prefill: String) -> LineInput {
    if prefill.isEmpty {
      ReadlineGlobals.pendingPrefill = nil
      rl_startup_hook = nil
    } else {
      ReadlineGlobals.pendingPrefill = prefill
      rl_startup_hook = { ReadlineGlobals.insertPrefill() }
    }
    defer {
      rl_startup_hook = nil
      ReadlineGlobals.pendingPrefill = nil
    }
    let previousInterruptHandler = ReadlineGlobals.catchInterrupts()
    defer { ReadlineGlobals.restoreInterrupts(previousInterruptHandler) }
    guard let raw = readline(ReadlineLineReader.readlinePrompt(prompt)) else {
      if !ReadlineGlobals.readlineEndsLineAtEOF {
        print()
        fflush(nil)
      }
      return .endOfInput
    }
    defer { free(raw) }
    if ReadlineGlobals.abandoned {
      ReadlineGlobals.abandoned = false
      return .interrupted
    }
    return .line(String(cString: raw))
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

/// Readline's global state that Swift sets.
///
/// Readline calls its hooks as plain C function pointers that cannot capture context, so the
/// pending prefill lives in a static. The `nonisolated(unsafe)` statics are safe because readline
/// is single-threaded and not reentrant: they are written only by ``ReadlineLineReader`` right
/// before and after a `readline()` call, and read only by the hook, which readline runs
/// synchronously inside that call on the same thread.
enum ReadlineGlobals {
  nonisolated(unsafe) static var pendingPrefill: String?
  /// Set by the SIGINT handler, cleared by ``readKey(_:)``. The handler only stores a
  /// constant, which is async-signal-safe.
  nonisolated(unsafe) static var interrupted: Int32 = 0
  nonisolated(unsafe) private static var configured = false

  /// The startup hook: types the pending prefill into the empty line before it is shown.
  static func insertPrefill() -> Int32 {
    if let text = pendingPrefill { _ = rl_insert_text(text) }
    pendingPrefill = nil
    return 0
  }

  /// Set when Ctrl-C abandoned the line being read.
  nonisolated(unsafe) static var abandoned = false

  /// The self-pipe that wakes ``readKey(_:)`` when Ctrl-C arrives: [read end, write end].
  nonisolated(unsafe) static var wakeUp: [Int32] = [-1, -1]

  /// Installs the Ctrl-C handling for one `readline()` call and returns the action to restore.
  ///
  /// Readline's own signal catching is off during the call. The SIGINT handler only sets a flag
  /// and writes one byte to a pipe (both async-signal-safe); it may run on any thread, so
  /// ``readKey(_:)``, readline's key source for the call, waits on the terminal and the pipe
  /// together. When the pipe wakes it, it empties the line, marks it abandoned and answers
  /// Enter, so `readline()` returns normally with the terminal restored.
  static func catchInterrupts() -> sigaction {
    interrupted = 0
    abandoned = false
    if wakeUp[0] < 0 {
      var ends: [Int32] = [-1, -1]
      if pipe(&ends) == 0 {
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        wakeUp = ends
      }
    }
    rl_catch_signals = 0
    rl_getc_function = { stream in ReadlineGlobals.readKey(stream) }
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in
      ReadlineGlobals.interrupted = 1
      var byte: UInt8 = 3
      _ = write(ReadlineGlobals.wakeUp[1], &byte, 1)
    }
    // The handler field is a union whose Swift name differs between glibc and Darwin.
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    sigaction(SIGINT, &action, &previous)
    return previous
  }

  /// Puts back the SIGINT action that was in place before ``catchInterrupts()``.
  static func restoreInterrupts(_ previous: sigaction) {
    var previous = previous
    sigaction(SIGINT, &previous, nil)
    rl_getc_function = rl_getc
    drainWakeUp()
  }

  /// Reads one byte of input for readline, turning Ctrl-C into an abandoned line.
  static func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    let descriptor = stream.map { fileno($0) } ?? STDIN_FILENO
    while true {
      if interrupted != 0 {
        interrupted = 0
        drainWakeUp()
        abandoned = true
        rl_replace_line("", 1)
        return 0x0A
      }
      var sources = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeUp[0], events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&sources, wakeUp[0] < 0 ? 1 : 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return EOF
      }
      guard sources[0].revents != 0 else { continue }
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count == 1 { return Int32(byte) }
      if count < 0 && errno == EINTR { continue }
      return EOF
    }
  }

  private static func drainWakeUp() {
    guard wakeUp[0] >= 0 else { return }
    var byte: UInt8 = 0
    while read(wakeUp[0], &byte, 1) > 0 {}
  }

  // MARK: - Tab completion

  /// The candidates of the completion in progress; readline asks for them one at a time.
  nonisolated(unsafe) static var completions: [String] = []

  /// Readline's completion entry point: ``CommandCompletion`` over the line up to the cursor.
  /// Never falls back to file names.
  static func complete(_ text: UnsafePointer<CChar>?, start: Int32, end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  {
    rl_attempted_completion_over = 1
    guard let text, let buffer = rl_line_buffer else { return nil }
    let line = String(
      decoding: UnsafeRawBufferPointer(start: buffer, count: Int(max(0, end))).bindMemory(
        to: UInt8.self), as: UTF8.self)
    completions = CommandCompletion.candidates(line: line, word: String(cString: text))
    guard !completions.isEmpty else { return nil }
    return rl_completion_matches(text) { _, state in
      let index = Int(state)
      guard index < ReadlineGlobals.completions.count else { return nil }
      return strdup(ReadlineGlobals.completions[index])
    }
  }

  /// Whether readline itself moves to a new line when it reads EOF: readline 8.1 and later do
  /// when bracketed paste is on (the default).
  static var readlineEndsLineAtEOF: Bool {
    guard RL_READLINE_VERSION >= 0x0801, let value = rl_variable_value("enable-bracketed-paste")
    else { return false }
    return String(cString: value) == "on"
  }

  /// Process-wide set-up, once: a UTF-8 character locale so Hangul is edited as characters,
  /// the application name for `~/.inputrc` conditionals, and Tab completing command words
  /// instead of file names.
  static func configureOnce() {
    guard !configured else { return }
    configured = true
    useUTF8CharacterLocale()
    rl_readline_name = UnsafePointer(strdup("hannun"))
    rl_attempted_completion_function = { text, start, end in
      ReadlineGlobals.complete(text, start: start, end: end)
    }
  }

  /// Takes `LC_CTYPE` from the environment; if that is plain ASCII (`C`, `POSIX`, unset LANG),
  /// switches to a UTF-8 variant, since readline otherwise shows Hangul as octal bytes.
  private static func useUTF8CharacterLocale() {
    if let name = setlocale(LC_CTYPE, ""), String(cString: name).uppercased().contains("UTF") {
      return
    }
    for candidate in ["C.UTF-8", "C.utf8", "UTF-8", "en_US.UTF-8"]
    where setlocale(LC_CTYPE, candidate) != nil {
      return
    }
  }
}
