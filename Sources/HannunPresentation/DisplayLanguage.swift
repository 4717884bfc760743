import HannunDomain

/// The language labels and titles are shown in. Hannun speaks Korean and English.
public enum DisplayLanguage: String, CaseIterable, Sendable {
  /// 한국어, `ko`.
  case korean = "ko"
  /// English, `en`.
  case english = "en"

  /// The language for a locale identifier such as `ko_KR.UTF-8` or `en_US`: Korean when the
  /// language is `ko` (or the alias `korean`) — not Konkani's `kok` — and English otherwise.
  /// - Parameter localeIdentifier: A POSIX or BCP 47 locale, such as `LANG`'s value.
  public init(localeIdentifier: String) {
    let language = localeIdentifier.lowercased().prefix { $0.isASCII && $0.isLetter }
    self = language == "ko" || language == "korean" ? .korean : .english
  }
}
