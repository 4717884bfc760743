import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIXFiles {
  /// How many files a batch must have before ``flushFiles(_:onFileSystemOf:)`` flushes their
  /// whole file system at once rather than each file on its own.
  package static let fileSystemFlushThreshold = 32

  /// Flushes files written without flushing (a large import's or restore's staged months) to
  /// disk, so that nothing may point to them before each is whole on disk.
  ///
  /// A few files are flushed one by one (`fsync`). From ``fileSystemFlushThreshold`` files on,
  /// on Linux, the file system holding `folder` is flushed once (`syncfs`, which returns once
  /// every file's contents and every folder's entries on it are on disk, and flushes the disk's
  /// cache once): 1,200 month files then cost one flush of the disk's cache instead of 1,200,
  /// each with its own write of the file's inode. When `syncfs` cannot be had or reports an
  /// error, each file is flushed on its own, so that an error names its file.
  /// - Parameters:
  ///   - files: Each file's path, and the file it will replace, named in errors.
  ///   - folder: A folder on the files' file system.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the file that could not be
  ///   flushed.
  package static func flushFiles(
    _ files: [(path: String, target: String)], onFileSystemOf folder: String
  ) throws(LedgerError) {
    guard !files.isEmpty else { return }
    if files.count >= fileSystemFlushThreshold, flushFileSystem(of: folder) {
      FileOperations.record(.flushFileSystem(path: folder))
      return
    }
    for file in files { try flushFile(atPath: file.path, reportingAs: file.target) }
  }

  /// Flushes the file system holding `folder` (Linux's `syncfs`); `false` when it cannot be had
  /// here or it failed.
  private static func flushFileSystem(of folder: String) -> Bool {
    #if os(Linux)
      guard let syncFileSystem else { return false }
      let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      return syncFileSystem(descriptor) == 0
    #else
      return false
    #endif
  }
}

#if os(Linux)
  /// Linux's `syncfs`, which Glibc's Swift module does not declare, looked up by name.
  private typealias SyncFileSystem = @convention(c) (Int32) -> Int32
  private let syncFileSystem: SyncFileSystem? = {
    guard let symbol = dlsym(nil, "syncfs") else { return nil }
    return unsafeBitCast(symbol, to: SyncFileSystem.self)
  }()
#endif
