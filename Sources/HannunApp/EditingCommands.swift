import ArgumentParser
import HannunDomain
import HannunPresentation
import HannunREPL

enum KindFlag: String, EnumerableFlag {
  case income, expense
}

/// `hannun add (--income|--expense) AMOUNT --category C`: records one entry and prints its id.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add an income or expense; prints the new id.")

  @Flag(help: "Whether money came in or went out.") var kind: KindFlag?
  @Argument(help: "The amount: 12000, 12,000, ₩12,000, $12.50, 3만5천 …") var amount: String?
  @Option(name: .long, help: "The category, 1-40 characters.") var category: String?
  @Option(name: .long, help: "A memo, up to 200 characters.") var memo: String?
  @Option(name: .long, help: "The day, YYYY-MM-DD (default: today).") var date: String?
  @Flag(name: .long, help: "Print the new entry as JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard let kind else { throw FormError(description: "add needs --income or --expense") }
    guard let amount else {
      throw FormError(
        description: "add needs an amount, for example hannun add --expense 12000 --category food")
    }
    guard let category else {
      throw FormError(description: "add needs --category, for example --category food")
    }
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    let form = coordinator.showAddForm()
    try fill(
      form,
      [
        (.kind, kind.rawValue), (.amount, amount), (.category, category), (.memo, memo),
        (.date, date),
      ])
    let edit = try await save(form, environment)
    guard case .added(let entry) = edit else { return }
    printEntry(entry, json: json, currency: environment.currency)
  }
}

/// `hannun edit ID [--amount A] …`: changes only the fields given.
struct EditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Change fields of an entry; only those given change.")

  @Argument(help: "The entry's id (or a unique prefix).") var id: String
  @Flag(help: "Change the kind.") var kind: KindFlag?
  @Option(name: .long, help: "A new amount.") var amount: String?
  @Option(name: .long, help: "A new category.") var category: String?
  @Option(name: .long, help: "A new memo.") var memo: String?
  @Option(name: .long, help: "A new day, YYYY-MM-DD.") var date: String?
  @Flag(name: .long, help: "Print the changed entry as JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard kind != nil || [amount, category, memo, date].contains(where: { $0 != nil }) else {
      throw FormError(
        description:
          "edit needs something to change: --income or --expense, --amount, --category, --memo "
          + "or --date")
    }
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    // The form holds the entry as it is stored now; the save is based on it, so a change another
    // window makes in between is refused rather than overwritten.
    let form = try await coordinator.showEditForm(for: .id(id))
    try fill(
      form,
      [
        (.kind, kind?.rawValue), (.amount, amount), (.category, category), (.memo, memo),
        (.date, date),
      ])
    let edit = try await save(form, environment)
    guard case .edited(_, let entry) = edit else { return }
    printEntry(entry, json: json, currency: environment.currency)
  }
}

/// `hannun delete ID`: removes an entry without asking.
struct DeleteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete an entry (no confirmation).")

  @Argument(help: "The entry's id (or a unique prefix).") var id: String
  @Flag(name: .long, help: "Print the deleted entry as JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(started: false)
    // Deletes the entry exactly as it was just read, or nothing (see `edit`).
    let confirmation = try await coordinator.showDeleteConfirmation(for: .id(id))
    guard let removed = await confirmation.answer("yes") else {
      if let conflict = confirmation.conflict {
        throw LoadFailure(description: environment.describe(conflict, deleting: true))
      }
      throw LoadFailure(description: confirmation.error ?? "the entry was not deleted")
    }
    printEntry(removed, json: json, currency: environment.currency)
  }
}

/// Prints an entry's id, or the entry as JSON.
@MainActor
private func printEntry(_ entry: Transaction, json: Bool, currency: Currency) {
  print(json ? CalendarJSON.transaction(entry, currency).serialized() : entry.id.rawValue)
}

/// Sets the given fields; the first refused one fails the command before anything is written.
@MainActor
private func fill(
  _ form: TransactionFormViewModel, _ values: [(TransactionFormViewModel.Field, String?)]
) throws {
  for case (let field, let value?) in values {
    if let error = form.set(field, to: value) { throw FormError(description: error) }
  }
}

/// Saves the form; a refused field is bad input (status 2), anything else a failure (status 1),
/// among them another window's change to the entry, shown as it is now.
@MainActor
private func save(_ form: TransactionFormViewModel, _ environment: AppEnvironment) async throws
  -> LedgerEdit
{
  if let edit = await form.save() { return edit }
  let fieldError = TransactionFormViewModel.Field.allCases.lazy.compactMap { form.errors[$0] }.first
  if let fieldError { throw FormError(description: fieldError) }
  if let conflict = form.conflict {
    throw LoadFailure(description: environment.describe(conflict, deleting: false))
  }
  throw LoadFailure(description: form.saveError ?? "the entry was not saved")
}

extension AppEnvironment {
  /// Why an edit or delete wrote nothing, in the user's language, with the entry as it is now.
  fileprivate func describe(_ conflict: EntryConflict, deleting: Bool) -> String {
    conflict.message(
      deleting: deleting, language: language, money: MoneyFormatter(currency: currency))
  }
}
