/// How often each client may try a sign-in token: a few wrong tokens at once, then a wait that
/// doubles with each further wrong one (1 s, 2 s, 4 s … up to ``longestWait``), during which
/// every try is answered 429 with `Retry-After` and the token is not even compared. A right
/// token forgets the client's count. Clients are told apart by their IP address.
///
/// It reads time only through `now`, so that tests can move it.
struct SignInLimiter {
  /// Wrong tokens allowed before any wait.
  static let freeFailures = 5
  /// The longest wait.
  static let longestWait = Duration.seconds(900)
  /// Clients remembered at most (the least recently failed forgotten first).
  static let capacity = 10_000

  private struct Record {
    var failures: Int
    var until: ContinuousClock.Instant
    var last: ContinuousClock.Instant
  }

  private var records: [String: Record] = [:]
  private let now: @Sendable () -> ContinuousClock.Instant

  /// A limiter reading the time from `now`.
  init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
    self.now = now
  }

  /// How long `client` must still wait before a token is compared, or `nil` when it may try.
  func wait(for client: String) -> Duration? {
    guard let record = records[client] else { return nil }
    let left = record.until - now()
    return left > .zero ? left : nil
  }

  /// Counts a wrong token from `client`.
  mutating func failed(_ client: String) {
    let time = now()
    var record = records[client] ?? Record(failures: 0, until: time, last: time)
    record.failures += 1
    record.last = time
    let over = record.failures - Self.freeFailures
    if over > 0 {
      let wait = over > 10 ? Self.longestWait : min(Self.longestWait, .seconds(1 << (over - 1)))
      record.until = time + wait
    }
    records[client] = record
    if records.count > Self.capacity,
      let oldest = records.min(by: { $0.value.last < $1.value.last })
    {
      records[oldest.key] = nil
    }
  }

  /// Forgets `client`'s wrong tokens after a right one.
  mutating func succeeded(_ client: String) {
    records[client] = nil
  }
}

extension Duration {
  /// Whole seconds, rounded up: what `Retry-After` says.
  var wholeSecondsUp: Int {
    let (seconds, attoseconds) = components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }
}
