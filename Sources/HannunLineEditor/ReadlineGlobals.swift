@preconcurrency import CReadline
import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Readline's global state that Swift sets.
///
/// Readline calls its hooks, key source and bound functions as plain C function pointers that
/// cannot capture context, so what they need lives in statics. The `nonisolated(unsafe)` statics
/// are safe because readline is single-threaded and not reentrant: they are written only by
/// ``ReadlineLineReader`` right before and after a `readline()` call, and by the callbacks, which
/// readline runs synchronously inside that call on the same thread. The two signal flags and the
/// pipe's descriptors are the exception: see ``installSignalHandlers()``.
enum ReadlineGlobals {
  /// Why a read ended other than with Enter or end of input.
  enum Ending: Equatable {
    case interrupted
    case resized(String)
    case key(NavigationKey, String)
    /// The ledger bell rang: the line as typed and the cursor's byte offset in it.
    case changed(String, point: Int32)
  }

  /// The text the startup hook types into the line: the shown form of the read's prefill.
  nonisolated(unsafe) static var pendingPrefill: String?
  /// Whether the prefill of the read in progress is selected, to be replaced by typing.
  nonisolated(unsafe) static var selectsPrefill = false
  /// Set while the selected prefill waits for the first key; cleared by ``readKey(_:)``.
  nonisolated(unsafe) static var selectionPending = false
  /// The cursor's byte offset to put back after the prefill is typed, for a line given back
  /// after the ledger bell rang; `nil` leaves the cursor at the end.
  nonisolated(unsafe) static var pendingPoint: Int32?
  /// The bell the read in progress also waits on (a command read), or `nil`.
  nonisolated(unsafe) static var followedBell: LedgerBell?
  /// Set by Ctrl-C, a resize, a calendar key or the ledger bell; tells the reader what `readline()` ended with.
  nonisolated(unsafe) static var ending: Ending?
  /// What Tab offers from the ledger; see ``ReadlineLineReader/setCompletionContext(_:)``.
  nonisolated(unsafe) static var completionContext = CompletionContext.empty
  /// The categories still being read for ``completionContext``, taken at the first Tab.
  nonisolated(unsafe) static var pendingCategories: PendingCategories?
  /// The UTF-8 locale readline is put back on at each read, when the environment's is not UTF-8.
  nonisolated(unsafe) static var utf8Locale: String?
  nonisolated(unsafe) private static var configured = false

  // MARK: - One read

  /// Prepares one `readline()` call: the prefill and its selection, Ctrl-C and resizes, the
  /// ledger bell of a command read, and the window size, which may have changed since the last
  /// read.
  static func beginRead(prefill: String, selected: Bool, bell: LedgerBell? = nil) {
    followedBell = bell
    pendingPrefill = prefill.isEmpty ? nil : prefill
    selectsPrefill = selected
    selectionPending = false
    ending = nil
    rl_startup_hook = { ReadlineGlobals.startLine() }
    rl_pre_input_hook = selected ? { ReadlineGlobals.selectPrefill() } : nil
    installSignalHandlers()
    // A resize between reads was not seen by readline (its handler is off); ask the terminal.
    // Before the first read readline has no input stream yet, and reads the size itself.
    if rl_instream != nil { rl_reset_screen_size() }
  }

  /// Undoes ``beginRead(prefill:selected:)``.
  static func endRead() {
    restoreSignalHandlers()
    rl_startup_hook = nil
    rl_pre_input_hook = nil
    pendingPrefill = nil
    pendingPoint = nil
    followedBell = nil
    selectsPrefill = false
    selectionPending = false
  }

  /// The startup hook, run inside `readline()` before the line is shown: puts the UTF-8 locale
  /// back (readline has just reset `LC_CTYPE` from the environment) and types the prefill.
  static func startLine() -> Int32 {
    if let locale = utf8Locale { _ = setlocale(LC_CTYPE, locale) }
    if let text = pendingPrefill {
      _ = rl_insert_text(text)
      pendingPrefill = nil
      if let point = pendingPoint, point >= 0, point <= rl_end { rl_point = point }
    }
    pendingPoint = nil
    return 0
  }

  /// The pre-input hook of a read whose prefill is selected: marks the whole line as the active
  /// region, which readline highlights, and lets ``readKey(_:)`` replace it on the first
  /// printable key. (Readline deactivates the mark after the startup hook, hence this later
  /// hook.)
  static func selectPrefill() -> Int32 {
    guard rl_end > 0 else { return 0 }
    rl_mark = 0
    rl_point = rl_end
    rl_activate_mark()
    rl_redisplay()
    selectionPending = true
    return 0
  }

  /// Called by ``readKey(_:)`` with the first byte typed on a selected prefill: a byte that
  /// starts a printable character empties the line, so the character replaces the prefill.
  static func firstKeyOnSelection(_ byte: UInt8) {
    selectionPending = false
    guard byte >= 0x20 && byte != 0x7F else { return }
    rl_deactivate_mark()
    _ = rl_delete_text(0, rl_end)
    rl_point = 0
    rl_mark = 0
  }

  /// The line being edited, as valid UTF-8.
  static func currentLine() -> String {
    guard let buffer = rl_line_buffer, rl_end > 0 else { return "" }
    return TerminalText.decodingUTF8(UnsafeRawBufferPointer(start: buffer, count: Int(rl_end)))
  }

  /// After a read that readline ended as at end of input (Ctrl-D, Ctrl-C, a resize), moves to a
  /// new line unless readline did.
  static func moveToNewLineAfterEOF() {
    if !readlineEndsLineAtEOF {
      print()
      fflush(nil)
    }
  }

  /// Whether readline itself moves to a new line when it reads EOF: readline 8.1 and later do
  /// when bracketed paste is on (the default).
  static var readlineEndsLineAtEOF: Bool {
    guard RL_READLINE_VERSION >= 0x0801, let value = rl_variable_value("enable-bracketed-paste")
    else { return false }
    return String(cString: value) == "on"
  }

  // MARK: - Once per process

  /// Process-wide set-up, once: the application name for `~/.inputrc` conditionals, readline's
  /// own SIGWINCH handling and environment changes off (the reader handles resizes; `LINES` and
  /// `COLUMNS` are not rewritten under other threads), Tab completion, then readline's
  /// initialisation (which reads the init files), a UTF-8 character locale so Hangul is edited
  /// as characters, and the calendar keys.
  static func configureOnce() {
    guard !configured else { return }
    configured = true
    rl_readline_name = UnsafePointer(strdup("hannun"))
    rl_catch_sigwinch = 0
    rl_change_environment = 0
    configureCompletion()
    nameNavigationFunctions()
    _ = rl_initialize()
    useUTF8CharacterLocale()
    bindNavigationKeys()
  }

  /// Takes `LC_CTYPE` from the environment; if its character set is not UTF-8 (`C`, `POSIX`, a
  /// locale that is not installed), switches to a UTF-8 one, since readline otherwise edits
  /// Hangul byte by byte. Readline sets `LC_CTYPE` from the environment again at every call, so
  /// the startup hook puts the UTF-8 locale back (``utf8Locale``). Eight-bit input and output are
  /// turned on, as readline does for itself in a UTF-8 locale; this runs after the init files,
  /// which cannot turn them off, since Hangul needs them.
  private static func useUTF8CharacterLocale() {
    _ = setlocale(LC_CTYPE, "")
    if !UTF8Locale.isUTF8(codeset: currentCodeset()) {
      for candidate in UTF8Locale.candidates
      where setlocale(LC_CTYPE, candidate) != nil && UTF8Locale.isUTF8(codeset: currentCodeset()) {
        utf8Locale = candidate
        break
      }
    }
    _ = rl_variable_bind("input-meta", "on")
    _ = rl_variable_bind("output-meta", "on")
    _ = rl_variable_bind("convert-meta", "off")
  }

  private static func currentCodeset() -> String {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return "" }
    return String(cString: codeset)
  }
}

/// Which character locales readline can edit Hangul in. Pure, for tests.
enum UTF8Locale {
  /// The locales tried, in order, when the environment's is not UTF-8. `C.UTF-8` is built into
  /// glibc 2.35 and later and shipped by Debian before that.
  static let candidates = ["C.UTF-8", "C.utf8", "en_US.UTF-8"]

  /// Whether `codeset`, as `nl_langinfo(nl_item(CODESET))` names it, is UTF-8.
  static func isUTF8(codeset: String) -> Bool {
    let name = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
    return name == "utf8"
  }
}
