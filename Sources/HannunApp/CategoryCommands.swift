import ArgumentParser
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

/// `hannun categories [YYYY-MM | --year YYYY | --from YYYY-MM --to YYYY-MM | --all]`: every
/// category of a period with its entry count and total.
struct CategoriesCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "categories",
      abstract: localized(
        "Categories of a month, a year, a span or all time, with counts and totals."))
  }

  @Argument(help: .localized("The month, YYYY-MM, or a whole year, YYYY (default: this month)."))
  var month: String?
  @Option(name: .long, help: .localized("A whole year, YYYY.")) var year: String?
  @Option(name: .long, help: .localized("The first month of a span, YYYY-MM.")) var from: String?
  @Option(name: .long, help: .localized("The last month of a span, YYYY-MM.")) var to: String?
  @Flag(name: .long, help: .localized("The whole ledger.")) var all = false
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: CategoriesRun {
    CategoriesRun(
      month: month, year: year, from: from, to: to, all: all, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun categories`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct CategoriesRun: OneShotRun {
  var month: String?
  var year: String?
  var from: String?
  var to: String?
  var all = false
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let forms = [month != nil, year != nil, from != nil || to != nil, all].filter { $0 }.count
    guard forms <= 1 else { throw CategoryCommandProblem.onePeriod }
    let given = try span()
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    let today = environment.session.clock.today.yearMonth
    let model = coordinator.showCategories(of: all ? nil : given ?? today...today)
    await model.load()
    if let failure = model.loadFailure { throw failure }
    guard let list = model.list else { throw AppError.other("the categories did not load") }
    if json {
      Console.line(CategoryJSON.list(list, currency: environment.currency).serialized())
    } else {
      let renderer = CategoryListRenderer(
        theme: Theme(colorEnabled: environment.colorEnabled), width: TerminalSize.output.columns,
        language: environment.language, money: MoneyFormatter(currency: environment.currency))
      Console.output(renderer.text(list))
    }
  }

  /// The months asked for, or `nil` for this month (or all time).
  private func span() throws -> ClosedRange<YearMonth>? {
    try requestedMonths(month: month, year: year, from: from, to: to)
  }
}

/// `hannun category rename OLD NEW`: the category subcommands.
struct CategoryCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "category", abstract: localized("Rename a category, or merge it into another."),
      subcommands: [RenameCategoryCommand.self])
  }

  /// Taken so that `hannun category --data DIR` (the global options every command takes) shows
  /// this help, as `hannun category` does, instead of refusing the options.
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  func run() async throws { throw CleanExit.helpRequest(self) }
}

/// `hannun category rename OLD NEW`: every entry, budget and recurring rule of OLD gets NEW, in
/// one atomic write; when NEW exists already the two are merged.
struct RenameCategoryCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "rename",
      abstract: localized(
        "Rename a category in every entry, budget and rule at once; merges into NEW when it exists."
      ))
  }

  @Argument(help: .localized("The category as stored.")) var old: String
  @Argument(help: .localized("The new name (an existing category merges the two).")) var new: String
  @Flag(name: .long, help: .localized("Print what changed as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    let batch = try await coordinator.renameCategory(old, to: new)
    if json {
      Console.line(CategoryJSON.rename(batch).serialized())
    } else if case .renameCategory(let from, let to, let merged) = batch.purpose {
      let text = environment.language.messages.categoryRenamed(
        from: from, to: to, merged: merged, entries: batch.changes.count,
        budgets: batch.budgetsMoved, rules: batch.rulesMoved)
      Console.line(TerminalText.sanitized(text.prefix(1).uppercased() + text.dropFirst()))
    }
  }
}

/// What `categories` refuses before opening the ledger, in the user's language.
enum CategoryCommandProblem: LocalizedMessage, Equatable {
  case onePeriod

  func text(in catalog: any MessageCatalog) -> String {
    catalog.language.commandLine.describe(.categoriesOnePeriod)
  }
}
