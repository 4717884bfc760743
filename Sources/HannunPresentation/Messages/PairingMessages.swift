/// The words of the web page where a phone pairs with the code `hannun serve` shows.
public protocol PairingMessages: Sendable {
  /// The page's title.
  var title: String { get }
  /// Where the code comes from and how long it works.
  var hint: String { get }
  /// The code field's label.
  var code: String { get }
  /// The device-name field's label.
  var name: String { get }
  /// An example device name.
  var namePlaceholder: String { get }
  /// The button that pairs.
  var button: String { get }
  /// A code that is wrong, used or too old, and how to get a new one.
  var wrongCode: String { get }
  /// After too many wrong codes or tokens from this address.
  /// - Parameter seconds: How long until the next try.
  func tooManyTries(seconds: Int) -> String
}

extension DisplayLanguage {
  /// The pairing page's words, in this language.
  public var pairing: any PairingMessages {
    switch self {
    case .korean: KoreanPairingMessages()
    case .english: EnglishPairingMessages()
    }
  }
}

/// ``PairingMessages`` in Korean.
public struct KoreanPairingMessages: PairingMessages {
  /// The Korean words.
  public init() {}
  /// `PairingMessages`.
  public var title: String { "이 기기 연결" }
  /// `PairingMessages`.
  public var hint: String { "hannun serve 터미널에 나온 연결 코드입니다. 한 번만, 10분 안에 쓸 수 있습니다." }
  /// `PairingMessages`.
  public var code: String { "연결 코드" }
  /// `PairingMessages`.
  public var name: String { "기기 이름 (선택)" }
  /// `PairingMessages`.
  public var namePlaceholder: String { "예: 지수 폰" }
  /// `PairingMessages`.
  public var button: String { "연결" }
  /// `PairingMessages`.
  public var wrongCode: String {
    "연결 코드가 틀렸거나 이미 쓰였거나 10분이 지났습니다. hannun serve 터미널에서 Enter를 누르면 새 코드가 나옵니다"
  }
  /// `PairingMessages`.
  public func tooManyTries(seconds: Int) -> String { "틀린 코드가 너무 많았습니다. \(seconds)초 뒤에 다시 하세요" }
}

/// ``PairingMessages`` in English.
public struct EnglishPairingMessages: PairingMessages {
  /// The English words.
  public init() {}
  /// `PairingMessages`.
  public var title: String { "Pair this device" }
  /// `PairingMessages`.
  public var hint: String {
    "The pairing code shown in the terminal running hannun serve. It works once, within 10 "
      + "minutes."
  }
  /// `PairingMessages`.
  public var code: String { "Pairing code" }
  /// `PairingMessages`.
  public var name: String { "Device name (optional)" }
  /// `PairingMessages`.
  public var namePlaceholder: String { "e.g. Jisoo's phone" }
  /// `PairingMessages`.
  public var button: String { "Pair" }
  /// `PairingMessages`.
  public var wrongCode: String {
    "That pairing code is wrong, already used or more than 10 minutes old. Press Enter in the "
      + "terminal running hannun serve for a new one"
  }
  /// `PairingMessages`.
  public func tooManyTries(seconds: Int) -> String {
    "Too many wrong codes from this address; try again in \(seconds) "
      + (seconds == 1 ? "second" : "seconds")
  }
}
