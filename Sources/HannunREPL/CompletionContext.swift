import HannunDomain
import HannunPresentation

/// What Tab may offer from the ledger, as the session knows it at a prompt: the categories
/// already used and how many entries the selected day lists. A value, so
/// ``CommandCompletion`` stays pure and the line editor reads it without reaching into the
/// session.
public struct CompletionContext: Equatable, Sendable {
  /// Categories already used, most used first; each appears once.
  public var categories: [String]
  /// How many entries the selected day lists: `edit` and `delete` complete 1…`entryCount`.
  public var entryCount: Int
  /// The form field being asked, or `nil` at the command prompt: in a field the whole line is
  /// its value, so Tab offers the field's words (categories, kinds, days), not commands.
  public var formField: TransactionFormViewModel.Field?

  /// - Parameters:
  ///   - categories: Most used first; see ``rankedCategories(_:)``.
  ///   - entryCount: The selected day's number of entries; negative counts as 0.
  ///   - formField: The form field being asked; `nil` at the command prompt.
  public init(
    categories: [String] = [], entryCount: Int = 0,
    formField: TransactionFormViewModel.Field? = nil
  ) {
    self.categories = categories
    self.entryCount = max(0, entryCount)
    self.formField = formField
  }

  /// No ledger words: Tab offers only command words and fixed arguments.
  public static let empty = CompletionContext()

  /// The distinct categories of `entries`, most used first, equally used ones by name: the
  /// order of ``CategoryListViewModel/rankedByUse(_:)``, which the web's add form suggests
  /// them in too.
  /// - Parameter entries: Entries the session has at hand, such as the calendar's months.
  public static func rankedCategories(_ entries: some Sequence<Transaction>) -> [String] {
    var uses: [String: Int] = [:]
    for entry in entries { uses[entry.category, default: 0] += 1 }
    return CategoryListViewModel.rankedByUse(uses)
  }
}
