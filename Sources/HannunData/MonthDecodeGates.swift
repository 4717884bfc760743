#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Holds the decoding of chosen month files where it happens, for tests that must show a read
/// going on while another month is being decoded, whatever the machine's speed: a test's gate
/// runs on the thread that is about to decode the file, and decoding waits for it to return.
///
/// Nothing in Hannun sets a gate; with none set, passing costs a lock and a lookup in an empty
/// dictionary, nothing beside a month's decoding.
package final class MonthDecodeGates: @unchecked Sendable {
  // Unchecked: `gates` is read and written under `lock` only.
  /// The gates of this process.
  package static let shared = MonthDecodeGates()

  private let lock = ThreadLock()
  private var gates: [String: @Sendable () -> Void] = [:]

  private init() {}

  /// Sets `gate` to run before the month file at `path` (absolute, as the store's layout names
  /// it) is decoded off the store's actor, until ``remove(_:)``.
  package func hold(_ path: String, with gate: @escaping @Sendable () -> Void) {
    lock.withLock {
      gates[path] = gate
    }
  }

  /// Removes the gate set for `path`.
  package func remove(_ path: String) {
    lock.withLock {
      gates[path] = nil
    }
  }

  /// Runs the gate set for `path`, if any, before its file is decoded.
  func pass(_ path: String) {
    guard let gate = lock.withLock({ gates[path] }) else { return }
    gate()
  }
}
