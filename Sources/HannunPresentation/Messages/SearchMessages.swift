import HannunDomain

extension SearchResultError {
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
