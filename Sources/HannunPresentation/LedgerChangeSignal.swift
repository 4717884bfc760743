import HannunDomain

/// What ``LedgerChangeSignal`` tells a subscriber.
public enum LedgerSignal: Hashable, Sendable {
  /// A write of this process, as the repository published it (its revision and months). A write
  /// of another process that lands in the same instant, between this one's commit and its
  /// announcement, is folded into it: the next `.outside` or a refresh brings it.
  case own(LedgerChange)
  /// The stored ledger moved without a write of this process: another process (a second
  /// window, `hannun add` from a script) wrote it. Which months changed is not known.
  case outside
}

/// One signal that the ledger changed, for every frontend and library user: writes of this
/// process arrive through the repository's change feed at once; writes of other processes are
/// found by reading the stored version (``SharedLedger/storedVersion()``, two `stat` calls for
/// the file store) whenever the store's wake-ups (``SharedLedger/versionWakeups()``: inotify
/// for the file store on Linux) say it may have moved, and every `interval` besides (the only
/// reading where the store cannot tell), and only while someone subscribes.
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
  /// The revision of the last own write announced (and whose stored version is noted).
  private var announcedRevision: UInt64 = 0
  /// Whether the running watch is woken by the store (see ``wakesOnOutsideWrites``).
  private var woken = false

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

  /// Whether another process's write is signalled as soon as the store notices it (the store
  /// gave wake-ups when the watch started), rather than at the next reading every `interval`.
  /// `false` while nobody subscribes.
  public var wakesOnOutsideWrites: Bool { watcher != nil && woken }

  /// A new subscription. The watch starts with the first subscriber and stops when the last
  /// stream ends (its consumer stops iterating or is cancelled).
  /// - Returns: The signals after this call, oldest first; a slow consumer gets the newest 16.
  public func subscribe() async -> AsyncStream<LedgerSignal> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: LedgerSignal.self, bufferingPolicy: .bufferingNewest(16))
    let key = nextKey
    nextKey += 1
    if watcher == nil {
      let (revision, changes) = await repository.subscribe()
      announcedRevision = revision
      lastVersion = await versions?.storedVersion()
      let wakeups = await versions?.versionWakeups()
      woken = wakeups != nil
      watcher = Task { [weak self] in await self?.watch(changes, wakeups: wakeups) }
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

  private func watch(_ changes: AsyncStream<LedgerChange>, wakeups: AsyncStream<Void>?) async {
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
    // A reading is due at each of the store's wake-ups and every `interval` besides; readings
    // asked for while one is under way make one more.
    let (readings, due) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let woken = Task {
      guard let wakeups else { return }
      for await _ in wakeups { due.yield() }
    }
    let ticking = Task { [interval] in
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        due.yield()
      }
    }
    defer {
      woken.cancel()
      ticking.cancel()
      due.finish()
    }
    for await _ in readings {
      guard !Task.isCancelled else { return }
      // An own write between the two revision readings (or published but not yet announced)
      // moved the version too: its announcement notes the version, so this reading is skipped
      // rather than taken for another process's write. A store commits and publishes in one
      // step of its own isolation, so a version read between equal revisions has no own write
      // in it that is not yet published.
      let before = await repository.latestRevision()
      let version = await versions?.storedVersion()
      let after = await repository.latestRevision()
      guard before == after, after == announcedRevision else { continue }
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
    announcedRevision = max(announcedRevision, change.revision)
    broadcast(.own(change))
  }

  private func broadcast(_ signal: LedgerSignal) {
    for continuation in subscribers.values { continuation.yield(signal) }
  }
}

extension LedgerChangeSignal {
  /// Where the ledger stood at one moment, as a frontend that draws on demand (the REPL) notes
  /// it after drawing: this process's latest write and the stored version. Reading one takes no
  /// lock (two `stat` calls for the file store).
  public struct Mark: Equatable, Sendable {
    /// The revision of this process's latest write.
    public let revision: UInt64
    /// The stored version, or `nil` for a ledger only this process can write.
    public let version: LedgerVersion?

    /// Whether the ledger moved since `earlier` by a write of another process. A stored version
    /// that moved together with a write of this process is taken for that write's (as the
    /// signal itself does), so a write of another process in the same moment shows with the
    /// next one.
    /// - Parameter earlier: A mark taken before.
    /// - Returns: `true` when only another process can have moved the stored version.
    public func showsOutsideWrite(since earlier: Mark) -> Bool {
      version != earlier.version && revision == earlier.revision
    }

    /// Whether anything was written since `earlier`, by this process or another.
    /// - Parameter earlier: A mark taken before.
    /// - Returns: `true` when the revision or the stored version moved.
    public func showsAnyWrite(since earlier: Mark) -> Bool { self != earlier }
  }

  /// The ledger's mark now, without taking a lock. Compare it with the one taken when the screen
  /// was last drawn: a frontend then reads the ledger again only after another process wrote it,
  /// its own writes having already arrived through the change feed.
  /// - Returns: This process's latest revision and the stored version.
  public func mark() async -> Mark {
    let revision = await repository.latestRevision()
    return Mark(revision: revision, version: await versions?.storedVersion())
  }
}
