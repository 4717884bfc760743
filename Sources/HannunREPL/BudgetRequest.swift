import HannunDomain

/// What a `budget` line asks for. Amounts are carried as typed (the ledger's `AmountParser`
/// reads them), categories not yet checked against `TransactionRules`; a month left out is the
/// shown month.
public enum BudgetRequest: Equatable, Sendable {
  /// `budget [YYYY-MM]`: a month's budgets against its spending.
  case show(YearMonth?)
  /// `budget set AMOUNT [CATEGORY] [--from YYYY-MM]`: a monthly limit from a month on, for the
  /// whole ledger (`category` `nil`) or one category.
  case set(amountText: String, category: String?, from: YearMonth?)
  /// `budget remove [CATEGORY] [--from YYYY-MM]`: no budget from a month on.
  case remove(category: String?, from: YearMonth?)

  /// Whether the request changes the budgets.
  public var writes: Bool {
    if case .show = self { return false }
    return true
  }
}

/// What is wrong with a `budget` line.
public enum BudgetArgumentProblem: Equatable, Sendable {
  /// The word after `budget` is neither a month nor `set` or `remove`.
  case unknownAction(String)
  /// `budget set` without an amount.
  case needsAmount
  /// An option without its value.
  case needsValue(String)
  /// An option `budget` does not take.
  case unknownOption(String)
  /// The same option twice, or a category given twice.
  case twice(String)
  /// Words left over.
  case extra(String)

  /// The sentence, in Korean or English.
  func text(korean: Bool) -> String {
    let usage =
      korean
      ? "budget [YYYY-MM], budget set 금액 [분류] [--from YYYY-MM], budget remove [분류] [--from YYYY-MM]"
      : "budget [YYYY-MM], budget set AMOUNT [CATEGORY] [--from YYYY-MM], "
        + "budget remove [CATEGORY] [--from YYYY-MM]"
    switch (self, korean) {
    case (.unknownAction(let word), true):
      return "budget 뒤의 '\(word)'을(를) 알 수 없습니다. 쓰는 법: \(usage)"
    case (.unknownAction(let word), false):
      return "budget does not know '\(word)'; usage: \(usage)"
    case (.needsAmount, true): return "budget set에는 금액이 필요합니다. 예: budget set 30만 식비"
    case (.needsAmount, false):
      return "budget set needs an amount, for example budget set 300000 food"
    case (.needsValue(let option), true): return "\(option)에는 값이 필요합니다. 쓰는 법: \(usage)"
    case (.needsValue(let option), false): return "\(option) needs a value; usage: \(usage)"
    case (.unknownOption(let option), true):
      return "budget에는 '\(option)' 옵션이 없습니다. 옵션은 --category와 --from입니다"
    case (.unknownOption(let option), false):
      return "budget has no option '\(option)'; its options are --category and --from"
    case (.twice(let what), true): return "\(what)은(는) 한 번만 적으세요"
    case (.twice(let what), false): return "give \(what) only once"
    case (.extra(let words), true): return "'\(words)'을(를) 지우세요. 쓰는 법: \(usage)"
    case (.extra(let words), false): return "remove '\(words)'; usage: \(usage)"
    }
  }
}

extension CommandParser {
  /// `budget [YYYY-MM]`, `budget set AMOUNT [CATEGORY] [--category C] [--from YYYY-MM]`,
  /// `budget remove [CATEGORY] [--category C] [--from YYYY-MM]`.
  static func budget(_ arguments: [Word]) throws(CommandError) -> Command {
    func problem(_ problem: BudgetArgumentProblem) -> CommandError {
      .invalidArguments(.budget, .budget(problem))
    }
    guard let first = arguments.first else { return .budget(.show(nil)) }
    let action = first.quoted ? first.text : first.text.lowercased()
    if !["set", "change", "remove", "rm", "delete", "del", "unset", "설정", "삭제"].contains(action) {
      guard arguments.count == 1 else {
        throw problem(.extra(arguments.dropFirst().map(\.text).joined(separator: " ")))
      }
      guard first.text.split(separator: "-", omittingEmptySubsequences: false).count == 2 else {
        throw problem(.unknownAction(first.text))
      }
      do {
        return .budget(.show(try YearMonth(iso: first.text)))
      } catch .malformedMonth {
        throw .invalidArguments(.budget, .notAMonth(first.text))
      } catch {
        throw .rejectedDate(error)
      }
    }
    var positional: [String] = []
    var category: String?
    var from: YearMonth?
    var index = 1
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      let lowered = word.text.lowercased()
      guard !word.quoted, lowered.hasPrefix("--") else {
        positional.append(word.text)
        continue
      }
      let option = lowered.split(separator: "=", maxSplits: 1).first.map(String.init) ?? lowered
      guard option == "--from" || option == "--category" else {
        throw problem(.unknownOption(word.text))
      }
      let value: String
      if let equals = word.text.firstIndex(of: "=") {
        value = String(word.text[word.text.index(after: equals)...])
      } else {
        guard index < arguments.count else { throw problem(.needsValue(option)) }
        value = arguments[index].text
        index += 1
      }
      if option == "--from" {
        guard from == nil else { throw problem(.twice("--from")) }
        do {
          from = try YearMonth(iso: value)
        } catch .malformedMonth {
          throw .invalidArguments(.budget, .notAMonth(value))
        } catch {
          throw .rejectedDate(error)
        }
      } else {
        guard category == nil else { throw problem(.twice("--category")) }
        category = value
      }
    }
    let isSet = ["set", "change", "설정"].contains(action)
    var amount: String?
    if isSet {
      guard !positional.isEmpty else { throw problem(.needsAmount) }
      amount = positional.removeFirst()
    }
    return try budgetCommand(amount, positional, category, from, problem)
  }

  private static func budgetCommand(
    _ amount: String?, _ rest: [String], _ option: String?, _ from: YearMonth?,
    _ problem: (BudgetArgumentProblem) -> CommandError
  ) throws(CommandError) -> Command {
    guard rest.count <= 1 else { throw problem(.extra(rest.dropFirst().joined(separator: " "))) }
    if rest.first != nil, option != nil { throw problem(.twice("--category")) }
    let category = rest.first ?? option
    if let amount { return .budget(.set(amountText: amount, category: category, from: from)) }
    return .budget(.remove(category: category, from: from))
  }
}
