@preconcurrency import CReadline
import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tab completion through readline.
extension ReadlineGlobals {
  /// The candidates of the completion in progress; readline asks for them one at a time.
  nonisolated(unsafe) static var completions: [String] = []

  /// Words break at spaces and tabs only (the parser's quotes and backslashes are not word
  /// breaks), matches keep ``CommandCompletion``'s order (most used category first), and Tab
  /// completes file names only where a command takes a file (`import`).
  static func configureCompletion() {
    let breaks = UnsafePointer(strdup(" \t"))
    rl_completer_word_break_characters = breaks
    rl_basic_word_break_characters = breaks
    rl_sort_completion_matches = 0
    rl_attempted_completion_function = { text, start, end in
      ReadlineGlobals.complete(text, start: start, end: end)
    }
  }

  /// Readline's completion entry point: ``CommandCompletion`` over the line up to the cursor,
  /// with the session's ``completionContext``. Readline counts in bytes; the text is decoded
  /// as UTF-8 (``TerminalText/decodingUTF8(_:)``), so a Hangul word is one word.
  static func complete(_ text: UnsafePointer<CChar>?, start: Int32, end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  {
    rl_attempted_completion_over = 1
    guard let text, let buffer = rl_line_buffer else { return nil }
    let line = TerminalText.decodingUTF8(
      UnsafeRawBufferPointer(start: buffer, count: Int(max(0, min(end, rl_end)))))
    let word = TerminalText.decodingUTF8(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    let fileName = CommandCompletion.completesFileName(line: line, word: word)
    // File names list sorted; other matches keep their order.
    rl_sort_completion_matches = fileName ? 1 : 0
    if fileName {
      // Readline's own completer: files and folders, `~`, a `/` after a folder.
      return rl_completion_matches(text, rl_filename_completion_function)
    }
    if let pending = pendingCategories {
      // Read since the prompt was shown; a Tab pressed before the read ends waits for it.
      completionContext.categories =
        pending.wait(seconds: 10) ?? completionContext.categories
      pendingCategories = nil
    }
    completions = CommandCompletion.candidates(
      line: line, word: word, context: completionContext)
    guard !completions.isEmpty else { return nil }
    return rl_completion_matches(text) { _, state in
      let index = Int(state)
      guard index < ReadlineGlobals.completions.count else { return nil }
      return strdup(ReadlineGlobals.completions[index])
    }
  }
}
