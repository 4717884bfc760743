/// Why a category could not be renamed or merged, as a value; nothing was written.
public enum CategoryRenameError: Error, Equatable, Sendable {
  /// No entry of the ledger has this category.
  case unknownCategory(String)
  /// The new name is the old one: there is nothing to rename.
  case sameName(String)
}
