import ArgumentParser
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

/// `hannun recurring add|list|edit|remove`: rules that plan an entry again and again;
/// `hannun recurring` alone lists them, as `hannun budget` shows the month's budgets.
struct RecurringCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "recurring",
      abstract: localized("Add, list, change and remove recurring rules."),
      subcommands: [
        RecurringAddCommand.self, RecurringListCommand.self, RecurringEditCommand.self,
        RecurringRemoveCommand.self,
      ],
      defaultSubcommand: RecurringListCommand.self)
  }
}

/// The schedule options `recurring add` and `recurring edit` share.
struct ScheduleOptions: ParsableArguments {
  @Option(
    name: .long, help: .localized("Every month on this day, 1-31 (the last day when shorter)."))
  var monthly: String?
  @Flag(name: .long, help: .localized("Every month on its last business day (Monday to Friday)."))
  var lastBusinessDay = false
  @Option(name: .long, help: .localized("Every year on this day, MM-DD.")) var yearly: String?
  @Option(name: .long, help: .localized("Every week on this day: mon … sun (or 금, 1-7)."))
  var weekly: String?

  /// The schedule given, as the rule form reads it (`monthly 25`), or `nil` when none.
  /// - Throws: ``RecurringCommandProblem/oneSchedule`` when more than one is given.
  func text() throws -> String? {
    var found: [String] = []
    if let monthly { found.append("monthly " + monthly) }
    if lastBusinessDay { found.append("last-business-day") }
    if let yearly { found.append("yearly " + yearly) }
    if let weekly { found.append("weekly " + weekly) }
    guard found.count <= 1 else { throw RecurringCommandProblem.oneSchedule }
    return found.first
  }
}

/// `hannun recurring add --monthly 25 AMOUNT --category C …`: adds a rule; prints its id.
struct RecurringAddCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add", abstract: localized("Add a recurring rule; prints its id."))
  }

  @OptionGroup var schedule: ScheduleOptions
  @Argument(help: .localized("The amount each time: 650000, ₩650,000, 65만 …")) var amount: String?
  @Flag(help: .localized("Whether money comes in or goes out (default: expense).")) var kind:
    KindFlag?
  @Option(name: .long, help: .localized("The category, 1-40 characters.")) var category: String?
  @Option(name: .long, help: .localized("A memo, up to 200 characters.")) var memo: String?
  @Option(name: .long, help: .localized("The first day, YYYY-MM-DD (default: today).")) var from:
    String?
  @Option(name: .long, help: .localized("The last day, YYYY-MM-DD (default: no end).")) var until:
    String?
  @Flag(name: .long, help: .localized("Print the rule as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard let chosen = try schedule.text() else { throw RecurringCommandProblem.needsSchedule }
    guard let amount else { throw RecurringCommandProblem.needsAmount }
    guard let category else { throw CommandLineProblem.addNeedsCategory }
    let environment = try await AppEnvironment(options: global)
    let typed: [RecurringRuleFormViewModel.Field: String?] = [
      .schedule: chosen, .kind: kind?.rawValue, .amount: amount, .category: category,
      .memo: memo, .start: from, .end: until,
    ]
    let rule = try await save(environment.recurringRules().ruleForm(), typed)
    Console.line(
      json ? RecurringJSON.rule(rule, environment.currency).serialized() : rule.id.rawValue)
    await environment.sayNewLedgerNotice()
  }
}

/// `hannun recurring list [--json]`.
struct RecurringListCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "list", abstract: localized("List the recurring rules."))
  }

  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let rules = try await environment.recurringRules()
    if json {
      Console.line(RecurringJSON.rules(rules.rules, environment.currency).serialized())
    } else {
      for line in environment.recurringRenderer.ruleLines(rules.rules) { Console.line(line) }
    }
  }
}

/// `hannun recurring edit ID [--monthly D …] [--amount A] …`: changes only what is given.
struct RecurringEditCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "edit",
      abstract: localized(
        "Change fields of a recurring rule; occurrences already decided stay as they are."))
  }

  @Argument(help: .localized("The rule's id: r1 (or 1).")) var id: String
  @OptionGroup var schedule: ScheduleOptions
  @Flag(help: .localized("Change the kind.")) var kind: KindFlag?
  @Option(name: .long, help: .localized("A new amount.")) var amount: String?
  @Option(name: .long, help: .localized("A new category.")) var category: String?
  @Option(name: .long, help: .localized("A new memo.")) var memo: String?
  @Option(name: .long, help: .localized("A new first day, YYYY-MM-DD.")) var from: String?
  @Option(name: .long, help: .localized("A new last day, YYYY-MM-DD.")) var until: String?
  @Flag(name: .long, help: .localized("Remove the last day: the rule runs on.")) var noEnd = false
  @Flag(name: .long, help: .localized("Print the rule as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let ruleID = try RecurringRuleID(userInput: id)
    let typed: [RecurringRuleFormViewModel.Field: String?] = [
      .schedule: try schedule.text(), .kind: kind?.rawValue, .amount: amount,
      .category: category, .memo: memo, .start: from, .end: noEnd ? "none" : until,
    ]
    guard typed.values.contains(where: { $0 != nil }) else {
      throw RecurringCommandProblem.editNeedsChange
    }
    let environment = try await AppEnvironment(options: global)
    let rule = try await save(environment.recurringRules().ruleForm(editing: ruleID), typed)
    Console.line(
      json ? RecurringJSON.rule(rule, environment.currency).serialized() : rule.id.rawValue)
  }
}

/// `hannun recurring remove ID`: removes a rule; entries it became stay.
struct RecurringRemoveCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "remove", abstract: localized("Remove a recurring rule; entries it became stay.")
    )
  }

  @Argument(help: .localized("The rule's id: r1 (or 1).")) var id: String
  @Flag(name: .long, help: .localized("Print the removed rule as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let ruleID = try RecurringRuleID(userInput: id)
    let environment = try await AppEnvironment(options: global)
    let rule = try await environment.recurringRules().remove(ruleID)
    Console.line(
      json ? RecurringJSON.rule(rule, environment.currency).serialized() : rule.id.rawValue)
  }
}

/// `hannun due [--json]`: the occurrences on or before today waiting for a confirmation.
struct DueCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "due",
      abstract: localized("List recurring entries due by today, not yet confirmed."))
  }

  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: DueRun {
    DueRun(json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun due`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct DueRun: OneShotRun {
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let due = try await environment.dueList()
    if json {
      Console.line(RecurringJSON.due(due.due, today: due.today, environment.currency).serialized())
    } else {
      let lines = environment.recurringRenderer.dueLines(due.due, today: due.today)
      for line in lines { Console.line(line) }
    }
  }
}

/// `hannun confirm RULE DATE | --all`: due occurrences become entries; prints their ids.
struct ConfirmCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "confirm",
      abstract: localized(
        "Record a planned recurring entry (or --all that are due); prints the new ids."))
  }

  @Argument(help: .localized("The rule: r1 (or 1).")) var rule: String?
  @Argument(help: .localized("The occurrence's scheduled day, YYYY-MM-DD.")) var date: String?
  @Flag(name: .long, help: .localized("Confirm every occurrence due by today.")) var all = false
  @Flag(name: .long, help: .localized("Print {\"transactions\":[…]} as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let due = try await environment.dueList()
    let entries: [Transaction]
    if all {
      guard rule == nil else { throw RecurringCommandProblem.confirmAllOrOne }
      entries = try await due.confirmAll()
    } else {
      let key = try occurrenceKey(rule, date, today: environment.session.clock.today)
      entries = [try await due.confirm(key)]
    }
    if json {
      let objects = entries.map { CalendarJSON.transaction($0, environment.currency) }
      Console.line(JSONValue.object([("transactions", .array(objects))]).serialized())
    } else {
      for entry in entries { Console.line(entry.id.rawValue) }
    }
    await environment.sayNewLedgerNotice()
    say(due.notices, environment)
  }
}

/// `hannun skip RULE DATE`: one occurrence will not happen; the rule is untouched.
struct SkipCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "skip", abstract: localized("Skip one occurrence of a recurring rule."))
  }

  @Argument(help: .localized("The rule: r1 (or 1).")) var rule: String
  @Argument(help: .localized("The occurrence's scheduled day, YYYY-MM-DD.")) var date: String
  @Flag(name: .long, help: .localized("Print the skipped occurrence as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let key = try occurrenceKey(rule, date, today: environment.session.clock.today)
    let skipped = try await environment.dueList().skip(key)
    Console.line(
      json
        ? RecurringJSON.occurrence(skipped, environment.currency).serialized()
        : environment.recurringRenderer.occurrenceLines([skipped]).joined(separator: "\n"))
  }
}

/// `hannun change RULE DATE [--amount A] [--memo M] [--date D]`: one occurrence differs from its
/// rule this time.
struct ChangeOccurrenceCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "change",
      abstract: localized(
        "Change one occurrence of a recurring rule (amount, memo or day), not the rule."))
  }

  @Argument(help: .localized("The rule: r1 (or 1).")) var rule: String
  @Argument(help: .localized("The occurrence's scheduled day, YYYY-MM-DD.")) var date: String
  @Option(name: .long, help: .localized("This time's amount.")) var amount: String?
  @Option(name: .long, help: .localized("This time's memo.")) var memo: String?
  @Option(name: .long, help: .localized("This time's day, YYYY-MM-DD.")) var on: String?
  @Flag(name: .long, help: .localized("Print the occurrence as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard amount != nil || memo != nil || on != nil else {
      throw RecurringCommandProblem.changeNeedsChange
    }
    let environment = try await AppEnvironment(options: global)
    let today = environment.session.clock.today
    let key = try occurrenceKey(rule, date, today: today)
    let form = try await environment.dueList().changeForm(for: key)
    let typed: [OccurrenceFormViewModel.Field: String?] = [
      .amount: amount, .memo: memo, .date: on,
    ]
    let currency = environment.currency
    if let refusal = form.enter(typed.compactMapValues { $0 }) {
      throw InLedgerCurrency(error: refusal, currency: currency)
    }
    guard let changed = await form.save() else {
      throw InLedgerCurrency(error: form.refusal ?? .unchanged, currency: currency)
    }
    Console.line(
      json
        ? RecurringJSON.occurrence(changed, environment.currency).serialized()
        : environment.recurringRenderer.occurrenceLines([changed]).joined(separator: "\n"))
  }
}
