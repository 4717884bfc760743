/// Why a category could not be renamed or merged, as a value; nothing was written.
public enum CategoryRenameError: Error, Equatable, Sendable {
  /// No entry, budget or recurring rule of the ledger has this category.
  case unknownCategory(String)
  /// The new name is the old one: there is nothing to rename.
  case sameName(String)
  /// Both categories have a budget for `month` (and maybe later), so merging them would have to
  /// drop one of the two limits; nothing was written.
  case budgetsOverlap(from: String, to: String, month: YearMonth)
}
