import HannunDomain

extension EnglishMessages {
  /// `MessageCatalog`: why a category was not renamed, in English.
  public func describe(_ error: CategoryRenameError) -> String {
    switch error {
    case .unknownCategory(let category):
      "no entry has the category '\(category)'; categories --all lists them"
    case .sameName(let category):
      "the new name is the same as the old one, '\(category)'; give another name"
    }
  }

  /// `MessageCatalog`: what a category rename did, in English.
  public func categoryRenamed(from: String, to: String, merged: Bool, count: Int) -> String {
    let entries = count == 1 ? "1 entry" : "\(count) entries"
    return merged
      ? "merged \(entries) of \(from) into \(to)"
      : "renamed category \(from) to \(to) (\(entries))"
  }
}
