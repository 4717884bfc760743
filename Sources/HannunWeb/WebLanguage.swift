import Foundation
import HannunPresentation

extension DisplayLanguage {
  /// The language a browser asks for in `Accept-Language` (`ko-KR,ko;q=0.9,en;q=0.8`): the
  /// Hannun language of the highest-weighted tag Hannun speaks, or `nil` when none is Korean or
  /// English.
  /// - Parameter header: The header's value.
  /// - Returns: Korean or English, or `nil`.
  static func preferred(acceptLanguage header: String) -> DisplayLanguage? {
    var best: (weight: Double, language: DisplayLanguage)?
    for part in header.split(separator: ",") {
      let pieces = part.split(separator: ";")
      guard let tag = pieces.first?.trimmingCharacters(in: .whitespaces).lowercased() else {
        continue
      }
      var weight = 1.0
      for parameter in pieces.dropFirst() {
        let trimmed = parameter.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { weight = value }
      }
      let primary = tag.prefix { $0 != "-" && $0 != "_" }
      let language: DisplayLanguage? =
        primary == "ko" ? .korean : primary == "en" ? .english : nil
      guard let language, weight > 0, weight > (best?.weight ?? -1) else { continue }
      best = (weight, language)
    }
    return best?.language
  }
}
