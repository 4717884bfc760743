import Foundation
import HannunDomain
import Hummingbird
import ServiceLifecycle

/// `GET /events`: a `text/event-stream` that says `event: ledger` whenever the ledger changes,
/// so that an open page fetches itself again.
///
/// Writes through this server arrive on the repository's change feed. Writes by other processes
/// (the REPL, `hannun add`) cannot: while anyone listens, the ledger's stored version
/// (`SharedLedger.storedVersion()`, two `stat` calls for the file store) is read every
/// ``interval``. Nothing is read while nobody listens. A comment line every 15 seconds keeps
/// proxies from closing the stream and finds closed connections. A graceful shutdown (Ctrl-C)
/// ends every stream.
actor LedgerEvents {
  /// What a listener is told.
  enum Event: Sendable {
    case ledger(UInt64)
    case ping
  }

  private let repository: any TransactionRepository
  private let interval: Duration
  private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
  private var watcher: Task<Void, Never>?
  private var sent: UInt64 = 0
  private var lastVersion: LedgerVersion?

  /// Events over a repository.
  init(repository: any TransactionRepository, interval: Duration) {
    self.repository = repository
    self.interval = interval
  }

  /// How many streams are open.
  var listenerCount: Int { listeners.count }

  /// A new listener's stream; the watch starts with the first.
  func listen() async -> (UUID, AsyncStream<Event>) {
    let id = UUID()
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(4))
    if watcher == nil {
      lastVersion = await storedVersion()
      let changes = await repository.subscribe().changes
      watcher = Task { [weak self] in await self?.watch(changes) }
    }
    listeners[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.stop(id) }
    }
    return (id, stream)
  }

  /// Ends a listener; the watch stops with the last.
  func stop(_ id: UUID) {
    listeners[id]?.finish()
    listeners[id] = nil
    if listeners.isEmpty {
      watcher?.cancel()
      watcher = nil
    }
  }

  private func watch(_ changes: AsyncStream<LedgerChange>) async {
    let feed = Task { [weak self] in
      for await _ in changes { await self?.announceOwnWrite() }
    }
    defer { feed.cancel() }
    var ticks = Duration.zero
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      guard !Task.isCancelled else { return }
      let version = await storedVersion()
      if version != lastVersion {
        lastVersion = version
        broadcast(.ledger(next()))
      }
      ticks += interval
      if ticks >= .seconds(15) {
        ticks = .zero
        broadcast(.ping)
      }
    }
  }

  /// A write through this process: said at once, and its stored version noted so that the next
  /// poll does not say it again.
  private func announceOwnWrite() async {
    lastVersion = await storedVersion()
    broadcast(.ledger(next()))
  }

  private func next() -> UInt64 {
    sent += 1
    return sent
  }

  private func broadcast(_ event: Event) {
    for continuation in listeners.values { continuation.yield(event) }
  }

  private func storedVersion() async -> LedgerVersion? {
    await (repository as? any SharedLedger)?.storedVersion()
  }

  /// The streaming response; it ends after `limit` ledger events when one is given.
  nonisolated func response(limit: Int? = nil) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        let (id, stream) = await self.listen()
        do {
          try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
          var count = 0
          // A stream open in a browser must not keep Ctrl-C from stopping the server.
          for await event in stream.cancelOnGracefulShutdown() {
            switch event {
            case .ledger(let number):
              try await writer.write(ByteBuffer(string: "event: ledger\ndata: \(number)\n\n"))
              count += 1
            case .ping:
              try await writer.write(ByteBuffer(string: ": ping\n\n"))
            }
            if let limit, count >= limit { break }
          }
        } catch {
          await self.stop(id)
          throw error
        }
        await self.stop(id)
        try await writer.finish(nil)
      })
  }
}
