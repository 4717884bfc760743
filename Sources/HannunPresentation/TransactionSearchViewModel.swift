import HannunDomain
import Observation

/// A search of the whole ledger (`find`): the query, the matching entries newest first, and
/// their income and expense. Frontends number the results from 1 and open or edit result N
/// through ``result(number:)``.
@MainActor
@Observable
public final class TransactionSearchViewModel {
  /// The query of the results shown, or `nil` before the first search.
  public private(set) var query: TransactionQuery?
  /// The matching entries, newest first.
  public private(set) var results: [Transaction] = []
  /// The income and expense of ``results`` (checked sums).
  public private(set) var totals: DaySummary = .empty
  /// Why the last search failed, or `nil`; the results of the search before it stay.
  public private(set) var error: AppError?
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
      error = nil
    } catch {
      self.error = AppError(error)
      throw error
    }
  }

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
