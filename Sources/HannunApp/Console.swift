#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    Console.writeAll(text, to: STDERR_FILENO)
  }

  /// Writes all of `text` to the file descriptor, as `FileHandle.write` does, retrying after a
  /// signal; a write the descriptor refuses ends it.
  static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var written = 0
      while written < bytes.count {
        let count = write(descriptor, base + written, bytes.count - written)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        written += count
      }
    }
  }

  /// Writes one line to ``output``.
  static func line(_ text: String) { output(text + "\n") }
}
