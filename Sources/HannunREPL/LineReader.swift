/// Where the session's lines come from: an interactive line editor, standard input, or a script
/// in tests.
///
/// A reader is used from one thread at a time; the session owns it.
public protocol LineReader: AnyObject {
  /// Reads one line after showing `prompt`, with `prefill` already typed and editable on the
  /// line (for changing an old value); readers that cannot edit ignore `prefill`.
  /// - Parameters:
  ///   - prompt: May contain ANSI styles; interactive readers account for their width.
  ///   - prefill: Text the line starts with; empty for none.
  /// - Returns: What the read produced: see ``LineInput``.
  func read(prompt: String, prefill: String) -> LineInput

  /// Reads one line like ``read(prompt:prefill:)``; with `replacingPrefill`, the prefill is shown
  /// selected, so that the first character typed replaces it (for a refused answer asked again),
  /// while Enter keeps it and any editing key (arrows, Backspace, Home, Ctrl-…) edits it.
  ///
  /// Readers that cannot select text ignore `replacingPrefill`: this protocol's default does.
  func read(prompt: String, prefill: String, replacingPrefill: Bool) -> LineInput

  /// Remembers a line so Up and Down recall it. Readers add nothing themselves, so the session
  /// decides which lines are worth recalling (commands, usually not form answers).
  func addHistory(_ line: String)

  /// The ledger's words Tab offers from the next read on: categories and the number of entries
  /// of the selected day. The session sets it before each command prompt; readers without
  /// completion ignore it (this protocol's default does).
  func setCompletionContext(_ context: CompletionContext)

  /// Like ``setCompletionContext(_:)``, with the ledger's categories still being read: a reader
  /// that completes only when Tab is pressed (readline) takes them then, waiting if need be.
  /// Only called when ``completesAtTab`` is `true`; this protocol's default ignores it.
  func setCompletionContext(_ context: CompletionContext, categories: PendingCategories)

  /// Whether the reader asks for the ledger's categories only when Tab is pressed, so the
  /// session can show its prompt before they are read; `false` by default.
  var completesAtTab: Bool { get }

  /// The bell that ends a ``readCommand(prompt:prefill:)`` when another process wrote the
  /// ledger, or `nil` for readers that cannot be woken (this protocol's default).
  var ledgerBell: LedgerBell? { get }

  /// Reads a command at the session's prompt like ``read(prompt:prefill:)``; a reader with a
  /// ``ledgerBell`` also ends the read when the bell rings, with ``LineInput/changed(line:)``.
  /// Form fields and questions use ``read(prompt:prefill:)``, which the bell does not end.
  func readCommand(prompt: String, prefill: String) -> LineInput

  /// Reads a one-key answer after showing `prompt` (a pager's Enter, Space or `q`): a reader
  /// that can read a single key returns as soon as one character is typed (Enter gives an empty
  /// line), with the cursor left on the next line as after Enter. A reader with a
  /// ``ledgerBell`` also ends it when the bell rings, with ``LineInput/changed(line:)``, so that
  /// a page on screen is drawn again as the ledger now is. This protocol's default reads a line
  /// with ``read(prompt:prefill:)``.
  func readKeyAnswer(prompt: String) -> LineInput
}

/// What one read produced.
public enum LineInput: Equatable, Sendable {
  /// A line was entered. Interactive readers return valid UTF-8 only (see
  /// ``TerminalText/decodingUTF8(_:)``).
  case line(String)
  /// Ctrl-C was pressed while the line was being edited.
  case interrupted
  /// The input ended (Ctrl-D on an empty line, or the end of a script).
  case endOfInput
  /// A calendar key was pressed (see ``NavigationKey``) without Enter. `line` is what had been
  /// typed, for the caller to offer as the prefill of its next read; it is empty for the keys
  /// that act only on an empty line. The reader wipes the line from the screen, so the next read
  /// draws its prompt in place.
  case key(NavigationKey, line: String)
  /// The terminal changed size while the line was being edited. The line editor has learned the
  /// new size; `line` is what had been typed, for the caller to redraw its screen and read again
  /// with it as the prefill.
  case resized(line: String)
  /// Another process wrote the ledger while a command was being typed (see
  /// ``LineReader/readCommand(prompt:prefill:)``). `line` is what had been typed, for the caller
  /// to redraw its screen and read again with it as the prefill; the reader puts the cursor back
  /// where it was.
  case changed(line: String)
}

extension LineReader {
  /// Shows no selection: for readers that cannot select text.
  public func read(prompt: String, prefill: String, replacingPrefill: Bool) -> LineInput {
    read(prompt: prompt, prefill: prefill)
  }

  /// Ignores the context: for readers without completion.
  public func setCompletionContext(_ context: CompletionContext) {}

  /// Ignores the context: for readers without completion.
  public func setCompletionContext(_ context: CompletionContext, categories: PendingCategories) {}

  /// No: the session gives the categories with the context.
  public var completesAtTab: Bool { false }

  /// No bell: for readers that cannot be woken.
  public var ledgerBell: LedgerBell? { nil }

  /// Reads like ``read(prompt:prefill:)``: for readers without a bell.
  public func readCommand(prompt: String, prefill: String) -> LineInput {
    read(prompt: prompt, prefill: prefill)
  }

  /// Reads a whole line: for readers that cannot read a single key.
  public func readKeyAnswer(prompt: String) -> LineInput {
    read(prompt: prompt, prefill: "")
  }

  /// Reads a line where Ctrl-C only discards what was typed, as in a shell, for callers that
  /// handle lines only.
  ///
  /// - A calendar key gives its command word (``NavigationKey/commandWord``: `prev`, `next`,
  ///   `today`), so such a caller still moves the calendar; what had been typed is dropped.
  /// - A resized terminal (or a changed ledger) reads again at once with what had been typed, so
  ///   nothing is lost.
  /// - Returns: The line (empty after Ctrl-C), or `nil` at the end of input.
  public func readLine(prompt: String, prefill: String) -> String? {
    var prefill = prefill
    while true {
      switch read(prompt: prompt, prefill: prefill) {
      case .line(let line): return line
      case .interrupted: return ""
      case .endOfInput: return nil
      case .key(let key, _): return key.commandWord
      case .resized(let line), .changed(let line): prefill = line
      }
    }
  }

  /// Reads one line after showing `prompt`, starting empty.
  /// - Returns: The line without its newline, or `nil` at the end of input (Ctrl-D).
  public func readLine(prompt: String) -> String? {
    readLine(prompt: prompt, prefill: "")
  }
}

/// Which lines go into history: the rule every reader shares.
public enum HistoryPolicy {
  /// The most lines kept, in memory and in a history file.
  public static let limit = 1000

  /// Whether `line` should be added after `previous`: not blank, and not the same as the line
  /// just before it.
  public static func shouldAdd(_ line: String, previous: String?) -> Bool {
    !line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{3000}" } && line != previous
  }
}
