/// The one-time codes that sign a phone in without the long token: `hannun serve` shows one
/// (with its QR code) in the terminal, and the phone that opens `/pair?code=…` and confirms
/// gets a signed-in session.
///
/// There is one live code at a time. A code is short (eight letters and digits, about 40 bits),
/// ends ``lifetime`` after it was made, and works once: using it, or making a new one, ends it.
/// Wrong codes count against the client in the same ``SignInLimiter`` as wrong tokens, so
/// guessing one is as slow as guessing the token. It reads time only through `now`.
@MainActor
final class PairingCodes {
  /// How long a code works: ten minutes.
  static let lifetime = Duration.seconds(600)

  private var code: String?
  private var expires: ContinuousClock.Instant?
  private let now: @Sendable () -> ContinuousClock.Instant

  /// No live code yet; the time read from `now`.
  init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
    self.now = now
  }

  /// Makes a new code, ending any earlier one.
  /// - Returns: The code, eight characters of Crockford base32 in upper case (no I, L, O, U).
  func issue() -> String {
    let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    var generator = SystemRandomNumberGenerator()
    let made = String((0..<8).map { _ in alphabet[Int(generator.next() % 32)] })
    code = made
    expires = now() + Self.lifetime
    return made
  }

  /// Uses a code: `true` when it is the live one and has not ended, which ends it.
  /// Case, spaces and dashes are ignored (`abcd-efgh` is `ABCDEFGH`).
  func redeem(_ given: String) -> Bool {
    guard let code, let expires else { return false }
    guard now() < expires else {
      self.code = nil
      self.expires = nil
      return false
    }
    let typed = Self.normalized(given)
    guard typed.utf8.count == code.utf8.count, Secret.matches(typed, code) else { return false }
    self.code = nil
    self.expires = nil
    return true
  }

  /// Whether a code is live now.
  var isLive: Bool {
    guard let expires, code != nil else { return false }
    return now() < expires
  }

  /// A typed code as it is compared: upper case, without spaces or dashes.
  static func normalized(_ text: String) -> String {
    String(text.uppercased().filter { $0 != " " && $0 != "-" })
  }
}
