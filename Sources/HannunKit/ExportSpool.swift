import HannunData
import HannunDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An export kept in an anonymous, owner-only temporary file while it is written, and read back
/// a piece at a time once it is whole: what a frontend that sends an export (standard output, a
/// download) holds instead of the text, so that an export of any size costs it one piece of
/// memory. The file has no name from the moment it is made (it is removed at once, its
/// descriptor kept), so nothing is left behind when the process ends, however it ends.
public final class ExportSpool: ExportSink, @unchecked Sendable {
  private let lock = ThreadLock()
  private let descriptor: Int32
  private var size = 0
  /// The folder the file was made in, to name it if a write fails.
  private let folder: String

  /// A new, empty spool in the system's temporary folder (`TMPDIR`, else `/tmp`).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` when no file can be made there.
  public init() throws(LedgerError) {
    let environment = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    folder = environment.isEmpty ? "/tmp" : environment
    var template = Array((folder + "/hannun-export-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard made >= 0 else {
      throw .unwritableFile(path: folder, reason: .system(errno: errno))
    }
    descriptor = made
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
  }

  deinit { close(descriptor) }

  /// How many bytes have been written.
  public var byteCount: Int { lock.withLock { size } }

  /// Writes `text` after what was written.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` (a full disk): the export ends.
  public func append(_ text: String) throws {
    var text = text
    try lock.withLock {
      let failure = text.withUTF8 { bytes -> Int32? in
        var written = 0
        while written < bytes.count {
          let count = pwrite(
            descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written,
            off_t(size + written))
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { return count < 0 ? errno : ENOSPC }
          written += count
        }
        return nil
      }
      if let failure { throw failed(failure) }
      size += text.utf8.count
    }
  }

  /// Forgets everything written.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``.
  public func reset() throws {
    try lock.withLock {
      guard ftruncate(descriptor, 0) == 0 else { throw failed(errno) }
      size = 0
    }
  }

  /// Up to `count` bytes from `offset`: fewer only at the end, none past it.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the file cannot be read.
  public func bytes(at offset: Int, upTo count: Int) throws -> [UInt8] {
    try lock.withLock { () throws -> [UInt8] in
      let wanted = max(0, min(count, size - offset))
      var piece = [UInt8](repeating: 0, count: wanted)
      var read = 0
      while read < wanted {
        let got = piece.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress.map { $0 + read }, wanted - read, off_t(offset + read))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else {
          let code = got < 0 ? errno : EIO
          throw LedgerError.unreadableFile(path: folder, reason: .system(errno: code))
        }
        read += got
      }
      return piece
    }
  }

  /// Everything written, handed to `body` a piece of up to `pieceSize` bytes at a time.
  /// - Throws: What ``bytes(at:upTo:)`` or `body` throws.
  public func forEachPiece(
    of pieceSize: Int = 1 << 16, _ body: ([UInt8]) async throws -> Void
  ) async throws {
    var offset = 0
    while offset < byteCount {
      let piece = try bytes(at: offset, upTo: pieceSize)
      try await body(piece)
      offset += piece.count
    }
  }

  /// The error for a write that failed with `code`.
  private func failed(_ code: Int32) -> LedgerError {
    .unwritableFile(path: folder, reason: .system(errno: code))
  }
}
