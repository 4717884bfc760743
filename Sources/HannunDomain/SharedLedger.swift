/// A repository whose ledger other processes may write too (a second window, a script, a web
/// page): it can tell cheaply whether anyone wrote since it last looked, so a frontend that
/// shows the ledger for a long time (a web page, a REPL) knows when to read it again.
///
/// Writes through the repository itself are published on its change feed
/// (``TransactionRepository/subscribe()``); this is for the writes the feed cannot hear of.
public protocol SharedLedger: Sendable {
  /// The ledger's version as stored now. Two equal versions mean that no process wrote the
  /// ledger in between; a different version means that one may have. Reading it reads no
  /// entries.
  func storedVersion() async -> LedgerVersion

  /// Wake-ups for whoever watches ``storedVersion()``: an element soon after the stored ledger
  /// may have moved (several changes may make one element, and an element may come with no
  /// change), so the watcher reads the version then instead of on a timer. The stream holds
  /// what it watches with (for the file store, an inotify descriptor) until it ends: its
  /// consumer stops iterating or is cancelled.
  /// - Returns: The wake-ups, or `nil` when this store cannot tell (its watcher then polls);
  ///   `nil` by default.
  func versionWakeups() async -> AsyncStream<Void>?

  /// Whether a write of this store created the stored ledger (wrote its first `meta.json`), as
  /// opposed to another process that opened the same new ledger at the same time.
  /// - Returns: `true` by default: a store that cannot tell takes the ledger's first stored
  ///   change for its own.
  func createdTheLedger() async -> Bool
}

extension SharedLedger {
  /// No wake-ups: a watcher reads ``storedVersion()`` on a timer.
  /// - Returns: `nil`.
  public func versionWakeups() async -> AsyncStream<Void>? { nil }

  /// A store that cannot tell who created the ledger: its first stored change counts.
  /// - Returns: `true`.
  public func createdTheLedger() async -> Bool { true }
}

/// What ``SharedLedger/storedVersion()`` returns: opaque, compared only for equality.
public struct LedgerVersion: Hashable, Sendable, CustomStringConvertible {
  /// The store's own description of the version, such as file signatures.
  public let rawValue: String

  /// A version as a store describes it.
  /// - Parameter rawValue: Any text that changes whenever the stored ledger does.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The raw value.
  public var description: String { rawValue }
}
