/// 64-bit FNV-1a, the web's short fingerprints of text it keeps (a form's digest, a session's
/// name, a resent form's key): quick and stable across versions, and no defence against a
/// collision chosen on purpose.
struct FNV1a {
  /// The hash of the bytes added so far.
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds `bytes` to the hash.
  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }
}
