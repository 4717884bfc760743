/// Which items of a list one page shows: a list cut into pages of a size the frontend chose (how
/// many rows it has), and the page asked for, kept within the pages there are.
public struct Paging: Hashable, Sendable {
  /// How many items the whole list has.
  public let itemCount: Int
  /// How many items a page holds; at least 1.
  public let pageSize: Int
  /// The page shown, from 1; a page asked for past the last is the last, before the first the
  /// first.
  public let number: Int

  /// The pages of `itemCount` items.
  /// - Parameters:
  ///   - itemCount: How many items the list has.
  ///   - pageSize: How many fit on a page, or `nil` for every item on one page.
  ///   - page: The page asked for, from 1.
  public init(itemCount: Int, pageSize: Int?, page: Int) {
    self.itemCount = max(0, itemCount)
    self.pageSize = max(1, pageSize ?? itemCount)
    let count = max(1, (self.itemCount + self.pageSize - 1) / self.pageSize)
    number = min(max(1, page), count)
  }

  /// How many pages the list takes; 1 for an empty list.
  public var count: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

  /// The positions (from 0) of the items on the shown page.
  public var range: Range<Int> {
    let start = min(itemCount, (number - 1) * pageSize)
    return start..<min(itemCount, start + pageSize)
  }

  /// How many items follow the shown page.
  public var remaining: Int { itemCount - range.upperBound }

  /// Whether a page follows the shown one.
  public var hasNext: Bool { number < count }

  /// Whether a page comes before the shown one.
  public var hasPrevious: Bool { number > 1 }
}

/// A screen that pages through a list: the page asked for, and the size the frontend draws
/// pages at. Intents move the page; ``paging`` says what the page shows.
@MainActor
protocol PagedScreen: AnyObject {
  /// The page asked for, from 1.
  var page: Int { get set }
  /// How many items a page holds, or `nil` for all of them.
  var pageSize: Int? { get set }
  /// How many items there are.
  var itemCount: Int { get }
}

extension PagedScreen {
  /// The page shown, kept within the pages there are.
  var currentPaging: Paging { Paging(itemCount: itemCount, pageSize: pageSize, page: page) }

  /// Asks for page `number`; a page past the last shows the last.
  func movePage(to number: Int) { page = max(1, number) }

  /// Moves one page on, staying on the last.
  func movePageForward() { page = min(currentPaging.number + 1, currentPaging.count) }

  /// Moves one page back, staying on the first.
  func movePageBack() { page = max(1, currentPaging.number - 1) }

  /// Pages at `size` items a page; the page asked for stays, kept within the pages there are.
  func fitPages(to size: Int?) { pageSize = size.map { max(1, $0) } }
}
