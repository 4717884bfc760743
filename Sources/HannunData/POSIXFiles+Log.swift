import Foundation

/// One change to the file system made through ``POSIXFiles``, in the order it was made: what a
/// power-cut test needs to rebuild the files as they would be after a cut at any step (only what
/// was flushed survives).
package enum FileOperation: Sendable {
  /// A new file with its contents, flushed to disk or not.
  case create(path: String, data: Data, flushed: Bool)
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
}

/// The file operations of the tasks it is bound to (see ``FileOperations/log``), from any thread.
package final class FileOperationLog: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [FileOperation] = []

  /// An empty log.
  package init() {}

  /// What was recorded so far.
  package var operations: [FileOperation] { lock.withLock { recorded } }

  func append(_ operation: FileOperation) { lock.withLock { recorded.append(operation) } }
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
}
