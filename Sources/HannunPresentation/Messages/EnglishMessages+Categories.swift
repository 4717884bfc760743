import HannunDomain

extension EnglishMessages {
  /// `MessageCatalog`: why a category was not renamed, in English.
  public func describe(_ error: CategoryRenameError) -> String {
    switch error {
    case .unknownCategory(let category):
      "no entry has the category '\(category)'; \(hints.say(.allCategories, in: language)) lists them"
    case .sameName(let category):
      "the new name is the same as the old one, '\(category)'; give another name"
    case .budgetsOverlap(let from, let to, let month):
      "both '\(from)' and '\(to)' have a budget for \(month.iso), and a merged category can "
        + "have only one; remove one of them from \(month.iso) "
        + "(\(hints.say(.removeBudget(category: from, from: month), in: language))) and merge again. "
        + "Nothing was changed"
    }
  }

  /// `MessageCatalog`: what a category rename did, in English.
  public func categoryRenamed(
    from: String, to: String, merged: Bool, entries: Int, budgets: Int, rules: Int
  ) -> String {
    let count = entries == 1 ? "1 entry" : "\(entries) entries"
    var also: [String] = []
    if budgets > 0 { also.append(budgets == 1 ? "1 budget" : "\(budgets) budgets") }
    if rules > 0 { also.append(rules == 1 ? "1 recurring rule" : "\(rules) recurring rules") }
    let with = also.isEmpty ? "" : " with " + also.joined(separator: " and ")
    return merged
      ? "merged \(count) of \(from) into \(to)\(with)"
      : "renamed category \(from) to \(to) (\(([count] + also).joined(separator: ", ")))"
  }
}
