import HannunDomain

/// What ``LedgerChangeSignal`` tells a subscriber.
public enum LedgerSignal: Hashable, Sendable {
  /// A write of this process, as the repository published it (its revision and months).
  case own(LedgerChange)
  /// The stored ledger moved without a write of this process: another process (a second
  /// window, `hannun add` from a script) wrote it. Which months changed is not known.
  case outside
}

/// One signal that the ledger changed, for every frontend and library user: writes of this
/// process arrive through the repository's change feed at once; writes of other processes are
/// found by reading the stored version (``SharedLedger/storedVersion()``, two `stat` calls for
/// the file store) every `interval`, and only while someone subscribes.
///
/// A subscriber reacts as it likes: a calendar calls `refresh()` after ``LedgerSignal/outside``
/// (after ``LedgerSignal/own(_:)`` it has already heard the change), a page tells its browser
/// to fetch itself again.
public actor LedgerChangeSignal {
  private let repository: any TransactionRepository
  private let versions: (any SharedLedger)?
  private let interval: Duration
  private var subscribers: [Int: AsyncStream<LedgerSignal>.Continuation] = [:]
  private var nextKey = 0
  private var watcher: Task<Void, Never>?
  private var lastVersion: LedgerVersion?

  /// A signal over a repository.
  /// - Parameters:
  ///   - repository: Whose change feed carries this process's writes.
  ///   - versions: The stored version of the same ledger, to notice other processes' writes;
  ///     `nil` for a ledger only this process can write (then only own writes are signalled).
  ///   - interval: How often the stored version is read while anyone subscribes.
  public init(
    repository: any TransactionRepository, versions: (any SharedLedger)?,
    interval: Duration = .milliseconds(500)
  ) {
    self.repository = repository
    self.versions = versions
    self.interval = interval
  }

  /// How many subscriptions are open.
  public var subscriberCount: Int { subscribers.count }

  /// A new subscription. The watch starts with the first subscriber and stops when the last
  /// stream ends (its consumer stops iterating or is cancelled).
  /// - Returns: The signals after this call, oldest first; a slow consumer gets the newest 16.
  public func subscribe() async -> AsyncStream<LedgerSignal> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LedgerSignal.self, bufferingPolicy: .bufferingNewest(16))
    let key = nextKey
    nextKey += 1
    if watcher == nil {
      lastVersion = await versions?.storedVersion()
      let changes = await repository.subscribe().changes
      watcher = Task { [weak self] in await self?.watch(changes) }
    }
    subscribers[key] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.end(key) }
    }
    return stream
  }

  private func end(_ key: Int) {
    subscribers[key] = nil
    if subscribers.isEmpty {
      watcher?.cancel()
      watcher = nil
    }
  }

  private func watch(_ changes: AsyncStream<LedgerChange>) async {
    let feed = Task { [weak self] in
      for await change in changes { await self?.announceOwn(change) }
    }
    defer { feed.cancel() }
    guard versions != nil else {
      return await withTaskCancellationHandler {
        await feed.value
      } onCancel: {
        feed.cancel()
      }
    }
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      guard !Task.isCancelled else { return }
      let version = await versions?.storedVersion()
      if version != lastVersion {
        lastVersion = version
        broadcast(.outside)
      }
    }
  }

  /// A write of this process: said at once, and the version it stored noted so that the next
  /// reading does not say it again as another process's.
  private func announceOwn(_ change: LedgerChange) async {
    lastVersion = await versions?.storedVersion()
    broadcast(.own(change))
  }

  private func broadcast(_ signal: LedgerSignal) {
    for continuation in subscribers.values { continuation.yield(signal) }
  }
}
