import HannunDomain

extension MessageCatalog {
  /// Why a mood was refused or not written, in the catalogue's language.
  /// - Parameter error: The refusal.
  /// - Returns: One line.
  public func describe(mood error: MoodError) -> String {
    let korean = language == .korean
    switch error {
    case .unknownMood(let text):
      let names = Mood.allCases.map { korean ? $0.koreanName : $0.englishName }
        .joined(separator: ", ")
      return korean
        ? "'\(text)'은(는) 기분이 아닙니다. \(names) 중 하나나 그 이모지를 적으세요"
        : "'\(text)' is not a mood; use one of \(names), a Korean name or the emoji"
    case .staleMood(let day, _):
      return korean
        ? "다른 창에서 \(day.iso)의 기분이 바뀌어 아무것도 바꾸지 않았습니다. 다시 확인하고 해 보세요"
        : "the mood of \(day.iso) was changed elsewhere since it was read; nothing was changed. "
          + "Look at it again and retry"
    }
  }
}

extension MoodError: LocalizedMessage {
  /// `LocalizedMessage`: ``MessageCatalog/describe(mood:)``.
  public func text(in catalog: any MessageCatalog) -> String {
    catalog.describe(mood: self)
  }
}

extension DisplayLanguage {
  /// A mood's name in this language: `기쁨` or `joy`.
  /// - Parameter mood: The mood.
  public func name(of mood: Mood) -> String {
    self == .korean ? mood.koreanName : mood.englishName
  }
}
