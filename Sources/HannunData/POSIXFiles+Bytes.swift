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
  /// The contents of the regular file at `path` as an array of bytes, read straight into it, or
  /// `nil` when nothing is there: ``read(path:)`` for a reader that keeps the bytes as an array
  /// (the catalog, which every command reads: 150 KB at a million entries), without copying them
  /// out of a `Data` page by page.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``, as ``read(path:)`` does.
  package static func readBytes(path: String) throws(LedgerError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw .unreadableFile(path: path, reason: .system(errno: code))
    }
    defer { close(descriptor) }
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadableFile(path: path, reason: .system(errno: errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFile(path: path, reason: .notRegularFile)
    }
    guard Int64(info.st_size) <= sizeLimit else { throw tooLarge(path, size: Int64(info.st_size)) }
    // One byte to spare tells the end of a file that has not grown since `fstat` from one that
    // has; one that has is read again the general way.
    let capacity = Int(info.st_size) + 1
    var code: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while count < capacity {
        let done = systemRead(descriptor, buffer.baseAddress.map { $0 + count }, capacity - count)
        if done == 0 { return }
        if done < 0 {
          if errno == EINTR { continue }
          code = errno
          count = 0
          return
        }
        count += done
      }
    }
    if code != 0 {
      throw .unreadableFile(path: path, reason: .system(errno: code))
    }
    guard bytes.count < capacity else { return try read(path: path).map { [UInt8]($0.data) } }
    return bytes
  }
}

// `read` of the C library, which `POSIXFiles.read(path:)` hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
