import HannunDomain
import HannunPresentation

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

  /// What the catalogue says for it.
  var refusal: PromptRefusal {
    switch self {
    case .unknownOption(let option): .findUnknownOption(option)
    case .optionTwice(let option): .findOptionTwice(option)
    case .needsValue(let option): .findNeedsValue(option)
    case .notAResult(let text): .notAResult(text)
    }
  }
}
