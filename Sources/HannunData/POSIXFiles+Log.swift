import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One change to the file system made through ``POSIXFiles``, in the order it was made: what a
/// power-cut test needs to rebuild the files as they would be after a cut at any step (only what
/// was flushed survives).
package enum FileOperation: Sendable {
  /// A new file with its contents, flushed to disk or not.
  case create(path: String, data: Data, flushed: Bool)
  /// Bytes appended to the end of an existing file (or of a new one), not flushed.
  case append(path: String, data: Data)
  /// A file's contents flushed to disk.
  case flush(path: String)
  /// A rename (over whatever was at `to`).
  case rename(from: String, to: String)
  /// A file removed.
  case remove(path: String)
  /// A directory created.
  case makeDirectory(path: String)
  /// A directory's entries flushed to disk.
  case flushDirectory(path: String)
  /// Everything on the file system holding a folder flushed to disk: every file's contents and
  /// every directory's entries.
  case flushFileSystem(path: String)
}

/// The file operations of the tasks it is bound to (see ``FileOperations/log``), from any thread.
package final class FileOperationLog: @unchecked Sendable {
  private let lock = ThreadLock()
  private var recorded: [FileOperation] = []
  private var fchmodCalls = 0
  private var statCalls = 0
  private var checksummed = 0

  /// An empty log.
  package init() {}

  /// What was recorded so far.
  package var operations: [FileOperation] { lock.withLock { recorded } }

  /// How many times a new file's mode was set with `fchmod` after it was created (none while
  /// the umask leaves the mode given at creation, owner-only, as it is).
  package var modeChanges: Int { lock.withLock { fchmodCalls } }

  /// How many `stat`-family calls (`stat`, `lstat`, `fstat`, `fstatat`) were made through
  /// ``POSIXFiles`` and the store: what tests count to hold a command to the folders and files
  /// it has to look at.
  package var stats: Int { lock.withLock { statCalls } }

  func append(_ operation: FileOperation) { lock.withLock { recorded.append(operation) } }

  /// How many bytes ``LedgerChecksum`` was taken of: a journal's checksums cost a pass over
  /// each file it names, which a write without a journal never needs.
  package var checksummedBytes: Int { lock.withLock { checksummed } }

  func countStat() { lock.withLock { statCalls += 1 } }

  func countChecksum(of bytes: Int) { lock.withLock { checksummed += bytes } }

  func countModeChange() { lock.withLock { fchmodCalls += 1 } }
}

/// Whether a file created with ``POSIXFiles/fileMode`` comes out with exactly that mode under
/// this process's umask, once a file has shown it (see `POSIXFiles.makeOwnerOnly`).
enum CreationMode {
  private static let lock = ThreadLock()
  nonisolated(unsafe) private static var known = false

  /// Set once the first file created came out owner-only; never unset (Hannun never changes its
  /// umask).
  static var keepsFileMode: Bool {
    get { lock.withLock { known } }
    set { lock.withLock { known = newValue } }
  }
}

/// Where ``POSIXFiles`` records its changes to the file system: nowhere, unless a test binds a
/// log with `FileOperations.$log.withValue(…)`.
package enum FileOperations {
  /// The log of the current task, if any.
  @TaskLocal package static var log: FileOperationLog?

  /// Records `operation` when a log is bound.
  static func record(_ operation: @autoclosure () -> FileOperation) {
    log?.append(operation())
  }

  /// Counts a `fchmod` of a new file when a log is bound.
  static func recordModeChange() { log?.countModeChange() }

  /// Counts a `stat`-family call when a log is bound.
  static func recordStat() { log?.countStat() }

  /// Counts the bytes a ``LedgerChecksum`` is taken of when a log is bound.
  static func recordChecksum(of bytes: Int) { log?.countChecksum(of: bytes) }
}
