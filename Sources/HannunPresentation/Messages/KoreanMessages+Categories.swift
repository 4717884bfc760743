import HannunDomain

extension KoreanMessages {
  /// `MessageCatalog`: why a category was not renamed, in Korean.
  public func describe(_ error: CategoryRenameError) -> String {
    switch error {
    case .unknownCategory(let category):
      "'\(category)' 분류를 쓰는 내역이 없습니다. categories --all로 분류 목록을 보세요"
    case .sameName(let category):
      "새 이름이 지금 이름 '\(category)'와(과) 같습니다. 다른 이름을 주세요"
    }
  }

  /// `MessageCatalog`: what a category rename did, in Korean.
  public func categoryRenamed(from: String, to: String, merged: Bool, count: Int) -> String {
    merged
      ? "분류 합침 \(from) → \(to) (\(count)건)"
      : "분류 이름 바꿈 \(from) → \(to) (\(count)건)"
  }
}
