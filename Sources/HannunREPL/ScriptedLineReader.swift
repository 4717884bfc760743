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
    /// The read returns exactly this: a calendar key, a resize, or any other ``LineInput``.
    case input(LineInput)

    /// The user presses a calendar key on an empty line, or on `line` typed so far.
    public static func key(_ key: NavigationKey, line: String = "") -> Response {
      .input(.key(key, line: line))
    }

    /// The window is resized while `line` is on the line.
    public static func resized(line: String = "") -> Response {
      .input(.resized(line: line))
    }

    /// A line typed and entered.
    public init(stringLiteral value: String) {
      self = .line(value)
    }
  }

  /// One call to ``read(prompt:prefill:replacingPrefill:)``.
  public struct Request: Equatable, Sendable {
    /// The prompt shown.
    public let prompt: String
    /// The text the line started with; empty for none.
    public let prefill: String
    /// Whether the prefill was offered selected, to be replaced by typing.
    public let replacingPrefill: Bool

    /// A request as the reader records it.
    public init(prompt: String, prefill: String, replacingPrefill: Bool = false) {
      self.prompt = prompt
      self.prefill = prefill
      self.replacingPrefill = replacingPrefill
    }
  }

  /// The answers not yet given.
  public private(set) var pending: [Response]
  /// Every read so far, in order.
  public private(set) var requests: [Request] = []
  /// The lines kept as history, after ``HistoryPolicy`` (blank and repeated lines dropped).
  public private(set) var history: [String] = []
  /// The completion context in effect at each read, in order (``CompletionContext/empty`` until
  /// one is set).
  public private(set) var completionContexts: [CompletionContext] = []
  private var completionContext = CompletionContext.empty

  /// - Parameter responses: The answers, in order; after the last one reads return `nil`.
  public init(_ responses: [Response]) {
    pending = responses
  }

  /// A reader that types `lines` in order, then ends the input.
  public convenience init(lines: [String]) {
    self.init(lines.map(Response.line))
  }

  /// Adds answers after those not yet given.
  public func enqueue(_ responses: [Response]) {
    pending += responses
  }

  /// Adds reads that return exactly `inputs`, after the answers not yet given.
  public func enqueue(_ inputs: LineInput...) {
    pending += inputs.map(Response.input)
  }

  /// The prompts shown so far, in order.
  public var prompts: [String] { requests.map(\.prompt) }

  /// The prefills offered so far, in order (empty where there was none).
  public var prefills: [String] { requests.map(\.prefill) }

  /// The next answer, the prefill not selected.
  public func read(prompt: String, prefill: String) -> LineInput {
    read(prompt: prompt, prefill: prefill, replacingPrefill: false)
  }

  /// The next answer; the request is recorded, selection included.
  public func read(prompt: String, prefill: String, replacingPrefill: Bool) -> LineInput {
    requests.append(
      Request(prompt: prompt, prefill: prefill, replacingPrefill: replacingPrefill))
    completionContexts.append(completionContext)
    guard !pending.isEmpty else { return .endOfInput }
    switch pending.removeFirst() {
    case .line(let line): return .line(line)
    case .keepPrefill: return .line(prefill)
    case .endOfInput: return .endOfInput
    case .interrupt: return .interrupted
    case .input(let input): return input
    }
  }

  /// Keeps `line` unless ``HistoryPolicy`` says not to.
  public func addHistory(_ line: String) {
    if HistoryPolicy.shouldAdd(line, previous: history.last) { history.append(line) }
  }

  /// Keeps `context` for the next reads, which record it in ``completionContexts``.
  public func setCompletionContext(_ context: CompletionContext) {
    completionContext = context
    pendingCategories = nil
  }

  /// Whether the reader takes the ledger's categories while they are still being read, as
  /// readline does (``LineReader/completesAtTab``); `false` unless a test sets it.
  public var completesAtTab = false
  /// The categories still being read when the last context was set, or `nil`.
  public private(set) var pendingCategories: PendingCategories?

  /// Keeps `context`, and `categories` for a test to wait on.
  public func setCompletionContext(_ context: CompletionContext, categories: PendingCategories) {
    completionContext = context
    pendingCategories = categories
  }
}
