extension CommandError {
  /// What `categories` or `category` accepts, in English.
  static func englishCategories(_ problem: ArgumentProblem) -> String {
    switch problem {
    case .notACategoryPeriod(let text):
      "categories takes nothing (the shown month), year, all or a month YYYY-MM, not '\(text)'"
    case .notACategoryAction(let words) where words.isEmpty:
      "category needs what to do: category rename OLD NEW (quote names with spaces)"
    case .notACategoryAction(let words):
      "'category \(words)' is not understood; use category rename OLD NEW "
        + "(quote names with spaces)"
    default: ""
    }
  }

  /// What `categories` or `category` accepts, in Korean.
  static func koreanCategories(_ problem: ArgumentProblem) -> String {
    switch problem {
    case .notACategoryPeriod(let text):
      "categories 뒤에는 아무것도 적지 않거나(보이는 달) year, all, 또는 YYYY-MM 달을 적으세요 "
        + "('\(text)'이(가) 아니라)"
    case .notACategoryAction(let words) where words.isEmpty:
      "category에는 할 일을 적으세요: category rename 옛이름 새이름 (띄어쓰기가 있으면 따옴표로)"
    case .notACategoryAction(let words):
      "'category \(words)'은(는) 알 수 없습니다. category rename 옛이름 새이름으로 적으세요 "
        + "(띄어쓰기가 있으면 따옴표로)"
    default: ""
    }
  }
}
