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
    // The coordinator's import preview: drawn for `--dry-run`, confirmed otherwise.
    coordinator.budgets = budgets
    let preview = try await coordinator.showImportPreview(
      reading.rows.map(\.draft),
      refused: reading.skipped.map {
        ImportRefusal(line: $0.line, text: $0.text, reason: $0.reason)
      }, rereadingBudgets: changes == nil)
    guard !dryRun else {
      defer { preview.cancel() }
      instead = .lines(try importPreviewLines(preview, skipped: reading.skipped))
      return
    }
    let batch: LedgerBatch
    do {
      batch = try await preview.confirm()
    } catch {
      preview.cancel()
      throw error
    }
    let text = importRenderer.done(
      added: batch.changes.count, duplicates: batch.skippedRows, skipped: reading.skipped)
    for line in text.split(separator: "\n") { note(String(line)) }
    await noteBudgetNotice(after: .batch(batch))
  }

  /// The lines of an import preview, drawn from its state; the refused journal transactions
  /// with the reader's reasons.
  func importPreviewLines(_ preview: ImportPreviewViewModel, skipped: [SkippedTransaction])
    throws -> [String]
  {
    try importRenderer.preview(preview.plan, skipped: skipped).split(
      separator: "\n", omittingEmptySubsequences: false
    ).dropLast().map(String.init)
  }

  private var importRenderer: ImportRenderer {
    ImportRenderer(
      width: columns() ?? TerminalSize.standard.columns, language: calendar.language,
      money: calendar.money)
  }
}
