/// Fans ledger changes out to subscribers. Repository implementations keep one inside their own
/// isolation (an actor), so the feed itself needs no locking.
public struct LedgerChangeFeed: Sendable {
  /// The number of the latest published change; 0 before the first.
  public private(set) var revision: UInt64 = 0
  private var subscribers: [Int: AsyncStream<LedgerChange>.Continuation] = [:]
  private var nextKey = 0

  /// An empty feed at revision 0, with no subscribers.
  public init() {}

  /// Adds a subscriber. A finished stream is removed on the next publish.
  /// - Returns: The revision the subscription starts after, and the stream of later changes.
  public mutating func subscribe() -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    let (stream, continuation) = AsyncStream<LedgerChange>.makeStream()
    subscribers[nextKey] = continuation
    nextKey += 1
    return (revision, stream)
  }

  /// Records a write and tells every subscriber.
  /// - Parameters:
  ///   - months: The months whose totals the write changed.
  ///   - entriesOnly: Whether the write changed entries only (see
  ///     ``LedgerChange/entriesOnly``).
  public mutating func publish(months: Set<YearMonth>, entriesOnly: Bool = false) {
    revision += 1
    let change = LedgerChange(revision: revision, months: months, entriesOnly: entriesOnly)
    for (key, continuation) in subscribers {
      if case .terminated = continuation.yield(change) { subscribers[key] = nil }
    }
  }
}
