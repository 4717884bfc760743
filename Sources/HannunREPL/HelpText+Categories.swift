extension CommandVerb {
  /// Further lines for `help categories` and `help category`, in English.
  var categoryDetails: [String] {
    [
      "PERIOD: year (the shown year), all (all time) or YYYY-MM; else the shown month.",
      "Each with its kind, entry count and total, largest first within each kind.",
      "category rename OLD NEW renames OLD at once in every entry, its budgets",
      "and its recurring rules; when NEW exists, the two are merged (not when both",
      "have a budget for the same month). undo takes the whole rename back.",
      "Quote names with spaces: category rename \"eating out\" food",
      "From the shell: hannun categories [YYYY-MM | --year YYYY | --from M --to M",
      "| --all] [--json] and hannun category rename OLD NEW",
    ]
  }
}

extension HelpText {
  /// Further lines for `help categories` and `help category`, in Korean.
  static var koreanCategoryDetails: [String] {
    [
      "PERIOD: year(보이는 해), all(전체 기간), YYYY-MM; 없으면 보이는 달.",
      "분류마다 종류, 내역 수, 합계를 종류 안에서 큰 것부터 보여 줍니다.",
      "category rename 옛이름 새이름: 가계부 전체에서 분류를 한 번에 바꿉니다.",
      "내역과 함께 그 분류의 예산과 반복 규칙도 옮깁니다.",
      "새이름이 이미 있으면 두 분류를 합칩니다(같은 달에 둘 다 예산이 있으면",
      "합치지 않습니다). undo로 한 번에 되돌립니다.",
      "띄어쓰기가 있는 이름은 따옴표로: category rename \"외식 비용\" 식비",
      "셸에서: hannun categories [YYYY-MM | --year YYYY | --from M --to M",
      "| --all] [--json], hannun category rename 옛이름 새이름",
    ]
  }
}
