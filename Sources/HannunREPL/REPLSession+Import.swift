import HannunDomain
import HannunExchange
import HannunPresentation

extension REPLSession {
  /// `import FILE [--dry-run]`: the file read and checked whole, then added in one write and
  /// one undo step, or — with `--dry-run` — what would be added shown instead of the calendar.
  /// A Hannun backup is refused: it restores only into an empty ledger, with `hannun import`.
  func importFile(_ path: String, dryRun: Bool) async throws {
    if BackupReader.isBackupFile(atPath: path) { throw BackupFailure.notInREPL(path) }
    let request = ImportRequest(path: path, dryRun: dryRun)
    let reading = try request.read(
      currency: calendar.money.currency, today: calendar.today, language: calendar.language)
    let plan = try await coordinator.planImport(reading.rows.map(\.draft))
    let renderer = ImportRenderer(
      width: columns() ?? TerminalSize.standard.columns, language: calendar.language,
      money: calendar.money)
    if dryRun {
      instead = .lines(
        try renderer.preview(plan, skipped: reading.skipped).split(
          separator: "\n", omittingEmptySubsequences: false
        ).dropLast().map(String.init))
      return
    }
    let batch = try await coordinator.importEntries(plan)
    let text = renderer.done(
      added: batch.changes.count, duplicates: batch.skippedRows, skipped: reading.skipped)
    for line in text.split(separator: "\n") { note(String(line)) }
    await noteBudgetNotice(after: .batch(batch))
  }
}
