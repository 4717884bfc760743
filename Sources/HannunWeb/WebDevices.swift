import HannunDomain
import HannunKit

/// The application core each device works in: one `LedgerSession` (its coordinator, editor and
/// undo history) per signed-in device — per browser on loopback — made from the server's session
/// on the device's first request that comes with its cookie, all sharing one store and one
/// change signal. Undo and redo belong to the device that wrote. At most ``capacity`` are kept;
/// the least recently used is forgotten first (its undo history with it). A request from no
/// known browser works in a ``passing()`` session, which nothing keeps.
@MainActor
final class WebDevices {
  /// The server's session, which every device's is made from.
  let root: LedgerSession
  /// The most devices kept at once.
  let capacity: Int
  private let makeID: @Sendable () -> TransactionID
  /// The reads the devices share, if any.
  private let cache: LedgerReadCache?
  private var sessions: [String: LedgerSession] = [:]
  private var order: [String] = []

  /// Devices made from `root`, their new entries' ids made by `makeID`, reading through
  /// `cache` when one is given (``LedgerSession/device(sharing:language:makeID:)``).
  init(
    root: LedgerSession, cache: LedgerReadCache? = nil,
    makeID: @escaping @Sendable () -> TransactionID, capacity: Int = 256
  ) {
    self.root = root
    self.cache = cache
    self.makeID = makeID
    self.capacity = capacity
  }

  /// The session of the device `key` names, made on first use; its routes are closed, so each
  /// request opens the one it shows.
  func session(for key: String) -> LedgerSession {
    let session: LedgerSession
    if let kept = sessions[key] {
      order.removeAll { $0 == key }
      session = kept
    } else {
      session = passing()
      sessions[key] = session
      if order.count >= capacity { sessions[order.removeFirst()] = nil }
    }
    order.append(key)
    session.coordinator.path = []
    return session
  }

  /// The session of the device `key` names, or `nil` when it has none (it wrote nothing, or was
  /// forgotten).
  func existing(for key: String) -> LedgerSession? { sessions[key] }

  /// A session made for one request and kept by nothing: what a request from no known browser
  /// (no cookie, or one this server did not make) draws its page in, so that such requests — a
  /// load generator's, a crawler's — hold no calendar and no month of entries between them.
  func passing() -> LedgerSession {
    cache.map { root.device(sharing: $0, makeID: makeID) } ?? root.device(makeID: makeID)
  }

  /// How many device sessions are kept.
  var count: Int { sessions.count }
}
