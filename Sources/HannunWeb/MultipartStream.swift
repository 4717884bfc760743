import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `multipart/form-data` body split as it arrives, a piece at a time: what it holds is handed
/// on as it is told apart (a part begins, its bytes, the body ends), so that an upload of any
/// size passes through a few pieces of memory on its way to where it is kept (``ImportUpload``).
/// Only the bytes that may still be the start of a boundary wait for the next piece.
struct MultipartStream {
  /// What the body holds, in order.
  enum Event {
    /// A part begins: its `form-data` name (empty when it has none) and, for a file, its name.
    case part(name: String, filename: String?)
    /// Some of the current part's bytes, valid only during the call.
    case bytes(UnsafeRawBufferPointer)
  }

  /// Where the splitting is.
  private enum State {
    /// Before the first boundary: what comes is the preamble, ignored.
    case preamble
    /// Just after a boundary: `--` ends the body, a line break starts a part.
    case boundary
    /// In a part's headers.
    case headers
    /// In a part's bytes.
    case body
    /// After the closing boundary: the epilogue, ignored.
    case done
  }

  /// The longest a part's headers may be.
  static let headerLimit = 16 << 10

  /// A line break and the boundary's dashed form: what ends each part.
  private let delimiter: [UInt8]
  /// The bytes received and not yet told apart.
  private var pending: [UInt8]
  private var state = State.preamble

  /// The stream of a body of `contentType`, or `nil` when it is not multipart with a boundary.
  init?(contentType: String) {
    let pieces = contentType.split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard pieces.first?.lowercased() == "multipart/form-data",
      let parameter = pieces.first(where: { $0.lowercased().hasPrefix("boundary=") })
    else { return nil }
    var boundary = parameter.dropFirst("boundary=".count)
    if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 {
      boundary = boundary.dropFirst().dropLast()
    }
    guard !boundary.isEmpty, boundary.utf8.count <= 70 else { return nil }
    delimiter = Array("\r\n--".utf8) + Array(boundary.utf8)
    // The first boundary may open the body: a line break before it finds it as any other.
    pending = Array("\r\n".utf8)
  }

  /// Whether the closing boundary came: a body that ends before it was cut short.
  var isComplete: Bool {
    if case .done = state { return true }
    return false
  }

  /// Takes the next piece of the body, handing on what it completes.
  /// - Returns: `false` when the body is not framed as multipart (nothing more is handed on).
  mutating func feed(_ piece: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void) rethrows
    -> Bool
  {
    if case .done = state { return true }
    pending.append(contentsOf: piece)
    var start = 0
    defer { pending.removeFirst(start) }
    while true {
      switch state {
      case .preamble, .body:
        let inBody = isInBody
        if let found = find(delimiter, from: start) {
          if inBody, found > start { try emit(start..<found, handle) }
          start = found + delimiter.count
          state = .boundary
        } else {
          // What may be the start of a boundary waits for the next piece.
          let safe = max(start, pending.count - (delimiter.count - 1))
          if inBody, safe > start { try emit(start..<safe, handle) }
          start = safe
          return true
        }
      case .boundary:
        guard pending.count - start >= 2 else { return true }
        if pending[start] == UInt8(ascii: "-"), pending[start + 1] == UInt8(ascii: "-") {
          state = .done
          start = pending.count
          return true
        }
        guard pending[start] == UInt8(ascii: "\r"), pending[start + 1] == UInt8(ascii: "\n")
        else { return false }
        start += 2
        state = .headers
      case .headers:
        guard let end = find(Array("\r\n\r\n".utf8), from: start) else {
          return pending.count - start <= Self.headerLimit
        }
        guard end - start <= Self.headerLimit else { return false }
        let headers = String(decoding: pending[start..<end], as: UTF8.self)
        let (name, filename) = Self.disposition(headers)
        try handle(.part(name: name ?? "", filename: filename))
        start = end + 4
        state = .body
      case .done:
        start = pending.count
        return true
      }
    }
  }

  /// Whether the bytes coming are a part's.
  private var isInBody: Bool {
    if case .body = state { return true }
    return false
  }

  /// Hands on `range` of the pending bytes.
  private func emit(_ range: Range<Int>, _ handle: (Event) throws -> Void) rethrows {
    try pending.withUnsafeBytes { raw in
      try handle(.bytes(UnsafeRawBufferPointer(rebasing: raw[range])))
    }
  }

  /// Where `needle` first starts in the pending bytes at or after `from`, or `nil`.
  private func find(_ needle: [UInt8], from: Int) -> Int? {
    guard let first = needle.first else { return nil }
    return pending.withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress else { return nil }
      var index = from
      while raw.count - index >= needle.count {
        // The first byte is looked for by the C library, a word at a time.
        guard let hit = memchr(base + index, Int32(first), raw.count - index) else { return nil }
        index = base.distance(to: UnsafeRawPointer(hit))
        guard raw.count - index >= needle.count else { return nil }
        if memcmp(base + index, needle, needle.count) == 0 { return index }
        index += 1
      }
      return nil
    }
  }

  /// The `form-data` name and file name a part's headers give.
  static func disposition(_ headers: String) -> (name: String?, filename: String?) {
    for line in headers.split(separator: "\r\n") {
      let pair = line.split(separator: ":", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition"
      else { continue }
      var name: String?
      var filename: String?
      for item in pair[1].split(separator: ";") {
        let setting = item.split(separator: "=", maxSplits: 1)
        guard setting.count == 2 else { continue }
        var value = setting[1].trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
          value = String(value.dropFirst().dropLast())
        }
        switch setting[0].trimmingCharacters(in: .whitespaces).lowercased() {
        case "name": name = value
        case "filename": filename = value
        default: break
        }
      }
      return (name, filename)
    }
    return (nil, nil)
  }
}
