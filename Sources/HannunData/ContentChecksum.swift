#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A 59-bit checksum of a file's bytes (XXH64 with seed 0, its top 59 bits), recorded in the
/// catalog beside each file's signature so that a ledger copied with its files intact (`cp -a`,
/// a restore, a sync tool: new inode numbers, the same bytes) keeps its index: a file whose
/// signature differs is judged by its content. Fifty-nine bits keep the number within the 18
/// digits the catalog's reader takes.
enum ContentChecksum {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// The checksum of `bytes`.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    of(xxh64: xxh64(bytes))
  }

  /// The checksum of bytes whose ``xxh64(_:)`` is `hash`.
  static func of(xxh64 hash: UInt64) -> UInt64 {
    hash >> 5
  }

  /// The checksum of `bytes`.
  static func of(_ bytes: some ContiguousBytes) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }

  /// XXH64 of `bytes` with seed 0.
  static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var offset = 0
    var hash: UInt64
    if count >= 32 {
      var lanes = initialLanes
      while offset + 32 <= count {
        stripe(&lanes, bytes, offset)
        offset += 32
      }
      hash = converge(lanes)
    } else {
      hash = prime5
    }
    return finish(hash &+ UInt64(count), bytes, from: offset)
  }

  /// The four accumulators before any stripe of 32 bytes (seed 0).
  private static var initialLanes: (UInt64, UInt64, UInt64, UInt64) {
    (prime1 &+ prime2, prime2, 0, 0 &- prime1)
  }

  /// Takes the 32 bytes at `offset` into the four accumulators.
  @inline(__always) private static func stripe(
    _ lanes: inout (UInt64, UInt64, UInt64, UInt64), _ bytes: UnsafeRawBufferPointer,
    _ offset: Int
  ) {
    lanes.0 = round(lanes.0, word(bytes, offset))
    lanes.1 = round(lanes.1, word(bytes, offset + 8))
    lanes.2 = round(lanes.2, word(bytes, offset + 16))
    lanes.3 = round(lanes.3, word(bytes, offset + 24))
  }

  /// The hash of the accumulators, once every whole stripe of an input of 32 bytes or more is in.
  @inline(__always) private static func converge(_ lanes: (UInt64, UInt64, UInt64, UInt64))
    -> UInt64
  {
    var hash =
      rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
    hash = merge(hash, lanes.0)
    hash = merge(hash, lanes.1)
    hash = merge(hash, lanes.2)
    hash = merge(hash, lanes.3)
    return hash
  }

  /// Takes the last bytes (fewer than 32, from `start`) into `hash`, which already holds the
  /// input's length, and mixes it.
  @inline(__always) private static func finish(
    _ hash: UInt64, _ bytes: UnsafeRawBufferPointer, from start: Int
  ) -> UInt64 {
    let count = bytes.count
    var offset = start
    var hash = hash
    while offset + 8 <= count {
      hash ^= round(0, word(bytes, offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      hash ^=
        UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(bytes[offset]) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }

  /// XXH64 (seed 0) of bytes given in pieces, one after another: exactly what ``xxh64(_:)``
  /// gives of the pieces put together, however they are split. A spliced month file is hashed
  /// over the runs it is written from (see ``SplicedBytes``), without being put together first.
  struct Stream {
    private var lanes = ContentChecksum.initialLanes
    /// The bytes given since the last whole stripe of 32 (fewer than 32), from its first byte.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    /// How many bytes were given.
    private(set) var count = 0

    init() {}

    /// Takes `bytes` after those given before.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
      let total = bytes.count
      guard total > 0, let base = bytes.baseAddress else { return }
      count += total
      var offset = 0
      if pendingCount > 0 {
        offset = min(32 - pendingCount, total)
        let at = pendingCount
        withUnsafeMutableBytes(of: &pending) { buffer in
          (buffer.baseAddress! + at).copyMemory(from: base, byteCount: offset)
        }
        pendingCount += offset
        guard pendingCount == 32 else { return }
        var lanes = self.lanes
        withUnsafeBytes(of: pending) { ContentChecksum.stripe(&lanes, $0, 0) }
        self.lanes = lanes
        pendingCount = 0
      }
      if total - offset >= 32 {
        var lanes = self.lanes
        while offset + 32 <= total {
          ContentChecksum.stripe(&lanes, bytes, offset)
          offset += 32
        }
        self.lanes = lanes
      }
      let rest = total - offset
      if rest > 0 {
        withUnsafeMutableBytes(of: &pending) { buffer in
          buffer.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
        }
        pendingCount = rest
      }
    }

    /// XXH64 of every byte given so far.
    var value: UInt64 {
      let hash = count >= 32 ? ContentChecksum.converge(lanes) : ContentChecksum.prime5
      let pendingCount = self.pendingCount
      return withUnsafeBytes(of: pending) { buffer in
        ContentChecksum.finish(
          hash &+ UInt64(count), UnsafeRawBufferPointer(rebasing: buffer[0..<pendingCount]),
          from: 0)
      }
    }
  }

  @inline(__always) private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int)
    -> UInt64
  {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* prime2, 31) &* prime1
  }

  @inline(__always) private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
    (hash ^ round(0, lane)) &* prime1 &+ prime4
  }
}
