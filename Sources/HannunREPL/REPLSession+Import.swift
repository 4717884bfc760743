import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension REPLSession {
  /// `import FILE [--dry-run]`: the file read and checked whole, then added in one write and
  /// one undo step, or — with `--dry-run` — the coordinator's import preview left on top, drawn
  /// instead of the calendar until the next command, with nothing written.
  /// A Hannun backup is refused: it restores only into an empty ledger, with `hannun import`.
  /// A path typed from `~` is read from the home folder, as a shell would.
  func importFile(_ typed: String, dryRun: Bool) async throws {
    let path = Self.expandingHome(typed, home: getenv("HOME").map { String(cString: $0) })
    if BackupReader.isBackupFile(atPath: path) { throw BackupFailure.notInREPL(path) }
    let request = ImportRequest(path: path, dryRun: dryRun)
    // The rows are packed by month as they are read: one copy of a large statement's.
    let (rows, skipped) = try request.readByMonth(
      currency: calendar.money.currency, today: calendar.today, language: calendar.language)
    // The coordinator's import preview: drawn for `--dry-run`, confirmed otherwise.
    let preview = try await coordinator.showImportPreview(
      consume rows, refused: skipped.map(\.refusal), rereadingBudgets: changes == nil)
    guard !dryRun else { return }
    let added: ImportedEntries
    do {
      added = try await preview.confirm()
    } catch {
      preview.cancel()
      throw error
    }
    let text = importRenderer.done(
      added: added.count, duplicates: added.skipped, skipped: skipped)
    for line in text.split(separator: "\n") { note(String(line)) }
    note(preview.notices)
  }

  /// `path` with a leading `~` or `~/` read as the folder `home`, as a shell reads it and as
  /// readline's Tab completes it (`~/Downloads/내역.csv`); any other path (`~min/x`, `a/~`), or
  /// any path when there is no home, as it is.
  nonisolated static func expandingHome(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
    let folder = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
    return folder + path.dropFirst()
  }

  /// The text of an import preview's route, drawn from its state.
  func importPreviewText(_ preview: ImportPreviewViewModel) -> String {
    importRenderer.preview(preview)
  }

  private var importRenderer: ImportRenderer {
    ImportRenderer(
      width: columns() ?? TerminalSize.standard.columns, language: calendar.language,
      money: calendar.money)
  }
}
