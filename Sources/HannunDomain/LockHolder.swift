import Foundation

/// The process that holds the ledger's lock, as it recorded itself in `ledger/lock-holder` when
/// it took the lock for a write.
public struct LockHolder: Equatable, Sendable {
  /// Its process id.
  public var processID: Int32
  /// Its command line, as it was started (`hannun add --expense 4500 …`).
  public var command: String
  /// When it took the lock.
  public var since: Date
  /// When it took the lock on this machine's clock, in the system's time zone, as the messages
  /// say it; `nil` when the system could not read it.
  public var clockTime: LocalDateTime?

  /// A holder as recorded.
  /// - Parameters:
  ///   - processID: Its process id.
  ///   - command: Its command line.
  ///   - since: When it took the lock.
  ///   - clockTime: `since` on the local clock, as the file store reads it.
  public init(processID: Int32, command: String, since: Date, clockTime: LocalDateTime?) {
    self.processID = processID
    self.command = command
    self.since = since
    self.clockTime = clockTime
  }
}

/// Why `journal.json` cannot be finished: what recovery found that the journal did not expect.
public enum JournalMismatch: Equatable, Sendable {
  /// The prepared copy of a file is not the one the journal recorded (its size or checksum
  /// differ): finishing the write would put wrong contents in place.
  case pendingDamaged(pending: String)
  /// The prepared copy of a file is gone, yet the file is still as it was before the write.
  case pendingMissing(pending: String)
  /// The file changed since the write the journal records: finishing the write would overwrite or
  /// remove what was written after it.
  case targetChanged
}
