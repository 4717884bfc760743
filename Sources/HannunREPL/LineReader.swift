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
  /// - Returns: The line without its newline, ``LineInput/interrupted`` when Ctrl-C abandoned
  ///   it, or ``LineInput/endOfInput`` at the end of input (Ctrl-D).
  func read(prompt: String, prefill: String) -> LineInput

  /// Remembers a line so Up and Down recall it. Readers add nothing themselves, so the session
  /// decides which lines are worth recalling (commands, usually not form answers).
  func addHistory(_ line: String)
}

/// What one read produced, for readers of answers that Ctrl-C must be able to abandon.
public enum LineInput: Equatable, Sendable {
  /// A line was entered.
  case line(String)
  /// Ctrl-C was pressed while the line was being edited.
  case interrupted
  /// The input ended (Ctrl-D on an empty line, or the end of a script).
  case endOfInput
}

extension LineReader {
  /// Reads a line where Ctrl-C only discards what was typed, as in a shell.
  /// - Returns: The line (empty after Ctrl-C), or `nil` at the end of input.
  public func readLine(prompt: String, prefill: String) -> String? {
    switch read(prompt: prompt, prefill: prefill) {
    case .line(let line): line
    case .interrupted: ""
    case .endOfInput: nil
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

/// Choosing a reader for the process.
public enum LineReaders {
  /// A ``ReadlineLineReader`` when standard input is a terminal, otherwise a
  /// ``StandardInputLineReader`` so that sessions can be scripted through a pipe.
  /// - Parameter historyFile: Where the interactive reader keeps history, usually
  ///   ``ReadlineLineReader/defaultHistoryFile(environment:)``; `nil` keeps it in memory only.
  public static func standard(historyFile: String?) -> any LineReader {
    Terminal.isTerminal(0)
      ? ReadlineLineReader(historyFile: historyFile) : StandardInputLineReader()
  }
}
