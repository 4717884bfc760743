/// Reads lines from standard input with no prompt and no editing: for input that is not a
/// terminal, so a session can be driven by a script or a pipe.
public final class StandardInputLineReader: LineReader {
  private let source: () -> String?

  /// Reads from standard input.
  public convenience init() {
    self.init(source: { Swift.readLine(strippingNewline: true) })
  }

  /// Reads from `source`, which returns one line without its `\n`, or `nil` at the end.
  init(source: @escaping () -> String?) {
    self.source = source
  }

  /// The next line, without its line ending (`\n` or `\r\n`); `prompt` and `prefill` are
  /// ignored. Returns ``LineInput/endOfInput`` at the end of input.
  public func read(prompt: String, prefill: String) -> LineInput {
    guard var line = source() else { return .endOfInput }
    if line.hasSuffix("\r") { line.removeLast() }
    return .line(line)
  }

  /// Does nothing: piped input has no history to recall.
  public func addHistory(_ line: String) {}
}
