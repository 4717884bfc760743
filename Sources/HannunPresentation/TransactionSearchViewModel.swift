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

  /// The message in the catalogue's language.
  /// - Parameter catalog: The catalogue of the user's language.
  /// - Returns: What went wrong and what to do.
  public func text(in catalog: any MessageCatalog) -> String {
    switch (self, catalog.language) {
    case (.noSearch, .korean): "찾은 내역이 없습니다. 먼저 find로 찾으세요. 예: find 커피"
    case (.noSearch, .english):
      "nothing was searched for yet; search first, for example find coffee"
    case (.noSuchResult(_, 0), .korean): "찾은 내역이 없습니다. 다른 말로 찾아 보세요"
    case (.noSuchResult(_, 0), .english): "the search found nothing; try other words"
    case (.noSuchResult(let number, let count), .korean):
      "찾은 내역에 \(number)번은 없습니다. 1-\(count) 가운데 고르세요"
    case (.noSuchResult(let number, let count), .english):
      "there is no result \(number): the search found \(count) (1-\(count))"
    }
  }
}

extension TransactionQueryError: LocalizedMessage {
  /// The message in the catalogue's language.
  /// - Parameter catalog: The catalogue of the user's language.
  /// - Returns: What is wrong with the query and how to fix it.
  public func text(in catalog: any MessageCatalog) -> String {
    switch (self, catalog.language) {
    case (.daysBackwards(let from, let to), .korean):
      "--from \(from.iso)이(가) --to \(to.iso)보다 늦습니다. 앞의 날을 --from에 적으세요"
    case (.daysBackwards(let from, let to), .english):
      "--from \(from.iso) comes after --to \(to.iso); give the earlier day to --from"
    case (.amountsBackwards, .korean): "--min이 --max보다 큽니다. 작은 금액을 --min에 적으세요"
    case (.amountsBackwards, .english):
      "--min is larger than --max; give the smaller amount to --min"
    }
  }
}
