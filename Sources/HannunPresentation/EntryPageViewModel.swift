import HannunDomain
import Observation

/// A page of the selected day's entries, taller lists cut into pages: the day, its entries as
/// the calendar holds them now (another window's writes included), and which page is shown. A
/// frontend says how many entries fit a page (``fit(pageSize:)``) and draws ``paging``'s range;
/// entries keep their place in the day (from 1), as an edit or delete by position takes them.
@MainActor
@Observable
public final class EntryPageViewModel: PagedScreen, ClosableScreen {
  /// The page asked for, from 1; ``paging`` keeps it within the pages there are.
  public internal(set) var page: Int
  /// How many entries a page holds, or `nil` for every entry on one page.
  public internal(set) var pageSize: Int?
  /// Called once when the page is left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}
  /// The calendar whose selected day is listed.
  public let calendar: CalendarViewModel

  /// A page of `calendar`'s selected day.
  /// - Parameters:
  ///   - calendar: The calendar whose selected day is listed.
  ///   - page: The page asked for, from 1.
  public init(calendar: CalendarViewModel, page: Int = 1) {
    self.calendar = calendar
    self.page = max(1, page)
  }

  /// The day listed: the calendar's selected day.
  public var day: Day { calendar.selectedDay }

  /// Every entry of the day, in list order.
  public var entries: [Transaction] { calendar.selectedEntries }

  /// The day's income and expense.
  public var totals: DaySummary { calendar.summary(of: day) }

  /// How many entries there are, for paging.
  var itemCount: Int { entries.count }

  /// Which entries the shown page holds, and how many pages there are.
  public var paging: Paging { currentPaging }

  /// The entries of the shown page, each with its place in the day, from 1.
  public var shownEntries: [(position: Int, entry: Transaction)] {
    let entries = entries
    return paging.range.map { (position: $0 + 1, entry: entries[$0]) }
  }

  /// Shows page `number`; one past the last shows the last.
  /// - Parameter number: The page, from 1.
  public func show(page number: Int) { movePage(to: number) }

  /// Shows the next page, staying on the last.
  public func nextPage() { movePageForward() }

  /// Shows the page before, staying on the first.
  public func previousPage() { movePageBack() }

  /// Pages at `size` entries a page: the frontend says how many fit.
  /// - Parameter size: Entries a page, or `nil` for all on one.
  public func fit(pageSize size: Int?) { fitPages(to: size) }

  /// Leaves the page; its route is removed.
  public func close() { didClose() }
}
