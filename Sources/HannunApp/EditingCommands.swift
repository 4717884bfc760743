import ArgumentParser
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

enum KindFlag: String, EnumerableFlag {
  case income, expense
}

/// `hannun add (--income|--expense) AMOUNT --category C`: records one entry and prints its id.
struct AddCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add", abstract: localized("Add an income or expense; prints the new id."))
  }

  @Flag(help: .localized("Whether money came in or went out (default: --expense)."))
  var kind: KindFlag?
  @Argument(help: .localized("The amount: 12000, 12,000, ₩12,000, $12.50, 3만5천 …")) var amount:
    String?
  @Option(name: .long, help: .localized("The category, 1-40 characters.")) var category: String?
  @Option(name: .long, help: .localized("A memo, up to 200 characters.")) var memo: String?
  @Option(name: .long, help: .localized("The day, YYYY-MM-DD (default: today).")) var date: String?
  @Flag(name: .long, help: .localized("Print the new entry as JSON.")) var json = false
  /// Words after the amount (`hannun add 12000 식비`): taken only to be refused with the option
  /// they belong after, rather than as the parser's bare "unexpected argument".
  @Argument(help: .hidden) var extra: [String] = []
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard extra.isEmpty else {
      throw CommandLineProblem.addExtra(extra, category: category != nil, memo: memo != nil)
    }
    guard let amount else { throw CommandLineProblem.addNeedsAmount }
    guard let category else { throw CommandLineProblem.addNeedsCategory }
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    let form = coordinator.showAddForm()
    // Without --income or --expense, an expense: the kind most entries have.
    form.setKind((kind ?? .expense).value)
    try fill(form, [(.amount, amount), (.category, category), (.memo, memo), (.date, date)])
    let edit = try await save(form)
    guard case .added(let entry) = edit else { return }
    printEntry(entry, json: json, currency: environment.currency)
    await sayBudgetNotice(after: edit, environment)
    await environment.sayNewLedgerNotice()
  }
}

/// `hannun edit ID [--amount A] …`: changes only the fields given.
struct EditCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "edit",
      abstract: localized("Change fields of an entry; only those given change."))
  }

  @Argument(help: .localized("The entry's id (or a unique prefix).")) var id: String
  @Flag(help: .localized("Change the kind.")) var kind: KindFlag?
  @Option(name: .long, help: .localized("A new amount.")) var amount: String?
  @Option(name: .long, help: .localized("A new category.")) var category: String?
  @Option(name: .long, help: .localized("A new memo.")) var memo: String?
  @Option(name: .long, help: .localized("A new day, YYYY-MM-DD.")) var date: String?
  @Flag(name: .long, help: .localized("Print the changed entry as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard kind != nil || [amount, category, memo, date].contains(where: { $0 != nil }) else {
      throw CommandLineProblem.editNeedsChange
    }
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    // The form holds the entry as it is stored now; the save is based on it, so a change another
    // window makes in between is refused rather than overwritten.
    let form = try await coordinator.showEditForm(for: .id(id))
    if let kind { form.setKind(kind.value) }
    try fill(form, [(.amount, amount), (.category, category), (.memo, memo), (.date, date)])
    let edit = try await save(form)
    guard case .edited(_, let entry) = edit else { return }
    printEntry(entry, json: json, currency: environment.currency)
    await sayBudgetNotice(after: edit, environment)
  }
}

/// `hannun delete ID`: removes an entry without asking.
struct DeleteCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "delete", abstract: localized("Delete an entry (no confirmation)."))
  }

  @Argument(help: .localized("The entry's id (or a unique prefix).")) var id: String
  @Flag(name: .long, help: .localized("Print the deleted entry as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    // Deletes the entry exactly as it was just read, or nothing (see `edit`): the same operation
    // the REPL's confirmed question runs.
    let removed: Transaction
    do {
      removed = try await coordinator.delete(.id(id))
    } catch {
      guard let conflict = EntryConflict(refusing: error) else { throw error }
      throw ConflictFailure(
        conflict: conflict, deleting: true, money: MoneyFormatter(currency: environment.currency))
    }
    printEntry(removed, json: json, currency: environment.currency)
  }
}

/// Prints an entry's id, or the entry as JSON.
@MainActor
private func printEntry(_ entry: Transaction, json: Bool, currency: Currency) {
  Console.line(json ? CalendarJSON.transaction(entry, currency).serialized() : entry.id.rawValue)
}

/// Reads the given fields as typed, once; what the form says first
/// (``TransactionFormViewModel/refusal``) fails the command before anything is written.
@MainActor
private func fill(
  _ form: TransactionFormViewModel, _ values: [(TransactionFormViewModel.Field, String?)]
) throws {
  let typed = Dictionary(
    values.compactMap { field, value in value.map { (field, $0) } }, uniquingKeysWith: { $1 })
  if let refusal = form.enter(typed) {
    throw InLedgerCurrency(error: refusal.error, currency: form.money.currency)
  }
}

/// Saves the form; a refused field is bad input (status 2), anything else a failure (status 1),
/// among them another window's change to the entry, shown as it is now.
@MainActor
private func save(_ form: TransactionFormViewModel) async throws -> LedgerEdit {
  if let edit = await form.save() { return edit }
  switch form.refusal {
  case .conflict(let conflict)?:
    throw ConflictFailure(conflict: conflict, deleting: false, money: form.money)
  case let refusal?: throw refusal.error
  case nil: throw AppError.other("the entry was not saved")
  }
}

extension KindFlag {
  /// The kind the flag names.
  var value: TransactionKind { self == .income ? .income : .expense }
}

/// An error in what was typed into a ledger, with the ledger's currency, so that an amount error
/// suggests that currency's forms (``HannunMain`` unwraps it).
struct InLedgerCurrency: Error {
  let error: any Error
  let currency: Currency

  /// Reads an amount typed for a ledger in `currency`; a refusal suggests that currency's forms.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - currency: The ledger's currency.
  /// - Returns: The amount.
  /// - Throws: The parser's ``AmountInputError``, carried with the currency.
  static func amount(_ text: String, in currency: Currency) throws -> Amount {
    do {
      return try AmountParser(currency: currency).parse(text)
    } catch {
      throw InLedgerCurrency(error: error, currency: currency)
    }
  }
}

/// Why an edit or delete wrote nothing: another window got to the entry first.
struct ConflictFailure: LocalizedMessage {
  let conflict: EntryConflict
  let deleting: Bool
  let money: MoneyFormatter

  func text(in catalog: any MessageCatalog) -> String {
    conflict.message(deleting: deleting, language: catalog.language, money: money)
  }
}

/// What the one-shot commands refuse before opening the ledger, in the user's language.
enum CommandLineProblem: LocalizedMessage, Equatable {
  /// A first word that is no command (see ``CommandLineOrder/unknownCommand(in:)``).
  case unknownCommand(String)
  case addNeedsAmount, addNeedsCategory, editNeedsChange
  case reportOneSpan, reportNeedsBothEnds
  case reportBackwards(String, String)
  /// `add`'s words after its amount, and whether `--category` and `--memo` were given.
  case addExtra([String], category: Bool, memo: Bool)

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .unknownCommand(let word) where CommandLineOrder.sessionOnly.contains(word.lowercased()):
        .sessionOnly(word)
      case .unknownCommand(let word):
        .unknownCommand(word, likely: CommandLineOrder.likelyCommands[word.lowercased()])
      case .addNeedsAmount: .addNeedsAmount
      case .addNeedsCategory: .addNeedsCategory
      case .editNeedsChange: .editNeedsChange
      case .reportOneSpan: .reportOneSpan
      case .reportNeedsBothEnds: .reportNeedsBothEnds
      case .reportBackwards(let from, let to): .reportBackwards(from, to)
      case .addExtra(let words, _, _) where words.contains(where: Self.isOption):
        // Only words after `--` can look like options here: the parser reads the others.
        .addOptionsAfterTerminator(words.joined(separator: " "))
      case .addExtra(let words, let category, let memo):
        Self.extra(words, categoryGiven: category, memoGiven: memo)
      }
    return catalog.language.commandLine.describe(refusal)
  }

  /// Whether `word` has an option's form (`--category`, `-h`); `-` alone is a word.
  private static func isOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1 && !(word.dropFirst().first?.isNumber ?? false)
  }

  /// `add`'s refusal of `words` after its amount, naming the options they belong after: the
  /// first word is the category when none was given, the rest (or all) the memo.
  private static func extra(_ words: [String], categoryGiven: Bool, memoGiven: Bool)
    -> CommandLineRefusal
  {
    let rest = categoryGiven ? words[...] : words.dropFirst()
    return .addExtra(
      words.joined(separator: " "),
      category: categoryGiven ? nil : words.first.map { "--category " + shellWord($0) },
      memo: memoGiven || rest.isEmpty ? nil : "--memo " + shellWord(rest.joined(separator: " ")))
  }

  /// `text` as one word of a shell command line: as it is when it needs no quotes, else in
  /// single quotes (a `'` in it written `'\''`). Quotes are found scalar by scalar, as a shell
  /// reads bytes: a `'` a combining mark follows is one Character with it, but still a quote.
  static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.value > 0x7F || scalar.properties.isAlphabetic
          || "0123456789-_.,:/+=@%".unicodeScalars.contains(scalar)
      }
    guard !plain else { return text }
    var quoted = String.UnicodeScalarView()
    quoted.append("'")
    for scalar in text.unicodeScalars {
      if scalar == "'" {
        quoted.append(contentsOf: "'\\''".unicodeScalars)
      } else {
        quoted.append(scalar)
      }
    }
    quoted.append("'")
    return String(quoted)
  }
}
