import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of a month file being rewritten: the entry, and its record as stored (which keeps
/// any fields this version does not know).
struct StoredRecord {
  var entry: Transaction
  var stored: StoredTransaction

  /// The record of a new or changed entry.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` for an entry that cannot be stored.
  init(_ entry: Transaction) throws(LedgerError) {
    do throws(StoredRecordProblem) {
      stored = try StoredTransaction(entry)
    } catch {
      throw .unwritableFile(
        path: "ledger/" + LedgerLayout.monthFile(entry.day.yearMonth),
        reason: .entryNotStorable(entry.id, detail: error.reason))
    }
    self.entry = entry
  }

  init(entry: Transaction, stored: StoredTransaction) {
    self.entry = entry
    self.stored = stored
  }
}

/// A month file as a writer sees it: every record, checked, with what it maps to.
struct MonthDocument {
  let month: YearMonth
  /// Document-level fields this version does not know, written back unchanged.
  var otherFields: [String: RawJSON] = [:]
  var records: [StoredRecord] = []

  /// An empty month, for a month that has no file yet.
  init(month: YearMonth) {
    self.month = month
  }

  /// The entries of a month file, checked and in list order: what readers need. A file laid out
  /// as Hannun writes it is read line by line (``SearchRecordLine/month(_:_:)``, about a third
  /// of the cost); any other, or one whose entries do not pass the checks, by the general
  /// reader, which gives the same entries from the same bytes and names what is wrong.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  static func transactions(from data: Data, month: YearMonth, path: String) throws(LedgerError)
    -> [Transaction]
  {
    if let entries = data.withUnsafeBytes({ SearchRecordLine.month(month, $0) }) {
      return entries
    }
    let document = try MonthFileCodec.decode(data, path: path)
    do throws(StoredRecordProblem) {
      return try document.transactions(of: month)
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(error.reason))
    }
  }

  /// A month file's records, checked, with what each maps to.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  init(decoding data: Data, month: YearMonth, path: String) throws(LedgerError) {
    let document = try MonthFileCodec.decode(data, path: path)
    let entries: [Transaction]
    do throws(StoredRecordProblem) {
      entries = try document.transactions(of: month)
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(error.reason))
    }
    var storedByID: [String: StoredTransaction] = [:]
    for record in document.transactions { storedByID[record.id] = record }
    self.month = month
    otherFields = document.otherFields
    records = entries.compactMap { entry in
      storedByID[entry.id.rawValue].map { StoredRecord(entry: entry, stored: $0) }
    }
  }

  /// Removes the record of an id.
  /// - Returns: The removed record, or `nil` when the month has no such id.
  mutating func remove(_ id: TransactionID) -> StoredRecord? {
    guard let position = records.firstIndex(where: { $0.entry.id == id }) else { return nil }
    return records.remove(at: position)
  }

  /// The entries, in list order.
  var entries: [Transaction] {
    let entries = records.map(\.entry)
    return Self.inListOrder(entries) ? entries : entries.sorted(by: Transaction.listOrder)
  }

  /// Puts the records in list order, so that ``entries`` and ``encoded()`` need not sort them
  /// again (an import's month is read for its additions, its totals and its file).
  mutating func sortRecords() {
    guard !Self.inListOrder(records.lazy.map(\.entry)) else { return }
    records.sort { Transaction.listOrder($0.entry, $1.entry) }
  }

  /// The file's new contents: records in list order, unknown fields kept.
  func encoded() -> Data {
    let sorted =
      Self.inListOrder(records.lazy.map(\.entry))
      ? records : records.sorted { Transaction.listOrder($0.entry, $1.entry) }
    var document = StoredMonth(
      schemaVersion: supportedSchemaVersion, month: month.iso, transactions: sorted.map(\.stored))
    document.otherFields = otherFields
    return MonthFileCodec.encode(document)
  }

  /// Whether `entries` are in list order already, as a file Hannun wrote holds them: one pass,
  /// where sorting a month of 8,000 entries again took a tenth of a large import's time.
  private static func inListOrder(_ entries: some Collection<Transaction>) -> Bool {
    var previous: Transaction?
    for entry in entries {
      if let previous, Transaction.listOrder(entry, previous) { return false }
      previous = entry
    }
    return true
  }
}
