import HannunDomain

extension KoreanMessages {
  /// `MessageCatalog`: why a category was not renamed, in Korean.
  public func describe(_ error: CategoryRenameError) -> String {
    switch error {
    case .unknownCategory(let category):
      "'\(category)' 분류를 쓰는 내역이 없습니다. \(hints.say(.allCategories, in: language))로 분류 목록을 보세요"
    case .sameName(let category):
      "새 이름이 지금 이름 '\(category)'와(과) 같습니다. 다른 이름을 주세요"
    case .budgetsOverlap(let from, let to, let month):
      "'\(from)'와(과) '\(to)' 모두 \(month.iso) 예산이 있어 합칠 수 없습니다. 합친 분류에는 예산이 하나뿐입니다. "
        + "하나를 지우고(\(hints.say(.removeBudget(category: from, from: month), in: language))) 다시 합치세요. "
        + "바뀐 것은 없습니다"
    }
  }

  /// `MessageCatalog`: what a category rename did, in Korean.
  public func categoryRenamed(
    from: String, to: String, merged: Bool, entries: Int, budgets: Int, rules: Int
  ) -> String {
    var parts = ["\(entries)건"]
    if budgets > 0 { parts.append("예산 \(budgets)개") }
    if rules > 0 { parts.append("반복 규칙 \(rules)개") }
    let what = parts.joined(separator: ", ")
    return merged
      ? "분류 합침 \(from) → \(to) (\(what))"
      : "분류 이름 바꿈 \(from) → \(to) (\(what))"
  }
}
