#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file to import could not be opened or read; nothing is written then.
public enum ImportFileProblem: Error, Equatable, Sendable {
  /// There is no such file.
  case missing
  /// It is a folder, a FIFO, a device or a socket: not a file whose end is known. It is refused
  /// at once, never waited on.
  case notRegularFile
  /// It could not be opened or read; the system's error number.
  case unreadable(Int32)
  /// Its content is refused.
  case content(ImportError)
}

/// A statement or journal opened for import, read in pieces so that neither the file nor its
/// text is ever held whole:
///
/// - only a regular file is read — a FIFO, a device or a folder is refused without waiting;
/// - a file over ``sizeLimit`` bytes is refused before anything is read;
/// - a line over ``lineLimit`` bytes is refused by its number as soon as the reading gets there,
///   before the line is kept anywhere;
/// - the encoding is found by one pass over the file (UTF-8, or else CP949/EUC-KR, as
///   ``ImportText`` decides), and a second pass hands the text on in pieces.
public final class ImportFile {
  /// The largest file read: 64 MiB, about a million rows of a bank's statement.
  public static let sizeLimit = 64 << 20
  /// The longest line read: 64 KiB, far more than any statement's row.
  public static let lineLimit = 64 << 10
  /// How much is read at a time.
  static let chunkSize = 64 << 10

  private let descriptor: Int32
  private let sizeLimit: Int
  private let lineLimit: Int

  /// Opens `path` for reading, refusing anything but a regular file of at most `sizeLimit` bytes.
  /// - Parameters:
  ///   - path: The file.
  ///   - sizeLimit: The largest file accepted; ``sizeLimit`` unless a test asks for less.
  ///   - lineLimit: The longest line accepted; ``lineLimit`` unless a test asks for less.
  /// - Throws: ``ImportFileProblem``.
  public init(
    path: String, sizeLimit: Int = ImportFile.sizeLimit, lineLimit: Int = ImportFile.lineLimit
  ) throws(ImportFileProblem) {
    // A trailing slash is taken as the file's name, as Foundation's file URLs take it.
    var name = Substring(path)
    while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
    // Not blocking: opening a FIFO for reading would wait for a writer.
    let descriptor = open(String(name), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw errno == ENOENT ? .missing : .unreadable(errno)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = errno
      close(descriptor)
      throw .unreadable(failure)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegularFile
    }
    guard status.st_size <= sizeLimit else {
      close(descriptor)
      throw .content(.fileTooLarge(limit: sizeLimit))
    }
    self.descriptor = descriptor
    self.sizeLimit = sizeLimit
    self.lineLimit = lineLimit
  }

  deinit {
    close(descriptor)
  }

  /// Reads the whole file in pieces and hands on its text, UTF-8 without a byte-order mark.
  /// - Parameter body: Called with each piece of text, in order; a piece may end inside a
  ///   character's bytes or a line.
  /// - Throws: ``ImportFileProblem``: the file is unreadable, over the limits, or neither
  ///   UTF-8 nor CP949; or what `body` throws, as ``ImportFileProblem/content(_:)``.
  public func text(_ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> Void)
    throws(ImportFileProblem)
  {
    // First pass: the limits, and whether the file is UTF-8.
    var check = TextCheck(lineLimit: lineLimit, sizeLimit: sizeLimit)
    try chunks { bytes throws(ImportFileProblem) in
      do throws(ImportError) { try check.take(bytes) } catch { throw .content(error) }
    }
    let isUTF8 = check.finishUTF8()
    // Second pass: the same checks (the file may have changed), the text handed on.
    var again = TextCheck(lineLimit: lineLimit, sizeLimit: sizeLimit)
    var converter: CP949Converter?
    if !isUTF8 {
      guard let opened = CP949Converter() else { throw .content(.undecodable) }
      converter = opened
    }
    var start = true
    try chunks { bytes throws(ImportFileProblem) in
      do throws(ImportError) {
        try again.take(bytes)
        var piece = bytes
        if start {
          start = false
          if isUTF8, piece.starts(with: [0xEF, 0xBB, 0xBF]) {
            piece = UnsafeBufferPointer(rebasing: piece.dropFirst(3))
          }
        }
        if let converter {
          let converted = try converter.convert(piece)
          try converted.withUnsafeBufferPointer(body)
        } else {
          try body(piece)
        }
      } catch {
        throw .content(error)
      }
    }
    if isUTF8 {
      guard again.finishUTF8() else { throw .content(.undecodable) }
    } else {
      do throws(ImportError) { try converter?.finish() } catch { throw .content(error) }
    }
  }

  /// The file's bytes as they are, without the text checks: for a backup, whose reader checks
  /// every byte itself.
  /// - Throws: ``ImportFileProblem``.
  public func contents() throws(ImportFileProblem) -> [UInt8] {
    var bytes: [UInt8] = []
    try chunks { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Reads up to `count` bytes from `offset` on and appends them to `bytes` (none at the end of
  /// the file): for a backup, read a piece at a time.
  /// - Throws: ``ImportFileProblem/unreadable(_:)``.
  public func readBytes(at offset: Int, upTo count: Int, into bytes: inout [UInt8])
    throws(ImportFileProblem)
  {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: count))
    while true {
      let read = bytes.withUnsafeMutableBytes { raw in
        pread(descriptor, raw.baseAddress.map { $0 + start }, count, off_t(offset))
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else {
        let failure = errno
        bytes.removeSubrange(start...)
        throw .unreadable(failure)
      }
      bytes.removeSubrange((start + read)...)
      return
    }
  }

  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), or `nil`
  /// when it is missing, unreadable or not a regular file. Never waits on a FIFO.
  public static func prefix(ofFileAt path: String, count: Int) -> [UInt8]? {
    guard let file = try? ImportFile(path: path, sizeLimit: .max, lineLimit: .max) else {
      return nil
    }
    var bytes: [UInt8] = []
    _ = try? file.chunks { piece throws(ImportFileProblem) in
      bytes.append(contentsOf: piece.prefix(count - bytes.count))
      if bytes.count >= count { throw .content(.noHeader) }
    }
    return bytes
  }

  /// Reads the file from its start in pieces of ``chunkSize`` bytes.
  private func chunks(_ body: (UnsafeBufferPointer<UInt8>) throws(ImportFileProblem) -> Void)
    throws(ImportFileProblem)
  {
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(errno) }
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(errno)
      }
      if count == 0 { return }
      try buffer.withUnsafeBufferPointer { whole throws(ImportFileProblem) in
        try body(UnsafeBufferPointer(rebasing: whole[..<count]))
      }
    }
  }
}

/// The checks of one pass over a file: its size, the length of each line, and whether it is
/// valid UTF-8.
struct TextCheck {
  let lineLimit: Int
  let sizeLimit: Int
  private var size = 0
  private var line = 1
  private var lineLength = 0
  private var previousWasCR = false
  /// UTF-8: continuation bytes still expected, and the range the next one must be in.
  private var pending = 0
  private var low: UInt8 = 0x80
  private var high: UInt8 = 0xBF
  private var validUTF8 = true

  init(lineLimit: Int, sizeLimit: Int) {
    self.lineLimit = lineLimit
    self.sizeLimit = sizeLimit
  }

  /// Checks the next piece.
  /// - Throws: ``ImportError/fileTooLarge(limit:)`` or ``ImportError/lineTooLong(line:limit:)``.
  mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
    size += bytes.count
    guard size <= sizeLimit else { throw .fileTooLarge(limit: sizeLimit) }
    for byte in bytes {
      switch byte {
      case 0x0A:
        if !previousWasCR { line += 1 }
        lineLength = 0
        previousWasCR = false
      case 0x0D:
        line += 1
        lineLength = 0
        previousWasCR = true
      default:
        previousWasCR = false
        lineLength += 1
        if lineLength > lineLimit { throw .lineTooLong(line: line, limit: lineLimit) }
      }
      if validUTF8 { checkUTF8(byte) }
    }
  }

  /// Whether everything taken was whole, valid UTF-8.
  mutating func finishUTF8() -> Bool {
    validUTF8 && pending == 0
  }

  private mutating func checkUTF8(_ byte: UInt8) {
    if pending > 0 {
      guard (low...high).contains(byte) else {
        validUTF8 = false
        return
      }
      pending -= 1
      low = 0x80
      high = 0xBF
      return
    }
    switch byte {
    case 0x00...0x7F: return
    case 0xC2...0xDF: pending = 1
    case 0xE0: (pending, low) = (2, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: pending = 2
    case 0xED: (pending, high) = (2, 0x9F)
    case 0xF0: (pending, low) = (3, 0x90)
    case 0xF1...0xF3: pending = 3
    case 0xF4: (pending, high) = (3, 0x8F)
    default: validUTF8 = false
    }
  }
}

/// CP949 (EUC-KR) to UTF-8 with the C library's `iconv`, a piece at a time: a character split
/// between two pieces is kept until the next one completes it.
final class CP949Converter {
  private let converter: iconv_t
  private var carried: [UInt8] = []

  init?() {
    guard let converter = iconv_open("UTF-8", "CP949"), Int(bitPattern: converter) != -1 else {
      return nil
    }
    self.converter = converter
  }

  deinit {
    iconv_close(converter)
  }

  /// The UTF-8 text of the next piece.
  /// - Throws: ``ImportError/undecodable`` for bytes that are not CP949.
  func convert(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> [UInt8] {
    var input = carried
    input.append(contentsOf: bytes)
    carried = []
    var failure: Int32 = 0
    var left = 0
    // A CP949 character is one or two bytes and at most three in UTF-8. The bytes go to and
    // from iconv as they are, not copied one by one into `CChar`s and back.
    let output = input.withUnsafeMutableBufferPointer { inBytes in
      inBytes.withMemoryRebound(to: CChar.self) { inBuffer in
        [UInt8](unsafeUninitializedCapacity: inBuffer.count * 2 + 4) { outBytes, produced in
          outBytes.withMemoryRebound(to: CChar.self) { outBuffer in
            var inPointer = inBuffer.baseAddress
            var inLeft = inBuffer.count
            var outPointer = outBuffer.baseAddress
            var outLeft = outBuffer.count
            if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) == -1 {
              failure = errno
            }
            produced = outBuffer.count - outLeft
            left = inLeft
          }
        }
      }
    }
    // EINVAL: the piece ends inside a character, which the next piece completes.
    guard failure == 0 || (failure == EINVAL && left <= 1) else { throw .undecodable }
    carried = Array(input.suffix(left))
    return output
  }

  /// Ends the text.
  /// - Throws: ``ImportError/undecodable`` when the file ends inside a character.
  func finish() throws(ImportError) {
    guard carried.isEmpty else { throw .undecodable }
  }
}
