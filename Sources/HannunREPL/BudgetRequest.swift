import HannunDomain
import HannunPresentation

/// What a `budget` line asks for. A set's or remove's amount, category and month are carried as
/// typed: the session fills the budget form (``BudgetFormViewModel``) with them, which reads and
/// refuses them as every frontend's does; a month left out is the shown month.
public enum BudgetRequest: Equatable, Sendable {
  /// `budget [YYYY-MM]`: a month's budgets against its spending.
  case show(YearMonth?)
  /// `budget set AMOUNT [CATEGORY] [--from YYYY-MM]`: a monthly limit from a month on, for the
  /// whole ledger (`category` `nil`) or one category.
  case set(amountText: String, category: String?, from: String?)
  /// `budget remove [CATEGORY] [--from YYYY-MM]`: no budget from a month on.
  case remove(category: String?, from: String?)

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

  /// What the catalogue says for it.
  var refusal: PromptRefusal {
    switch self {
    case .unknownAction(let word): .budgetUnknownAction(word)
    case .needsAmount: .budgetNeedsAmount
    case .needsValue(let option): .budgetNeedsValue(option)
    case .unknownOption(let option): .budgetUnknownOption(option)
    case .twice(let what): .budgetTwice(what)
    case .extra(let words): .budgetExtra(words)
    }
  }
}

extension CommandParser {
  /// `budget [YYYY-MM]`, `budget set AMOUNT [CATEGORY] [--category C] [--from YYYY-MM]` (or
  /// `budget set CATEGORY AMOUNT`),
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
      guard
        first.text.split(omittingEmptySubsequences: false, whereSeparator: { "-－".contains($0) })
          .count == 2
      else {
        throw problem(.unknownAction(first.text))
      }
      do {
        return .budget(.show(try YearMonth(typed: first.text)))
      } catch .malformedMonth {
        throw .invalidArguments(.budget, .notAMonth(first.text))
      } catch {
        throw .rejectedDate(error)
      }
    }
    var positional: [String] = []
    var category: String?
    var from: String?
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
        from = value
      } else {
        guard category == nil else { throw problem(.twice("--category")) }
        category = value
      }
    }
    let isSet = ["set", "change", "설정"].contains(action)
    var amount: String?
    if isSet {
      guard !positional.isEmpty else { throw problem(.needsAmount) }
      // The category may come first (`budget set 식비 30만`): a category is not written as an
      // amount, so the two orders cannot be mistaken for each other.
      if positional.count == 2, !AmountParser.isWrittenAsAmount(positional[0]),
        AmountParser.isWrittenAsAmount(positional[1])
      {
        positional.swapAt(0, 1)
      }
      amount = positional.removeFirst()
    }
    return try budgetCommand(amount, positional, category, from, problem)
  }

  private static func budgetCommand(
    _ amount: String?, _ rest: [String], _ option: String?, _ from: String?,
    _ problem: (BudgetArgumentProblem) -> CommandError
  ) throws(CommandError) -> Command {
    guard rest.count <= 1 else { throw problem(.extra(rest.dropFirst().joined(separator: " "))) }
    if rest.first != nil, option != nil { throw problem(.twice("--category")) }
    let category = rest.first ?? option
    if let amount { return .budget(.set(amountText: amount, category: category, from: from)) }
    return .budget(.remove(category: category, from: from))
  }
}
