import HannunDomain
import HannunKit

/// The application core each device works in: one `LedgerSession` (its coordinator, editor and
/// undo history) per signed-in device — per browser on loopback — made from the server's session
/// on the device's first write or form, all sharing one store and one change signal. Undo and
/// redo belong to the device that wrote. At most ``capacity`` are kept; the least recently used
/// is forgotten first (its undo history with it).
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
      session =
        cache.map { root.device(sharing: $0, makeID: makeID) } ?? root.device(makeID: makeID)
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
}
