import ArgumentParser
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

/// `hannun find [TEXT] [--category C] [--kind K] [--from D] [--to D] [--min A] [--max A]`: the
/// entries of the whole ledger that match, newest first, with their total.
struct FindCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "find",
      abstract: localized(
        "Search memos and categories; newest first, with the total of the matches."))
  }

  @Argument(
    help: .localized("Words to find in the memo or category, in any case (all entries if none)."))
  var text: [String] = []
  @Option(name: .long, help: .localized("Only this category (in any case).")) var category: String?
  @Option(name: .long, help: .localized("Only income or expense (also 수입, 지출).")) var kind: String?
  @Option(
    name: .long, help: .localized("The first day, included: YYYY-MM-DD, 11/3, yesterday, 어제 …"))
  var from: String?
  @Option(name: .long, help: .localized("The last day, included.")) var to: String?
  @Option(name: .long, help: .localized("The smallest amount, included: 12000, 3만, $12.50 …"))
  var min: String?
  @Option(name: .long, help: .localized("The largest amount, included.")) var max: String?
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let query = try self.query(
      today: environment.session.clock.today, currency: environment.currency)
    let search = environment.session.coordinator.makeSearch()
    try await search.search(query)
    if json {
      // Written as it is made: a search of a hundred thousand matches is 10 MB of JSON.
      SearchJSON.write(search, currency: environment.currency) { Console.output($0) }
      Console.output("\n")
    } else {
      let renderer = SearchRenderer(
        theme: Theme(colorEnabled: environment.colorEnabled), width: TerminalSize.output.columns,
        language: environment.language, money: MoneyFormatter(currency: environment.currency))
      Console.output(renderer.text(search))
    }
  }

  /// The options read as the web's search form reads its fields (``SearchFields``): days with
  /// `Day(userInput:)`, kinds with `TransactionRules.kind`, amounts with the ledger's
  /// `AmountParser`; a blank option asks for any.
  private func query(today: Day, currency: Currency) throws -> TransactionQuery {
    let fields = SearchFields(
      text: text.joined(separator: " "), category: category ?? "", kind: kind ?? "",
      from: from ?? "", to: to ?? "", minimum: min ?? "", maximum: max ?? "")
    do {
      return try fields.query(today: today, currency: currency)
    } catch let error as AmountInputError {
      throw InLedgerCurrency(error: error, currency: currency)
    }
  }
}
