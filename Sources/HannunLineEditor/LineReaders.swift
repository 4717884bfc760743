import HannunREPL

/// Choosing a reader for the process.
public enum LineReaders {
  /// A ``ReadlineLineReader`` when standard input is a terminal, otherwise a
  /// `StandardInputLineReader` so that sessions can be scripted through a pipe.
  /// - Parameter historyFile: Where the interactive reader keeps history, usually
  ///   ``ReadlineLineReader/defaultHistoryFile(environment:)``; `nil` keeps it in memory only.
  public static func standard(historyFile: String?) -> any LineReader {
    Terminal.isTerminal(0)
      ? ReadlineLineReader(historyFile: historyFile) : StandardInputLineReader()
  }
}
