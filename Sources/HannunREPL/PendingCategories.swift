import Dispatch
import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ledger's categories for Tab, read off the main actor while the prompt already waits:
/// after a write the session starts the read and shows its prompt at once, and Tab waits for
/// the read only when it is pressed before the read is done.
public final class PendingCategories: @unchecked Sendable {
  // Unchecked: `words` and `finished` are read and written only under `lock`, a semaphore of
  // one.
  private let lock = DispatchSemaphore(value: 1)
  private var words: [String]?
  private var finished = false
  private let done = DispatchSemaphore(value: 0)

  /// Starts reading.
  /// - Parameter read: Reads the categories, most used first; `nil` when they cannot be read.
  public init(_ read: @escaping @Sendable () async -> [String]?) {
    Task.detached { [self] in
      let words = await read()
      locked {
        self.words = words
        finished = true
      }
      done.signal()
    }
  }

  /// Categories known now, without waiting: the read's outcome, `nil` before it is done or when
  /// it failed.
  public var ready: [String]? { locked { words } }

  /// Whether the read is done (its categories, or its failure).
  public var isFinished: Bool { locked { finished } }

  /// Waits for the read, at most `seconds`.
  /// - Parameter seconds: The longest wait.
  /// - Returns: The categories, or `nil` when the read failed or did not end in time.
  public func wait(seconds: Double) -> [String]? {
    if isFinished { return ready }
    if done.wait(timeout: .now() + seconds) == .success {
      // Left signalled for whoever waits next.
      done.signal()
    }
    return ready
  }

  /// `body`'s answer, run holding `lock`.
  private func locked<Result>(_ body: () -> Result) -> Result {
    lock.wait()
    defer { lock.signal() }
    return body()
  }
}
