/// Random secrets and their comparison.
public enum Secret {
  /// 32 random bytes from the system's generator as 64 lowercase hex digits: a sign-in token, a
  /// session or a CSRF token.
  /// - Returns: A new secret.
  public static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    text.reserveCapacity(64)
    for _ in 0..<4 {
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      text += String(repeating: "0", count: 16 - hex.count) + hex
    }
    return text
  }

  /// Whether two secrets are equal, taking the same time whatever the position of the first
  /// difference, so that timing tells an attacker nothing about how much of a guess was right.
  /// - Parameters:
  ///   - given: What a request carried.
  ///   - expected: The secret.
  /// - Returns: Whether they are byte for byte the same; `false` when `expected` is empty.
  public static func matches(_ given: String, _ expected: String) -> Bool {
    let lhs = Array(given.utf8)
    let rhs = Array(expected.utf8)
    guard !rhs.isEmpty else { return false }
    var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
    if lhs.count != rhs.count { difference |= 1 }
    for index in rhs.indices {
      difference |= (index < lhs.count ? lhs[index] : 0) ^ rhs[index]
    }
    return difference == 0
  }
}
