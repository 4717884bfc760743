import HannunDomain
import Observation

/// A search of the whole ledger (`find`): the query, the matching entries newest first, and
/// their income and expense, shown a page at a time. Frontends number the results from 1 and
/// open or edit result N through ``result(number:)`` or ``open(number:)``.
@MainActor
@Observable
public final class TransactionSearchViewModel: PagedScreen, ClosableScreen {
  /// The query of the results shown, or `nil` before the first search.
  public private(set) var query: TransactionQuery?
  /// The matching entries, newest first.
  public private(set) var results: [Transaction] = []
  /// The income and expense of ``results`` (checked sums).
  public private(set) var totals: DaySummary = .empty
  /// Why the last search failed, or `nil`; the results of the search before it stay.
  public private(set) var error: AppError?
  /// The page of results asked for, from 1; ``paging`` keeps it within the pages there are.
  public internal(set) var page = 1
  /// How many results a page holds, or `nil` for all of them on one page.
  public internal(set) var pageSize: Int?
  /// Called once when the results are left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}
  /// Called with the result opened by ``open(number:)``; the coordinator sets it to show that
  /// result's day.
  @ObservationIgnored public var didOpen: @MainActor (Transaction) async -> Void = { _ in }
  private let repository: any TransactionRepository

  /// A search over `repository`; nothing is read until ``search(_:)``.
  /// - Parameter repository: The ledger to search.
  public init(repository: any TransactionRepository) {
    self.repository = repository
  }

  /// Runs `query` and shows its results.
  /// - Parameter query: What to look for.
  /// - Throws: What the repository throws, or ``LedgerError/totalOverflow`` when the totals do
  ///   not fit; the previous results stay and ``error`` is set.
  public func search(_ query: TransactionQuery) async throws {
    do {
      let found = try await repository.transactions(matching: query)
      var totals = DaySummary.empty
      for entry in found { try totals.add(entry) }
      self.query = query
      results = found
      self.totals = totals
      page = 1
      error = nil
    } catch {
      self.error = AppError(error)
      throw error
    }
  }

  /// Runs the shown query again, as the ledger now is (another window wrote, or a file changed
  /// by hand), keeping the page asked for; before any search, nothing. A failure is kept in
  /// ``error`` with the results before it, as ``search(_:)`` keeps it.
  public func reload() async {
    guard let query else { return }
    let asked = page
    try? await search(query)
    page = asked
  }

  /// How many results there are, for paging.
  var itemCount: Int { results.count }

  /// Which results the shown page holds, and how many pages there are.
  public var paging: Paging { currentPaging }

  /// Shows page `number` of the results; one past the last shows the last.
  /// - Parameter number: The page, from 1.
  public func show(page number: Int) { movePage(to: number) }

  /// Shows the next page, staying on the last.
  public func nextPage() { movePageForward() }

  /// Shows the page before, staying on the first.
  public func previousPage() { movePageBack() }

  /// Pages at `size` results a page: the frontend says how many fit.
  /// - Parameter size: Results a page, or `nil` for all on one.
  public func fit(pageSize size: Int?) { fitPages(to: size) }

  /// Opens result `number`: the coordinator shows its day in the calendar and leaves the results.
  /// - Parameter number: The number the frontend showed beside it.
  /// - Returns: The entry opened.
  /// - Throws: ``SearchResultError`` when there was no search or no such number; nothing moves.
  @discardableResult
  public func open(number: Int) async throws(SearchResultError) -> Transaction {
    let entry = try result(number: number)
    await didOpen(entry)
    return entry
  }

  /// Leaves the results; their route is removed, and they stay for ``open(number:)``.
  public func close() { didClose() }

  /// Result number `number`, counting from 1 in the order shown.
  /// - Parameter number: The number the frontend showed beside it.
  /// - Returns: The entry as the search found it.
  /// - Throws: ``SearchResultError`` when there was no search or no such number.
  public func result(number: Int) throws(SearchResultError) -> Transaction {
    guard query != nil else { throw .noSearch }
    guard number >= 1, number <= results.count else {
      throw .noSuchResult(number, count: results.count)
    }
    return results[number - 1]
  }
}

/// A result number that names nothing.
public enum SearchResultError: Error, Equatable, Sendable, LocalizedMessage {
  /// Nothing was searched for yet.
  case noSearch
  /// No result `number`; the search found `count`.
  case noSuchResult(Int, count: Int)
}
