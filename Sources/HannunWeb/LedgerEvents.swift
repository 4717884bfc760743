import Foundation
import HannunDomain
import HannunPresentation
import Hummingbird
import ServiceLifecycle

/// `GET /events`: a `text/event-stream` that says `event: ledger` whenever the ledger changes,
/// so that an open page fetches itself again.
///
/// What changed comes from the core's one signal, the session's `LedgerSession.changes` (shared by
/// every device's session): writes through this server at once, writes by other processes (the
/// REPL, `hannun add`) when the ledger's stored version moves, read at the signal's interval while
/// anyone listens and never otherwise. A comment line
/// every 15 seconds keeps proxies from closing the stream and finds closed connections. A graceful
/// shutdown (Ctrl-C) ends every stream.
actor LedgerEvents {
  /// What a listener is told.
  enum Event: Sendable {
    case ledger(UInt64)
    case ping
  }

  /// The session's one change signal, subscribed to while any stream is open.
  let signal: LedgerChangeSignal
  private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
  private var watcher: Task<Void, Never>?
  private var pinger: Task<Void, Never>?
  private var sent: UInt64 = 0

  /// Events over the session's change signal: this process's writes and everyone's.
  init(signal: LedgerChangeSignal) {
    self.signal = signal
  }

  /// How many streams are open.
  var listenerCount: Int { listeners.count }

  /// A new listener's stream; the watch starts with the first.
  func listen() async -> (UUID, AsyncStream<Event>) {
    let id = UUID()
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(4))
    if watcher == nil {
      let signals = await signal.subscribe()
      watcher = Task { [weak self] in
        for await _ in signals { await self?.broadcastLedger() }
      }
      pinger = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(15))
          guard !Task.isCancelled else { return }
          await self?.broadcast(.ping)
        }
      }
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
      pinger?.cancel()
      pinger = nil
    }
  }

  private func broadcastLedger() {
    sent += 1
    broadcast(.ledger(sent))
  }

  private func broadcast(_ event: Event) {
    for continuation in listeners.values { continuation.yield(event) }
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
