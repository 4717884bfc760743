/// A ``LineReader`` that answers from a list, and records what it was asked: for tests.
public final class ScriptedLineReader: LineReader {
  /// One scripted answer.
  public enum Response: Equatable, Sendable, ExpressibleByStringLiteral {
    /// The user types this line (replacing any prefill) and presses Return.
    case line(String)
    /// The user presses Return on the prefilled text unchanged.
    case keepPrefill
    /// The user presses Ctrl-D.
    case endOfInput
    /// Ctrl-C while the line is being edited.
    case interrupt

    public init(stringLiteral value: String) {
      self = .line(value)
    }
  }

  /// One call to ``readLine(prompt:prefill:)``.
  public struct Request: Equatable, Sendable {
    public let prompt: String
    public let prefill: String

    public init(prompt: String, prefill: String) {
      self.prompt = prompt
      self.prefill = prefill
    }
  }

  /// The answers not yet given.
  public private(set) var pending: [Response]
  /// Every read so far, in order.
  public private(set) var requests: [Request] = []
  /// The lines kept as history, after ``HistoryPolicy`` (blank and repeated lines dropped).
  public private(set) var history: [String] = []

  /// - Parameter responses: The answers, in order; after the last one reads return `nil`.
  public init(_ responses: [Response]) {
    pending = responses
  }

  /// A reader that types `lines` in order, then ends the input.
  public convenience init(lines: [String]) {
    self.init(lines.map(Response.line))
  }

  /// The prompts shown so far, in order.
  public var prompts: [String] { requests.map(\.prompt) }

  /// The prefills offered so far, in order (empty where there was none).
  public var prefills: [String] { requests.map(\.prefill) }

  public func read(prompt: String, prefill: String) -> LineInput {
    requests.append(Request(prompt: prompt, prefill: prefill))
    guard !pending.isEmpty else { return .endOfInput }
    switch pending.removeFirst() {
    case .line(let line): return .line(line)
    case .keepPrefill: return .line(prefill)
    case .endOfInput: return .endOfInput
    case .interrupt: return .interrupted
    }
  }

  public func addHistory(_ line: String) {
    if HistoryPolicy.shouldAdd(line, previous: history.last) { history.append(line) }
  }
}
