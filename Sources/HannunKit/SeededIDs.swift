import HannunDomain
import Synchronization

extension TransactionID {
  /// A fresh id of ``TransactionID/random()``'s form, its bits drawn from a generator the
  /// system's seeds once a process: the session's default for new entries. An id only has to
  /// differ from the others, and a system call an id was 6 % of a 100,000-row import.
  /// - Returns: A new id.
  public static func seededRandom() -> TransactionID {
    var bits = SeededIDBits.Draw()
    return random(using: &bits)
  }
}

/// The process's source of id bits: xoshiro256**, seeded from the system's generator on first
/// use, drawn under a lock.
private enum SeededIDBits {
  /// One draw from the shared state.
  struct Draw: RandomNumberGenerator {
    mutating func next() -> UInt64 { state.withLock { $0.next() } }
  }

  static let state = Mutex(Xoshiro256StarStar())

  /// The generator (Blackman and Vigna).
  struct Xoshiro256StarStar {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    init() {
      var system = SystemRandomNumberGenerator()
      (s0, s1, s2, s3) = (system.next(), system.next(), system.next(), system.next())
      // The one state it cannot leave.
      if s0 | s1 | s2 | s3 == 0 { s0 = 0x9E37_79B9_7F4A_7C15 }
    }

    mutating func next() -> UInt64 {
      let result = rotate(s1 &* 5, 7) &* 9
      let shifted = s1 << 17
      s2 ^= s0
      s3 ^= s1
      s1 ^= s2
      s0 ^= s3
      s2 ^= shifted
      s3 = rotate(s3, 45)
      return result
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
      (value << count) | (value >> (64 - count))
    }
  }
}
