import ArgumentParser
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunJSON
import HannunPresentation
import HannunREPL

/// `hannun import FILE [--format csv|journal|json] [--dry-run] [--map FIELD=HEADER …]
/// [--category C]`: a bank's or card company's CSV statement, a spreadsheet, or an
/// hledger/ledger journal, added in one atomic write; rows already in the ledger are skipped. A
/// Hannun backup (`--format json`, or any file that is one) is restored into an empty ledger
/// instead (``BackupImport``).
struct ImportCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import",
      abstract: localized(
        "Add the entries of a CSV statement or an hledger/ledger journal, all or nothing."),
      discussion:
        localized(
          "A Hannun backup (hannun export --format json) is restored whole into an EMPTY ledger: "
            + "entries with their ids and stamps, budgets, recurring rules, moods. Give a new data "
            + "folder with --data; a ledger that holds anything is refused."))
  }

  @Argument(help: .localized("The file to read (UTF-8, with or without BOM, or CP949/EUC-KR)."))
  var file: String
  @Option(
    name: .long,
    help: .localized("csv, journal or json (default: a backup is json, else the extension)."))
  var format: String?
  @Flag(name: .long, help: .localized("Show what would be added; write nothing.")) var dryRun =
    false
  @Option(
    name: .customLong("map"),
    help: .localized(
      "A CSV column for a field: FIELD=HEADER, FIELD one of \(fieldList). Repeatable."))
  var mappings: [String] = []
  @Option(
    name: .long, help: .localized("The category of rows without one (default 미분류/uncategorized)."))
  var category: String?
  @Flag(name: .long, help: .localized("Print what was (or would be) added as JSON.")) var json =
    false
  @OptionGroup var global: GlobalOptions

  static let fieldList = ImportField.allCases.map(\.rawValue).joined(separator: ", ")

  @MainActor func run() async throws {
    if BackupImport.applies(to: file, format: format) {
      try await BackupImport.run(file: file, dryRun: dryRun, json: json, global: global)
      return
    }
    let chosen = try format.map { text throws(ImportProblem) in
      guard let format = ImportFormat(named: text) else {
        throw .unknownFormat(text)
      }
      return format
    }
    let environment = try await AppEnvironment(options: global)
    let request = ImportRequest(
      path: file, format: chosen, dryRun: dryRun, mappings: mappings, category: category)
    let editor = environment.session.editor
    let renderer = ImportRenderer(
      width: TerminalSize.output.columns, language: environment.language,
      money: MoneyFormatter(currency: environment.currency))
    if dryRun {
      // The coordinator's import preview, drawn: nothing is written.
      let preview = try await Self.preview(request, environment)
      if json {
        Console.line(
          try ImportJSON.result(
            preview.plan, entries: nil, skipped: preview.refused.map { ($0.line, $0.text) },
            currency: environment.currency
          ).serialized())
      } else {
        Console.output(renderer.preview(preview))
      }
      return
    }
    // The rows are grouped by month as they are read, and handed over: one copy at a time.
    let (rows, skipped) = try request.readByMonth(
      currency: environment.currency, today: environment.session.clock.today,
      language: environment.language)
    // The entries added are kept only for --json and for the budget notices, when the ledger
    // has budgets.
    await environment.session.budgets.refresh()
    let budgeted = !environment.session.budgets.plan.isEmpty
    // Each month is decided and written before the ledger's lock is taken, and decided again
    // under it only when another process wrote to it meanwhile.
    let inserted = try await editor.importEntries(
      consume rows, keepingEntries: json || budgeted, recordingUndo: false)
    if json {
      let stored = inserted.entries ?? []
      Console.line(
        try ImportJSON.result(
          ImportPlan(additions: stored.map(TransactionDraft.init), duplicates: inserted.skipped),
          entries: stored, skipped: skipped.map { ($0.line, $0.text) },
          currency: environment.currency
        ).serialized())
    } else {
      Console.output(
        renderer.done(added: inserted.added, duplicates: inserted.skipped, skipped: skipped))
    }
    if budgeted {
      await sayBudgetNotices(afterSaving: inserted.entries ?? [], environment)
    }
    await environment.sayNewLedgerNotice()
  }

  /// The coordinator's preview of an import, with the journal transactions skipped as refused.
  @MainActor
  private static func preview(_ request: ImportRequest, _ environment: AppEnvironment)
    async throws -> ImportPreviewViewModel
  {
    // The rows are packed by month as they are read: one copy of a large statement's.
    let (rows, skipped) = try request.readByMonth(
      currency: environment.currency, today: environment.session.clock.today,
      language: environment.language)
    let preview = try await environment.session.coordinator.showImportPreview(
      consume rows, refused: skipped.map(\.refusal))
    return preview
  }
}
