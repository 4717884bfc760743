import Foundation

/// Where the one-shot commands write: standard output and standard error, unless a test (or an
/// embedding app) sets other sinks for the task, so commands run and are checked in process.
public enum Console {
  /// Writes text to standard output (nothing is added; pass the newline).
  @TaskLocal public static var output: @Sendable (String) -> Void = { text in
    print(text, terminator: "")
  }

  /// Writes text to standard error.
  @TaskLocal public static var errorOutput: @Sendable (String) -> Void = { text in
    // Whatever was printed first reaches the terminal first.
    fflush(nil)
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes one line to ``output``.
  static func line(_ text: String) { output(text + "\n") }
}
