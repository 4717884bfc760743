import HannunDomain

/// `find`'s arguments as the parser read them: dates and the kind already values, amounts as
/// typed (the session reads them with the ledger's ``AmountParser``).
public struct SearchRequest: Equatable, Sendable {
  /// Words to find in memos and categories; empty for any.
  public var text = ""
  /// `--category C`.
  public var category: String?
  /// `--kind income|expense` (also 수입, 지출, i, e).
  public var kind: TransactionKind?
  /// `--from D`.
  public var from: Day?
  /// `--to D`.
  public var to: Day?
  /// `--min A`, as typed.
  public var minimumText: String?
  /// `--max A`, as typed.
  public var maximumText: String?

  /// A request with nothing given: every entry.
  public init() {}

  /// The options `find` takes.
  static let options: Set<String> = [
    "--category", "--kind", "--from", "--to", "--min", "--max",
  ]

  /// Sets an option from its typed value.
  /// - Throws: ``CommandError`` for a kind or day the Domain rules refuse.
  mutating func set(_ option: String, to value: String, today: Day, shownMonth: YearMonth?)
    throws(CommandError)
  {
    switch option {
    case "--category": category = value
    case "--kind":
      do { kind = try TransactionRules.kind(value) } catch { throw .rejectedField(error) }
    case "--from", "--to":
      let day: Day
      do {
        day = try Day(userInput: value, today: today, shownMonth: shownMonth)
      } catch {
        throw .rejectedDate(error)
      }
      if option == "--from" { from = day } else { to = day }
    case "--min": minimumText = value
    default: maximumText = value
    }
  }

  /// The query, with the amounts read in the ledger's currency.
  /// - Parameter currency: The ledger's currency.
  /// - Returns: The query.
  /// - Throws: ``AmountInputError`` for an amount, ``TransactionQueryError`` for spans that run
  ///   backwards.
  public func query(currency: Currency) throws -> TransactionQuery {
    let parser = AmountParser(currency: currency)
    return try TransactionQuery(
      text: text, category: category, kind: kind, from: from, to: to,
      minimum: try minimumText.map { text throws(AmountInputError) in try parser.parse(text) },
      maximum: try maximumText.map { text throws(AmountInputError) in try parser.parse(text) })
  }
}

/// What is wrong with `find`'s options or `open`'s number.
public enum SearchArgumentProblem: Equatable, Sendable {
  /// An option `find` does not have.
  case unknownOption(String)
  /// An option given twice.
  case optionTwice(String)
  /// An option at the end of the line without its value.
  case needsValue(String)
  /// Not a result number for `open`.
  case notAResult(String)

  private static let options =
    "--category C, --kind income|expense, --from D, --to D, --min A, --max A"

  /// The problem in English.
  var english: String {
    switch self {
    case .unknownOption(let option):
      "find has no option '\(option)'; it takes \(Self.options) (quote text that starts with --)"
    case .optionTwice(let option): "find takes \(option) only once"
    case .needsValue(let option): "\(option) needs a value, for example find --kind expense"
    case .notAResult(let text):
      "'\(text)' is not a result number; open takes a number from the last find, for example open 2"
    }
  }

  /// The problem in Korean.
  var korean: String {
    switch self {
    case .unknownOption(let option):
      "find에는 '\(option)' 옵션이 없습니다. 옵션: \(Self.options) (--로 시작하는 글은 따옴표로 감싸세요)"
    case .optionTwice(let option): "find에는 \(option)을(를) 한 번만 적으세요"
    case .needsValue(let option): "\(option) 뒤에 값을 적으세요. 예: find --kind 지출"
    case .notAResult(let text):
      "'\(text)'은(는) 결과 번호가 아닙니다. open에는 찾은 내역의 번호를 적으세요. 예: open 2"
    }
  }
}
