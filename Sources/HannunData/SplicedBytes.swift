#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A month file's new contents as runs of bytes already in memory: ranges of the file it was
/// spliced from (whose bytes it keeps alive), the record put in, and the separators between
/// them — or, for a month encoded whole, one buffer.
///
/// A spliced write goes from these runs straight to its pending file
/// (``POSIXFiles/createFile(gathering:atPath:reportingAs:flushing:startingWriteback:)``, one
/// `writev`), and its XXH64 is taken over the same runs (``ContentChecksum/Stream``): the new
/// month, about 160 KB at a million entries, is never copied into a buffer of its own, whose
/// pages faulted in were most of a splice's cost. ``assembled()`` puts the runs together for
/// the few that need one buffer (the postings of a write that commits the whole index, and the
/// log of file operations tests bind).
struct SplicedBytes: Sendable {
  /// One run of the contents.
  enum Run: Equatable, Sendable {
    /// Bytes of ``base``, by offset from its first byte.
    case base(Range<Int>)
    /// All of ``inserted``.
    case inserted
    /// What goes between two records, as ``MonthFileCodec`` writes it: `,` and a line break.
    case separator
  }

  /// The bytes runs of ``Run/base(_:)`` are taken from.
  let base: Data
  /// The bytes of ``Run/inserted``.
  let inserted: Data
  /// The runs, in order.
  private(set) var runs: [Run] = []
  /// The contents' size in bytes.
  private(set) var count = 0

  /// The contents `data`, whole.
  init(_ data: Data) {
    self.init(base: data, inserted: Data())
    append(0..<data.count)
  }

  /// No contents yet, to be made of runs of `base` and `inserted`.
  init(base: Data, inserted: Data) {
    self.base = base
    self.inserted = inserted
  }

  /// Adds the bytes of ``base`` at `range` (offsets from its first byte).
  mutating func append(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    precondition(range.lowerBound >= 0 && range.upperBound <= base.count)
    runs.append(.base(range))
    count += range.count
  }

  /// Adds ``inserted``.
  mutating func appendInserted() {
    guard !inserted.isEmpty else { return }
    runs.append(.inserted)
    count += inserted.count
  }

  /// Adds a separator between two records.
  mutating func appendSeparator() {
    runs.append(.separator)
    count += Self.separator.utf8CodeUnitCount
  }

  private static let separator: StaticString = ",\n"

  /// Calls `body` with the runs' bytes, in order (none empty).
  func withBuffers<Value, Failure: Error>(
    _ body: ([UnsafeRawBufferPointer]) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let separator = UnsafeRawBufferPointer(
      start: Self.separator.utf8Start, count: Self.separator.utf8CodeUnitCount)
    let outcome = base.withUnsafeBytes { base in
      inserted.withUnsafeBytes { inserted in
        let buffers = runs.map { run -> UnsafeRawBufferPointer in
          switch run {
          case .base(let range): return UnsafeRawBufferPointer(rebasing: base[range])
          case .inserted: return inserted
          case .separator: return separator
          }
        }
        return Result { () throws(Failure) in try body(buffers) }
      }
    }
    return try outcome.get()
  }

  /// XXH64 of the contents (``ContentChecksum/xxh64(_:)``), taken over the runs.
  func xxh64() -> UInt64 {
    withBuffers { buffers in
      if buffers.count == 1 { return ContentChecksum.xxh64(buffers[0]) }
      var stream = ContentChecksum.Stream()
      for buffer in buffers { stream.update(buffer) }
      return stream.value
    }
  }

  /// The contents in one buffer: ``base`` itself when they are all of it, otherwise a new one.
  func assembled() -> Data {
    if runs == [.base(0..<base.count)] { return base }
    return withBuffers { Self.assembled($0, count: count) }
  }

  /// `buffers`, one after another, in a new buffer of `count` bytes.
  static func assembled(_ buffers: [UnsafeRawBufferPointer], count: Int? = nil) -> Data {
    var data = Data(capacity: count ?? buffers.reduce(0) { $0 + $1.count })
    for buffer in buffers {
      buffer.withMemoryRebound(to: UInt8.self) { data.append($0) }
    }
    return data
  }
}
