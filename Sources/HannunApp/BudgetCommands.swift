import ArgumentParser
import HannunDomain
import HannunJSON
import HannunKit
import HannunPresentation
import HannunREPL

/// `hannun budget [YYYY-MM] [--json]`, `hannun budget set AMOUNT [CATEGORY] [--from YYYY-MM]`,
/// `hannun budget remove [CATEGORY] [--from YYYY-MM]`: monthly budgets for the whole ledger or a
/// category, each holding from a month until it is changed. The category may also come after
/// `--category`, and before the amount (`budget set 식비 30만`), as in the REPL.
struct BudgetCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "budget",
      abstract: localized("Show a month's budgets, or set, change or remove one."),
      usage: """
        hannun budget [YYYY-MM] [--json]
        hannun budget set AMOUNT [CATEGORY] [--from YYYY-MM]
        hannun budget remove [CATEGORY] [--from YYYY-MM]
        """,
      discussion: localized(
        """
        A budget is a monthly limit on expenses, for the whole ledger or for one category \
        (CATEGORY, or --category). It holds from --from (default: this month) until it is \
        changed; remove takes it away from that month on. AMOUNT takes every form add does: \
        300000, 30만, ₩300,000; the category may come before it (budget set 식비 30만).
        """))
  }

  @Argument(
    help: .localized(
      "Nothing or YYYY-MM to show a month (default: this month); set AMOUNT [CATEGORY]; remove [CATEGORY]."
    ))
  var words: [String] = []
  @Option(
    name: .long, help: .localized("The category the budget is for (default: the whole ledger)."))
  var category: String?
  @Option(
    name: .long, help: .localized("The first month it applies to, YYYY-MM (default: this month)."))
  var from: String?
  @Flag(name: .long, help: .localized("Print the month's budgets as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: BudgetRun {
    BudgetRun(words: words, category: category, from: from, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun budget`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct BudgetRun: OneShotRun {
  var words: [String] = []
  var category: String?
  var from: String?
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let request = try parsed()
    let environment = try await AppEnvironment(options: global)
    let session = environment.session
    let thisMonth = session.clock.today.yearMonth
    let screen = session.coordinator.showBudgets(session.budgets, of: thisMonth)
    let money = MoneyFormatter(currency: environment.currency)
    switch request {
    case .show(let shown):
      await screen.show(month: shown ?? thisMonth)
    case .set(let amountText, let category, let from):
      let form = session.coordinator.budgetForm(on: screen)
      try fill(form, [.amount: amountText, .category: category, .month: from])
      guard case .set(let amount, let scope, let month)? = await form.save() else {
        throw refused(form)
      }
      if !json {
        Console.line(
          TerminalText.sanitized(
            environment.language.budgetSet(amount, for: scope, from: month, money: money)))
      }
    case .remove(let category, let from):
      let form = session.coordinator.budgetForm(on: screen)
      try fill(form, [.category: category, .month: from])
      guard case .removed(let scope, let month)? = await form.remove() else {
        throw refused(form)
      }
      if !json {
        Console.line(TerminalText.sanitized(environment.language.budgetRemoved(scope, from: month)))
      }
    }
    // A set or a remove prints its month's status only with --json: its outcome is what it
    // saved, and a month it could not read (a damaged one included) does not change it.
    if json {
      if let failure = screen.loadFailure { throw failure }
      guard let status = screen.status else { return }
      Console.line(BudgetJSON.budget(status, currency: environment.currency).serialized())
    } else if case .show = request {
      if let failure = screen.loadFailure { throw failure }
      guard let status = screen.status else { return }
      let renderer = BudgetRenderer(
        theme: Theme(colorEnabled: environment.colorEnabled), width: TerminalSize.output.columns,
        language: environment.language, money: money, hints: .commandLine)
      Console.output(renderer.text(status))
    }
    if case .show = request { return }
    await environment.sayNewLedgerNotice()
  }

  /// Fills the budget form with the words and options typed; what it says first fails the
  /// command before anything is written.
  @MainActor
  private func fill(
    _ form: BudgetFormViewModel, _ typed: [BudgetFormViewModel.Field: String?]
  ) throws {
    if let refusal = form.enter(typed.compactMapValues { $0 }) {
      throw InLedgerCurrency(error: refusal, currency: form.money.currency)
    }
  }

  /// Why the form wrote nothing, to fail the command with.
  @MainActor
  private func refused(_ form: BudgetFormViewModel) -> any Error {
    let refusal = form.refusal ?? .store(.other("the budget was not written"))
    return InLedgerCurrency(error: refusal, currency: form.money.currency)
  }

  /// The category a set or remove names: the one word after its amount (or after `remove`), or
  /// `--category`'s value, never both.
  private func category(_ rest: [String]) throws -> String? {
    guard rest.count <= 1 else {
      throw BudgetCommandProblem.extra(rest.dropFirst().joined(separator: " "))
    }
    guard let word = rest.first else { return category }
    if let category { throw BudgetCommandProblem.categoryTwice(word, category) }
    return word
  }

  /// The request the words and options make, checked before the ledger is opened; a set's or
  /// remove's fields are the form's to read.
  private func parsed() throws -> BudgetRequest {
    guard let action = words.first else {
      guard category == nil, from == nil else { throw BudgetCommandProblem.showTakesNoOptions }
      return .show(nil)
    }
    switch action.lowercased() {
    case "set", "change":
      var rest = Array(words.dropFirst())
      guard !rest.isEmpty else { throw BudgetCommandProblem.setNeedsAmount }
      // The category may come first (`budget set 식비 30만`): a category is not written as an
      // amount, so the two orders cannot be mistaken for each other (the REPL's rule).
      if rest.count == 2, !AmountParser.isWrittenAsAmount(rest[0]),
        AmountParser.isWrittenAsAmount(rest[1])
      {
        rest.swapAt(0, 1)
      }
      let amount = rest.removeFirst()
      return .set(amountText: amount, category: try category(rest), from: from)
    case "remove", "rm", "delete", "unset":
      return .remove(category: try category(Array(words.dropFirst())), from: from)
    default:
      guard words.count == 1 else {
        throw BudgetCommandProblem.extra(words[1...].joined(separator: " "))
      }
      guard category == nil, from == nil else { throw BudgetCommandProblem.showTakesNoOptions }
      guard
        action.split(omittingEmptySubsequences: false, whereSeparator: { "-－".contains($0) }).count
          == 2
      else {
        throw BudgetCommandProblem.unknownAction(action)
      }
      return .show(try YearMonth(typed: action))
    }
  }
}

/// Says, on standard error, each budget saved entries took (or keep) over its limit, so a
/// script reading the ids or JSON on standard output is not disturbed.
@MainActor
func sayBudgetNotices(afterSaving saved: [Transaction], _ environment: AppEnvironment) async {
  say(await environment.session.budgets.notices(afterSaving: saved), environment)
}

/// Says on standard error each budget the saved entry (or the imported entries) took (or keep)
/// over its limit.
@MainActor
func sayBudgetNotice(after edit: LedgerEdit, _ environment: AppEnvironment) async {
  say(await environment.session.budgets.notices(after: edit), environment)
}

/// Writes each notice's lines to standard error.
@MainActor
func say(_ notices: [BudgetNotice], _ environment: AppEnvironment) {
  let money = MoneyFormatter(currency: environment.currency)
  for line in notices.flatMap({ $0.lines(in: environment.language, money: money) }) {
    Console.errorOutput(TerminalText.sanitized(line) + "\n")
  }
}

/// What `hannun budget` refuses before opening the ledger, in the user's language.
enum BudgetCommandProblem: LocalizedMessage, Equatable {
  case setNeedsAmount, showTakesNoOptions
  case unknownAction(String)
  case extra(String)
  case categoryTwice(String, String)

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal
    switch self {
    case .setNeedsAmount: refusal = .budgetSetNeedsAmount
    case .showTakesNoOptions: refusal = .budgetShowTakesNoOptions
    case .unknownAction(let word): refusal = .budgetUnknownAction(word)
    case .extra(let words): refusal = .budgetExtra(words)
    case .categoryTwice(let word, let option): refusal = .budgetCategoryTwice(word, option)
    }
    return catalog.language.commandLine.describe(refusal)
  }
}
