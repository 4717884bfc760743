import HannunDomain
import HannunPresentation

/// Where the parts of the selected day's entry lines go at a given width. One set of columns
/// serves every entry of the day, so amounts, categories and ids line up on the screen and on
/// every page of the list.
///
/// A line is `  3. 지출   -₩12,000  식비  점심 김밥  #a1b2c3d4e5`: position, kind, signed amount,
/// category, memo, id. When the width is short, the parts give way in this order: the kind (the
/// sign already says it), then the id (the position is what `edit N` takes), then the category
/// and memo are cut with `…`. Amounts are never cut.
struct EntryColumns: Hashable {
  /// Before the position: two spaces, one when narrow.
  let indent: String
  /// Between parts: two spaces, one when narrow.
  let gap: String
  /// Digits of the largest position.
  let positionWidth: Int
  /// The kind column's width, or `nil` when the kind is left out.
  let kindWidth: Int?
  /// The widest signed amount.
  let amountWidth: Int
  /// Columns for the category.
  let categoryWidth: Int
  /// Columns for the memo; 0 when no entry has one or there is no room.
  let memoWidth: Int
  /// Whether each line ends with the entry's id.
  let showsID: Bool

  /// Below this width, the indent and the gaps are one space.
  static let narrowWidth = 60

  /// - Parameters:
  ///   - entries: All of the day's entries, not only one page's.
  ///   - width: The columns a line may take.
  ///   - language: For the kind labels.
  ///   - amount: The signed amount text of an entry.
  init(
    entries: [Transaction], width: Int, language: DisplayLanguage,
    amount: (Transaction) -> String
  ) {
    let narrow = width < EntryColumns.narrowWidth
    let gapWidth = narrow ? 1 : 2
    indent = String(repeating: " ", count: gapWidth)
    gap = indent
    let positionWidth = String(max(1, entries.count)).count
    let amountWidth = entries.map { TerminalText.displayWidth(amount($0)) }.max() ?? 0
    self.positionWidth = positionWidth
    self.amountWidth = amountWidth
    let widestKind =
      TransactionKind.allCases.map { TerminalText.displayWidth(language.label(for: $0)) }.max()
      ?? 0
    let widestCategory = entries.map { TerminalText.displayWidth(Self.category($0)) }.max() ?? 0
    let widestMemo = entries.map { TerminalText.displayWidth(Self.memo($0)) }.max() ?? 0
    let widestID = entries.map { TerminalText.displayWidth(Self.id($0)) }.max() ?? 0
    let fixed = gapWidth + positionWidth + 2 + amountWidth + gapWidth
    // What the category and memo need before the kind or the id may take room: a category of
    // up to 12 columns whole, and 20 columns of memo.
    let comfortable =
      min(widestCategory, 12) + (widestMemo > 0 ? gapWidth + min(widestMemo, 20) : 0)
    let options = [(kind: true, id: true), (kind: false, id: true), (kind: false, id: false)]
    let rooms = options.map {
      width - fixed - ($0.kind ? widestKind + 1 : 0) - ($0.id ? gapWidth + widestID : 0)
    }
    let chosen = rooms.firstIndex { $0 >= comfortable } ?? options.count - 1
    kindWidth = options[chosen].kind ? widestKind : nil
    showsID = options[chosen].id
    let available = max(0, rooms[chosen])
    if widestMemo == 0 || widestCategory + gapWidth + widestMemo <= available {
      categoryWidth = min(widestCategory, available)
      memoWidth = widestMemo
    } else {
      // The memo gets what the category leaves, the category at least a third of the room.
      let category = min(widestCategory, max(available / 3, available - gapWidth - widestMemo))
      let memo = available - category - gapWidth
      categoryWidth = memo >= 3 ? category : min(widestCategory, available)
      memoWidth = memo >= 3 ? memo : 0
    }
  }

  /// An entry's category, safe to print.
  static func category(_ entry: Transaction) -> String { TerminalText.sanitized(entry.category) }
  /// An entry's memo, safe to print.
  static func memo(_ entry: Transaction) -> String { TerminalText.sanitized(entry.memo) }
  /// An entry's id as the list shows it: `#a1b2c3d4e5`.
  static func id(_ entry: Transaction) -> String { "#" + TerminalText.sanitized(entry.id.rawValue) }
}
