import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why one stored record cannot become a ``Transaction``, or a stored document what it stands
/// for: what is wrong, as a value the catalogues say in the user's language.
struct StoredRecordProblem: Error, Sendable {
  /// What is wrong: ``ContentFault/entry(_:)`` for a record on its own.
  let reason: ContentFault

  /// The problem `reason`.
  init(_ reason: ContentFault) { self.reason = reason }

  /// A problem of the index's own files, which is never shown: the index is then rebuilt from
  /// the month files. `what` names it for a debugger.
  static func index(_ what: String) -> StoredRecordProblem {
    StoredRecordProblem(.described(what))
  }
}

extension StoredTransaction {
  /// The stored form of an entry.
  /// - Throws: ``StoredRecordProblem`` for a stamp that cannot be written.
  init(_ transaction: Transaction) throws(StoredRecordProblem) {
    guard let created = Stamp.string(from: transaction.createdAt),
      let updated = Stamp.string(from: transaction.updatedAt)
    else { throw StoredRecordProblem(.entry(.stampsOutOfRange)) }
    self.init(
      id: transaction.id.rawValue, date: Self.isoText(of: transaction.day),
      kind: transaction.kind.rawValue,
      amountMinor: transaction.amount.minorUnits, category: transaction.category,
      memo: transaction.memo, createdAt: created, updatedAt: updated)
  }

  /// The entry this record describes, after checking every field by the Domain's rules.
  /// - Throws: ``StoredRecordProblem`` saying which field is wrong.
  func transaction() throws(StoredRecordProblem) -> Transaction {
    try transaction(days: nil)
  }

  /// The entry this record describes; a date in the month of `days` is looked up there instead
  /// of parsed, with the same result.
  /// - Throws: ``StoredRecordProblem`` saying which field is wrong.
  func transaction(days: MonthDays?) throws(StoredRecordProblem) -> Transaction {
    try transaction(days: days) { text throws(FieldInputError) in try PlainText.category(text) }
  }

  /// The entry this record describes, as ``transaction(days:)`` makes it, its category checked
  /// through `categories` (a category text checked for an earlier record of the month is not
  /// checked again).
  /// - Throws: ``StoredRecordProblem`` saying which field is wrong.
  func transaction(days: MonthDays?, categories: inout MonthCategories)
    throws(StoredRecordProblem) -> Transaction
  {
    try transaction(days: days) { text throws(FieldInputError) in try categories.checked(text) }
  }

  /// The entry this record describes, its category checked by `checkCategory`
  /// (``PlainText/category(_:)`` or what it remembered).
  @inline(__always)
  private func transaction(
    days: MonthDays?, checkCategory: (String) throws(FieldInputError) -> String
  ) throws(StoredRecordProblem) -> Transaction {
    guard Self.isValidID(id) else {
      throw StoredRecordProblem(.entry(.badID(id)))
    }
    let day: Day
    if let known = days?.day(date) {
      day = known
    } else {
      do { day = try Day(iso: date) } catch {
        throw StoredRecordProblem(.entry(.notADay(field: "date", text: date)))
      }
    }
    guard let kind = Self.kind(kind) else {
      throw StoredRecordProblem(.entry(.notAKind(kind)))
    }
    let amount: Amount
    do { amount = try Amount(minorUnits: amountMinor) } catch {
      throw StoredRecordProblem(.entry(.notAnAmount(amountMinor)))
    }
    let category: String
    let memo: String
    do {
      category = try checkCategory(self.category)
      memo = try PlainText.memo(self.memo)
    } catch {
      throw StoredRecordProblem(.entry(.text(error)))
    }
    guard let createdAt = Stamp.date(from: createdAt) else {
      throw StoredRecordProblem(.entry(.notATime(field: "createdAt", text: createdAt)))
    }
    // Most entries were never edited: the same text is the same time, read once.
    guard let updatedAt = updatedAt == self.createdAt ? createdAt : Stamp.date(from: updatedAt)
    else {
      throw StoredRecordProblem(.entry(.notATime(field: "updatedAt", text: updatedAt)))
    }
    return Transaction(
      id: TransactionID(id), day: day, kind: kind, amount: amount, category: category, memo: memo,
      createdAt: createdAt, updatedAt: updatedAt)
  }

  /// `day.iso`, written without string interpolation (writing a month formats every date).
  private static func isoText(of day: Day) -> String {
    guard (1000...9999).contains(day.year) else { return day.iso }
    return String(unsafeUninitializedCapacity: 10) { buffer in
      /// Writes `value` as `count` digits ending just before `end`.
      func put(_ value: Int, count: Int, before end: Int) {
        var rest = value
        for position in stride(from: end - 1, through: end - count, by: -1) {
          buffer[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
          rest /= 10
        }
      }
      put(day.year, count: 4, before: 4)
      buffer[4] = UInt8(ascii: "-")
      put(day.month, count: 2, before: 7)
      buffer[7] = UInt8(ascii: "-")
      put(day.day, count: 2, before: 10)
      return 10
    }
  }

  /// `TransactionKind(rawValue:)`, with the two stored spellings compared directly.
  private static func kind(_ text: String) -> TransactionKind? {
    if text == "expense" { return .expense }
    if text == "income" { return .income }
    return TransactionKind(rawValue: text)
  }

  /// Ids are printable text on one line without spaces; the usual ASCII ids are checked quickly.
  private static func isValidID(_ id: String) -> Bool {
    guard !id.isEmpty else { return false }
    let isPrintableASCII = id.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !(0x21...0x7E).contains(byte) { return false }
      return true
    }
    if isPrintableASCII ?? id.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return true }
    return !id.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
    }
  }
}

extension StoredMonth {
  /// The stored form of one month's entries, in list order.
  init(month: YearMonth, transactions: [Transaction]) throws(StoredRecordProblem) {
    var records: [StoredTransaction] = []
    for transaction in transactions.sorted(by: Transaction.listOrder) {
      records.append(try StoredTransaction(transaction))
    }
    self.init(schemaVersion: supportedSchemaVersion, month: month.iso, transactions: records)
  }

  /// The month's entries in list order, after checking that the document is the month `month`,
  /// that every record is valid and dated in that month, and that no id appears twice.
  /// - Throws: ``StoredRecordProblem`` naming the first bad record.
  func transactions(of expected: YearMonth) throws(StoredRecordProblem) -> [Transaction] {
    guard month == expected.iso else {
      throw StoredRecordProblem(.monthMismatch(stated: month, month: expected))
    }
    var checks = MonthEntryChecks(expected, count: transactions.count)
    // The records are borrowed where they lie, not copied out one by one: a copy retains and
    // releases each of a record's strings, more than the checks themselves cost.
    try transactions.withUnsafeBufferPointer { records throws(StoredRecordProblem) in
      for index in records.indices { try checks.take(records[index], at: index) }
    }
    return checks.entries()
  }
}

/// The checks of a month's records, one record at a time, in file order: each record valid by
/// the Domain's rules and dated in the month, no id twice; then the entries in list order. What
/// ``StoredMonth/transactions(of:)`` does, for a reader that makes its records one by one and
/// keeps none of them (``SearchRecordLine``).
struct MonthEntryChecks {
  private let month: YearMonth
  private let days: MonthDays
  private var categories = MonthCategories()
  private var seen: Set<TransactionID> = []
  private var result: [Transaction] = []

  /// Checks for the records of `month`, about `count` of them.
  init(_ month: YearMonth, count: Int) {
    self.month = month
    days = MonthDays(month)
    seen.reserveCapacity(count)
    result.reserveCapacity(count)
  }

  /// Checks the record at `index` of the file and keeps its entry.
  /// - Throws: ``StoredRecordProblem`` naming the record and what is wrong with it.
  mutating func take(_ record: borrowing StoredTransaction, at index: Int)
    throws(StoredRecordProblem)
  {
    let transaction: Transaction
    do throws(StoredRecordProblem) {
      transaction = try record.transaction(days: days, categories: &categories)
    } catch {
      // A record's own problem is always an entry's; it is placed here.
      guard case .entry(let fault) = error.reason else { throw error }
      throw StoredRecordProblem(.record(index: index, id: record.id, fault))
    }
    guard transaction.day.year == month.year && transaction.day.month == month.month else {
      throw StoredRecordProblem(
        .recordOutsideMonth(index: index, id: record.id, date: transaction.day, month: month))
    }
    guard seen.insert(transaction.id).inserted else {
      throw StoredRecordProblem(.record(index: index, id: record.id, .idRepeated))
    }
    result.append(transaction)
  }

  /// The entries taken, in list order.
  func entries() -> [Transaction] {
    // Files are written in list order, so sorting is rarely needed.
    let isSorted = zip(result, result.dropFirst()).allSatisfy { !Transaction.listOrder($1, $0) }
    return isSorted ? result : result.sorted(by: Transaction.listOrder)
  }
}

/// The categories a month's records have been read as, by the bytes of their stored text: a
/// month holds few categories, so most records' categories are checked
/// (``PlainText/category(_:)``) once for the month and then found here. Only texts that passed
/// are kept; a text that fails is checked, and refused with its reason, each time. Texts are
/// told apart by their bytes, not by `String`'s `==`, so two spellings that `==` calls equal
/// (a composed `é` and `e` with a combining accent) are each read as their own bytes.
struct MonthCategories {
  /// One category text that passed: the hash and bytes of its stored text, and what it is read
  /// as.
  private struct Known {
    let hash: UInt64
    let bytes: [UInt8]
    let checked: String
  }

  /// The number of slots: a power of two, twice ``limit``.
  private static var slotCount: Int { 64 }
  /// The most texts remembered; a month's further categories are checked each time.
  private static var limit: Int { 32 }

  /// For each slot, the index in ``known`` of the text there plus one, or 0 for none (open
  /// addressing, probing the next slot).
  private var slots: [UInt8] = []
  private var known: [Known] = []

  /// `PlainText.category(text)`, from memory when the same bytes passed before.
  /// - Throws: ``FieldInputError`` as ``PlainText/category(_:)`` does.
  mutating func checked(_ text: String) throws(FieldInputError) -> String {
    // The slot where the text is, or where it would go.
    let found: (hash: UInt64, slot: Int, checked: String?)? =
      text.utf8.withContiguousStorageIfAvailable { bytes in find(bytes) }
    if let found, let checked = found.checked { return checked }
    let checked = try PlainText.category(text)
    if let found { remember(checked, bytes: Array(text.utf8), hash: found.hash, slot: found.slot) }
    return checked
  }

  /// `PlainText.category` of the text whose UTF-8 bytes are `bytes` (`isASCII` when they all
  /// are), from memory when the same bytes passed before, without making a string of them then;
  /// `nil` when they are not UTF-8 or the rules refuse the text.
  mutating func checked(utf8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
    let found = find(bytes)
    if let checked = found.checked { return checked }
    guard let text = SearchRecordLine.text(bytes, isASCII: isASCII),
      let checked = try? PlainText.category(text)
    else { return nil }
    remember(checked, bytes: Array(bytes), hash: found.hash, slot: found.slot)
    return checked
  }

  /// Keeps what the text of `bytes` is read as, in the free `slot` ``find(_:)`` gave for them,
  /// while fewer than ``limit`` are kept.
  private mutating func remember(_ checked: String, bytes: [UInt8], hash: UInt64, slot: Int) {
    guard known.count < Self.limit else { return }
    if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
    known.append(Known(hash: hash, bytes: bytes, checked: checked))
    slots[slot] = UInt8(known.count)
  }

  /// The hash of `bytes`, the slot that holds them or the free slot where they would go, and
  /// what they are read as when they are known.
  private func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    hash: UInt64, slot: Int, checked: String?
  ) {
    // FNV-1a: a category is a few bytes.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
    guard !slots.isEmpty else { return (hash, slot, nil) }
    while slots[slot] != 0 {
      let candidate = known[Int(slots[slot]) - 1]
      if candidate.hash == hash, candidate.bytes.withUnsafeBufferPointer({ bytes.isEqual(to: $0) })
      {
        return (hash, slot, candidate.checked)
      }
      slot = (slot + 1) & (Self.slotCount - 1)
    }
    return (hash, slot, nil)
  }
}

extension StoredMetadata {
  init(currency: Currency) {
    self.init(schemaVersion: supportedSchemaVersion, currency: currency.code)
  }

  /// The ledger's currency.
  /// - Throws: ``StoredRecordProblem`` for a code that is not three ASCII letters.
  func ledgerCurrency() throws(StoredRecordProblem) -> Currency {
    guard currency == currency.uppercased(), let parsed = try? Currency(code: currency) else {
      throw StoredRecordProblem(.notACurrency(currency))
    }
    return parsed
  }
}
