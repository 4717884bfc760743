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

/// A buffer that file contents are read into again and again, so that scanning many files costs
/// no allocation (and no fresh pages) per file.
struct ScanBuffer {
  private(set) var storage: [UInt8] = []
  /// How many bytes of ``storage`` the last read filled.
  private(set) var count = 0

  /// Reads the ledger's month file at `path` into the buffer, replacing what it held, as
  /// ``POSIXFiles/read(ledgerFile:)`` reads (`O_NONBLOCK`, anything but a regular file refused,
  /// a symbolic link not followed but refused with ``FileProblem/symbolicLinkFile``).
  /// - Returns: The signature of the version read, or `nil` when nothing is there.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``.
  mutating func read(ledgerFile path: String) throws(LedgerError) -> FileSignature? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw POSIXFiles.openFailure(path, code)
    }
    defer { close(descriptor) }
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure(path, errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFile(path: path, reason: .notRegularFile)
    }
    guard Int64(info.st_size) <= POSIXFiles.sizeLimit else {
      throw POSIXFiles.tooLarge(path, size: Int64(info.st_size))
    }
    count = 0
    while true {
      // A file that grew past the limit while it was read is refused too.
      guard Int64(count) <= POSIXFiles.sizeLimit else {
        throw POSIXFiles.tooLarge(path, size: Int64(count))
      }
      // One byte to spare tells the end of a file that has not grown from one that has.
      if storage.count < max(Int(info.st_size), count) + 1 {
        storage += [UInt8](repeating: 0, count: max(Int(info.st_size) + 1, storage.count))
      }
      let done = storage.withUnsafeMutableBytes { bytes in
        systemRead(descriptor, bytes.baseAddress.map { $0 + count }, bytes.count - count)
      }
      if done == 0 { break }
      if done < 0 {
        let code = errno
        if code == EINTR { continue }
        throw Self.failure(path, code)
      }
      count += done
    }
    return POSIXFiles.signature(of: info)
  }

  /// The bytes the last read filled, for the length of `body`.
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
  }

  /// The bytes the last read filled, as their own `Data`.
  var data: Data { Data(storage[0..<count]) }

  private static func failure(_ path: String, _ code: Int32) -> LedgerError {
    .unreadableFile(
      path: path, reason: .system(errno: code))
  }
}

// `read` of the C library, which `ScanBuffer.read(ledgerFile:)` hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
