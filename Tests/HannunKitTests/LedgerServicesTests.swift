import HannunDomain
import HannunExchange
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

/// The core services every frontend exports and restores through instead of its store.
@Suite("The core's export and restore")
@MainActor
struct LedgerServicesTests {
  /// A session over an in-memory ledger holding `backup`, its calendar not started.
  private func makeSession(holding backup: LedgerBackup?) async throws -> LedgerSession {
    let store = InMemoryTransactionRepository()
    if let backup { try await store.restore(backup) }
    return await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      startsCalendar: false)
  }

  @Test("each format is written a month at a time, the same bytes as its whole text")
  func exportStream() async throws {
    let backup = LedgerBackup.fixture
    let exporter = try await makeSession(holding: backup).exporter
    let entries = backup.entries
    // The fixture's entries fall in four months: the header, then one piece a month.
    let csv = RecordingExportSink()
    try await exporter.write(.csv, byteOrderMark: true, into: csv)
    #expect(csv.pieces.count == 5)
    #expect(csv.text == CSVExport.text(entries, currency: .krw, byteOrderMark: true))
    #expect(try await exporter.text(.csv, byteOrderMark: true) == csv.text)

    let journal = RecordingExportSink()
    try await exporter.write(.journal, into: journal)
    #expect(journal.pieces.count == 5)
    #expect(journal.text == JournalExport.text(entries, currency: .krw))

    let json = RecordingExportSink()
    try await exporter.write(.json, into: json)
    #expect(json.pieces.count == 6)
    #expect(json.text == (try BackupExport.text(backup)))

    // A span: its entries and moods, every budget and rule.
    let from = Fixtures.day("2025-01-01")
    let to = Fixtures.day("2025-12-31")
    var spanned = backup
    spanned.entries = entries.filter { (from...to).contains($0.day) }
    spanned.moods = backup.moods.filter { (from...to).contains($0.key) }
    #expect(
      try await exporter.text(.json, from: from, to: to)
        == (try BackupExport.text(spanned, from: from, to: to)))
    await #expect(throws: TransactionQueryError.daysBackwards(from: to, to: from)) {
      try await exporter.text(.csv, from: to, to: from)
    }
  }

  @Test("a journal or backup written while another process writes starts again, or gives up")
  func exportSettles() async throws {
    let entries: [Transaction] = [
      .fixture(id: "a1", day: "2025-10-03"), .fixture(id: "a2", day: "2025-11-04"),
    ]
    // One write between the two readings: the export is written again, whole and consistent.
    let once = ChurningLedger(entries, writes: 1)
    let journal = RecordingExportSink()
    try await LedgerExporter(stores: once.stores, currency: .krw).write(.journal, into: journal)
    #expect(journal.resets == 2)
    #expect(journal.text == JournalExport.text(await once.store.all, currency: .krw))
    // Writes during every reading: refused, after every attempt.
    let always = ChurningLedger(entries, writes: .max)
    for format in [ExportFormat.journal, .json] {
      await #expect(throws: BackupError.unsettled(attempts: LedgerBackup.snapshotAttempts)) {
        try await LedgerExporter(stores: always.stores, currency: .krw)
          .write(format, into: RecordingExportSink())
      }
    }
  }

  @Test("a restore into a ledger that holds anything is refused and writes nothing")
  func restoreRefusal() async throws {
    let held = Transaction.fixture(id: "k1", day: "2025-11-03")
    let session = try await makeSession(holding: nil)
    _ = try await session.editor.add(TransactionDraft(held))
    let stored = try await session.repository.transactions(in: Day.supportedRange)
    let restorer = session.restorer
    #expect(try await !restorer.isEmpty())
    #expect(try await restorer.refusal(of: .fixture) == .ledgerNotEmpty)
    await #expect(throws: BackupError.ledgerNotEmpty) {
      try await restorer.restore(.fixture)
    }
    await #expect(throws: BackupError.ledgerNotEmpty) {
      try await restorer.restore(dryRun: true) { check, sink in
        try check(.krw)
        return BackupOutline(rest: .fixture, entryCount: 0, months: [])
      }
    }
    // Another currency is refused first, by the ledger's or the one required.
    var dollars = LedgerBackup.fixture
    dollars.currency = .usd
    #expect(
      try await restorer.refusal(of: dollars) == .currencyMismatch(ledger: "KRW", backup: "USD"))
    #expect(
      try await restorer.refusal(of: .fixture, requiring: "usd")
        == .currencyMismatch(ledger: "USD", backup: "KRW"))
    #expect(try await session.repository.transactions(in: Day.supportedRange) == stored)

    // An empty ledger takes it whole.
    let empty = try await makeSession(holding: nil)
    #expect(try await empty.restorer.refusal(of: .fixture) == nil)
    try await empty.restorer.restore(.fixture)
    #expect(
      try await empty.repository.transactions(in: Day.supportedRange)
        == LedgerBackup.fixture.entries.sorted(by: Transaction.listOrder))
    #expect(try await empty.stores.budgets.budgetPlan() == LedgerBackup.fixture.budgets)
  }

  @Test("a backup read a piece at a time restores into an empty ledger; a dry run writes nothing")
  func restoreReading() async throws {
    let backup = LedgerBackup.fixture
    let read: @Sendable ((Currency) throws -> Void, any BackupEntrySink) throws -> BackupOutline = {
      check, sink in
      try check(backup.currency)
      for entry in backup.entries { try sink.add(entry) }
      return BackupOutline(
        rest: backup, entryCount: backup.entries.count,
        months: Set(backup.entries.map(\.day.yearMonth)))
    }
    let session = try await makeSession(holding: nil)
    let dry = try await session.restorer.restore(dryRun: true, reading: read)
    #expect(dry.entryCount == backup.entries.count)
    #expect(try await session.restorer.isEmpty())
    await #expect(throws: BackupError.currencyMismatch(ledger: "JPY", backup: "KRW")) {
      try await session.restorer.restore(requiring: "JPY", reading: read)
    }
    #expect(try await session.restorer.isEmpty())
    let outline = try await session.restorer.restore(reading: read)
    #expect(outline.months.count == 4)
    #expect(
      try await session.repository.transactions(in: Day.supportedRange)
        == backup.entries.sorted(by: Transaction.listOrder))
  }
}
