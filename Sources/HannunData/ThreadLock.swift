import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A lock for state that several threads share, in place of Foundation's `NSLock`, which would
/// link corelibs Foundation into `hannun` (see ``FoundationText``): a dispatch semaphore of one.
package final class ThreadLock: @unchecked Sendable {
  // Unchecked: the semaphore is itself safe to use from any thread.
  private let semaphore = DispatchSemaphore(value: 1)

  /// An unlocked lock.
  package init() {}

  /// Runs `body` holding the lock.
  /// - Parameter body: The work done under the lock.
  /// - Returns: What `body` returns.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    semaphore.wait()
    defer { semaphore.signal() }
    return try body()
  }
}
