import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a Hannun backup file (``BackupExport``'s format) into a ``LedgerBackup``, checking
/// every value exactly as typed input is checked — amounts by ``AmountParser`` (limits
/// included), days by ``Day/init(iso:)``, categories and memos by ``TransactionRules``, moods and
/// notes by ``Mood/init(parsing:)`` and ``MoodRules``, schedules and rules by
/// ``RecurrenceSchedule`` and ``RecurringRule`` — and the backup's own rules
/// (``LedgerBackup/problem()``), so a hand-edited file cannot carry in what Hannun would refuse.
/// The first problem refuses the whole file, naming the member and its line.
public enum BackupReader {
  /// Whether `bytes` look like a Hannun backup: a JSON object whose start names the format.
  /// - Parameter bytes: The start of a file (the first kilobyte is enough).
  /// - Returns: `true` for a backup, to be read by ``read(_:)``.
  public static func isBackup(_ bytes: some Collection<UInt8>) -> Bool {
    let start = String(decoding: bytes.prefix(1024), as: UTF8.self)
    let trimmed = start.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    guard trimmed.first == "{" else { return false }
    let compact = trimmed.filter { !$0.isWhitespace }
    return FoundationText.contains("\"format\":\"\(BackupExport.formatName)\"", in: compact)
  }

  /// The largest backup restored: 256 MiB, about a million entries with their budgets, rules
  /// and moods. A larger file is refused by its size before anything is read.
  public static let sizeLimit = 256 << 20

  /// Whether the file at `path` is a Hannun backup, from its first kilobyte.
  /// - Parameter path: The file.
  /// - Returns: `true` for a backup; `false` also when the file cannot be read.
  public static func isBackupFile(atPath path: String) -> Bool {
    guard let bytes = ImportFile.prefix(ofFileAt: path, count: 1024) else { return false }
    return isBackup(bytes)
  }

  /// Reads a whole backup file.
  /// - Parameter bytes: The file, UTF-8 with or without BOM.
  /// - Returns: The backup, every value checked.
  /// - Throws: ``BackupReadError`` naming the first problem.
  public static func read(_ bytes: [UInt8]) throws(BackupReadError) -> LedgerBackup {
    var entries: [Transaction] = []
    let outline: BackupOutline
    do {
      outline = try read(bytes, currency: { _ in }, entries: { entries.append($0) })
    } catch let error as BackupReadError {
      throw error
    } catch {
      // Neither closure above throws, and a document in memory has no file to fail.
      throw .notABackup
    }
    var backup = outline.rest
    backup.entries = entries.sorted(by: Transaction.listOrder)
    return backup
  }

  /// Reads a backup held in memory (an upload), handing each entry to `entries` as soon as it is
  /// read and checked, as ``read(_:currency:entries:)`` reads a file: no entry is kept.
  /// - Parameters:
  ///   - bytes: The file, UTF-8 with or without BOM.
  ///   - currency: Called with the backup's currency once it is known, before any entry.
  ///   - entries: Called with each entry, in the file's order.
  /// - Returns: The rest of the backup, and how many entries it held.
  /// - Throws: ``BackupReadError`` naming the first problem, or what `currency` or `entries`
  ///   throws.
  public static func read(
    _ bytes: [UInt8], currency: (Currency) throws -> Void, entries: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    var reading = BackupStream(parser: BackupJSONParser(bytes))
    return try reading.read(currency: currency, entries: entries)
  }

  /// Reads a backup file a piece at a time, handing each entry to `entries` as soon as it is
  /// read and checked, so that a backup of any size is read in little memory. Every value is
  /// checked as ``read(_:)`` checks it, and the first problem ends the reading.
  ///
  /// Hannun writes the format, version, currency and range before the entries; a file that
  /// puts them after is read to its end first and its entries are read afterwards.
  /// - Parameters:
  ///   - file: The file.
  ///   - currency: Called with the backup's currency once it is known, before any entry.
  ///   - entries: Called with each entry, in the file's order.
  /// - Returns: The rest of the backup, and how many entries it held.
  /// - Throws: ``BackupReadError`` naming the first problem, ``ImportFileProblem`` when the
  ///   file cannot be read, or what `currency` or `entries` throws.
  public static func read(
    _ file: ImportFile, currency: (Currency) throws -> Void,
    entries: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    try read(file, pieceSize: BackupJSONParser.chunkSize, currency: currency, entries: entries)
  }

  /// ``read(_:currency:entries:)``, reading `pieceSize` bytes at a time.
  static func read(
    _ file: ImportFile, pieceSize: Int, currency: (Currency) throws -> Void,
    entries: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    var reading = BackupStream(parser: BackupJSONParser(file: file, pieceSize: pieceSize))
    do {
      return try reading.read(currency: currency, entries: entries)
    } catch let error as BackupReadError {
      if let failure = reading.parser.readFailure { throw failure }
      throw error
    }
  }
}

/// One reading of a backup, its entries streamed (see ``BackupReader/read(_:currency:entries:)``).
private struct BackupStream {
  var parser: BackupJSONParser

  mutating func read(
    currency check: (Currency) throws -> Void, entries sink: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    try parser.start()
    let topLine = parser.currentLine
    guard try parser.openObject() else {
      // Not an object: read whole, so that broken JSON is named before anything else.
      _ = try parser.value(depth: 0)
      try parser.end()
      throw BackupReadError.notABackup
    }
    var members: [String: BackupJSON] = [:]
    var currency: Currency?
    var entries: (count: Int, months: Set<YearMonth>)?
    var deferred: BackupJSONParser.Place?
    var entriesLine = topLine
    var first = true
    while let key = try parser.nextMember(first: first) {
      first = false
      let line = parser.currentLine
      let taken = key == "entries" ? entries != nil || deferred != nil : members[key] != nil
      if taken {
        throw BackupReadError.field(path: key, line: line, problem: .duplicateMember)
      }
      guard key == "entries" else {
        members[key] = try parser.value(depth: 1)
        continue
      }
      entriesLine = line
      // The entries are read as they come once the header is known; otherwise later.
      let header = ["format", "version", "currency", "from", "to"]
      if header.allSatisfy({ members[$0] != nil }), Self.namesFormat(members) {
        let known = try Self.header(members, topLine: topLine)
        try check(known)
        currency = known
        entries = try readEntries(currency: known, line: line, sink)
      } else {
        deferred = parser.place
        try parser.skipValue(depth: 1)
      }
    }
    try parser.end()
    guard Self.namesFormat(members) else { throw BackupReadError.notABackup }
    let known = try Self.header(members, topLine: topLine)
    if currency == nil {
      try check(known)
      if let deferred {
        parser.seek(to: deferred)
        entries = try readEntries(currency: known, line: entriesLine, sink)
      }
    }
    guard let entries else {
      throw BackupReadError.field(path: "entries", line: topLine, problem: .missing)
    }
    var top = Members(members: members, path: "", line: topLine)
    for key in ["format", "version", "currency", "from", "to"] { _ = try top.value(key) }
    let reader = Fields(currency: known)
    let budgets = try reader.budgets(try top.value("budgets"))
    let recurring = try reader.recurring(try top.value("recurring"))
    let moods = try reader.moods(try top.value("moods"))
    try top.finish()
    let rest = LedgerBackup(
      currency: known, entries: [], budgets: budgets, recurring: recurring, moods: moods)
    // Every rule was checked on the way in; this is the same check restoring makes.
    if let problem = rest.problem() {
      throw BackupReadError.field(path: "", line: topLine, problem: .rule(problem))
    }
    return BackupOutline(rest: rest, entryCount: entries.count, months: entries.months)
  }

  /// Whether the top object's `format` is Hannun's backup.
  private static func namesFormat(_ members: [String: BackupJSON]) -> Bool {
    if case .string(BackupExport.formatName) = members["format"]?.value { return true }
    return false
  }

  /// Checks the version, currency and range, in that order, and returns the currency.
  private static func header(_ members: [String: BackupJSON], topLine: Int)
    throws(BackupReadError) -> Currency
  {
    var top = Members(members: members, path: "", line: topLine)
    _ = try top.text("format")
    let version = try top.value("version")
    guard case .number(let text) = version.value, text == String(BackupExport.version) else {
      if case .number(let text) = version.value { throw .unsupportedVersion(text) }
      throw .field(path: "version", line: version.line, problem: .wrongType(expected: .number))
    }
    let currencyNode = try top.value("currency")
    let currency = try Members.check(currencyNode, "currency") { () throws(BackupFieldProblem) in
      guard case .string(let code) = currencyNode.value else {
        throw .wrongType(expected: .text)
      }
      do throws(AmountInputError) { return try Currency(code: code) } catch {
        throw .currency(error)
      }
    }
    _ = try top.optionalDay("from")
    _ = try top.optionalDay("to")
    return currency
  }

  /// Reads the `entries` array an item at a time, checking each and handing it to `sink`.
  private mutating func readEntries(
    currency: Currency, line: Int, _ sink: (Transaction) throws -> Void
  ) throws -> (count: Int, months: Set<YearMonth>) {
    guard try parser.openArray() else {
      let node = try parser.value(depth: 1)
      throw BackupReadError.field(
        path: "entries", line: node.line, problem: .wrongType(expected: .array))
    }
    let fields = Fields(currency: currency)
    var ids: Set<TransactionID> = []
    var months: Set<YearMonth> = []
    var count = 0
    while try parser.nextItem(first: count == 0) {
      let item = try parser.value(depth: 2)
      let entry = try fields.entry(item, index: count, ids: &ids)
      try sink(entry)
      months.insert(entry.day.yearMonth)
      count += 1
    }
    return (count, months)
  }
}

/// The members of one JSON object, taken one by one; what is left at the end is unknown.
struct Members {
  /// Where the object is: a name, and its position when it is an item of that list (made into
  /// text only when a problem names it).
  private let place: (name: String, index: Int?)
  let line: Int
  /// The members not taken yet, in the object's order: a handful, searched in turn (cheaper
  /// than hashing each key of each of 100,000 entries).
  private var members: [(key: String, value: BackupJSON)]

  /// `entries[3]`, `recurring`: where the object is.
  var path: String { Self.text(of: place) }

  private static func text(of place: (name: String, index: Int?)) -> String {
    place.index.map { "\(place.name)[\($0)]" } ?? place.name
  }

  init(_ node: BackupJSON, path: String) throws(BackupReadError) {
    try self.init(node, place: (path, nil))
  }

  /// The members of the item at `index` of the list `list`.
  init(_ node: BackupJSON, list: String, index: Int) throws(BackupReadError) {
    try self.init(node, place: (list, index))
  }

  private init(_ node: BackupJSON, place: (name: String, index: Int?)) throws(BackupReadError) {
    guard case .object(let pairs) = node.value else {
      throw .field(
        path: Self.text(of: place), line: node.line, problem: .wrongType(expected: .object))
    }
    for (position, pair) in pairs.enumerated()
    where pairs[..<position].contains(where: { $0.key == pair.key }) {
      throw .field(
        path: Self.join(Self.text(of: place), pair.key), line: pair.value.line,
        problem: .duplicateMember)
    }
    self.place = place
    line = node.line
    members = pairs
  }

  /// The members of an object already taken apart.
  init(members: [String: BackupJSON], path: String, line: Int) {
    place = (path, nil)
    self.line = line
    self.members = members.map { ($0.key, $0.value) }
  }

  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }

  /// Runs a check of one value, adding its place to what it throws.
  static func check<Result>(
    _ node: BackupJSON, _ path: String, _ body: () throws(BackupFieldProblem) -> Result
  ) throws(BackupReadError) -> Result {
    do throws(BackupFieldProblem) { return try body() } catch {
      throw .field(path: path, line: node.line, problem: error)
    }
  }

  /// The member `key`, which must be there.
  mutating func value(_ key: String) throws(BackupReadError) -> BackupJSON {
    guard let position = members.firstIndex(where: { $0.key == key }) else {
      throw .field(path: Self.join(path, key), line: line, problem: .missing)
    }
    return members.remove(at: position).value
  }

  /// Checks the member `key` with `body`.
  mutating func field<Result>(
    _ key: String, _ body: (BackupJSON.Value) throws(BackupFieldProblem) -> Result
  ) throws(BackupReadError) -> Result {
    let node = try value(key)
    return try Self.check(node, Self.join(path, key)) { () throws(BackupFieldProblem) in
      try body(node.value)
    }
  }

  mutating func text(_ key: String) throws(BackupReadError) -> String {
    try field(key) { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      return text
    }
  }

  mutating func optionalText(_ key: String) throws(BackupReadError) -> String? {
    try field(key) { value throws(BackupFieldProblem) in
      switch value {
      case .string(let text): return text
      case .null: return nil
      default: throw .wrongType(expected: .textOrNull)
      }
    }
  }

  mutating func day(_ key: String) throws(BackupReadError) -> Day {
    try field(key) { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      do throws(DateInputError) { return try Day(iso: text) } catch { throw .date(error) }
    }
  }

  mutating func optionalDay(_ key: String) throws(BackupReadError) -> Day? {
    try field(key) { value throws(BackupFieldProblem) in
      switch value {
      case .string(let text):
        do throws(DateInputError) { return try Day(iso: text) } catch { throw .date(error) }
      case .null: return nil
      default: throw .wrongType(expected: .textOrNull)
      }
    }
  }

  mutating func amount(_ key: String, _ currency: Currency) throws(BackupReadError) -> Amount {
    try field(key) { value throws(BackupFieldProblem) in
      guard case .number(let text) = value else { throw .wrongType(expected: .number) }
      return try Self.amount(text, currency)
    }
  }

  mutating func optionalAmount(_ key: String, _ currency: Currency) throws(BackupReadError)
    -> Amount?
  {
    try field(key) { value throws(BackupFieldProblem) in
      switch value {
      case .number(let text): return try Self.amount(text, currency)
      case .null: return nil
      default: throw .wrongType(expected: .numberOrNull)
      }
    }
  }

  /// An amount as typed input is read: limits, decimal places and all.
  private static func amount(_ text: String, _ currency: Currency) throws(BackupFieldProblem)
    -> Amount
  {
    do throws(AmountInputError) { return try AmountParser(currency: currency).parse(text) } catch {
      throw .amount(error)
    }
  }

  /// Refuses members nobody took.
  func finish() throws(BackupReadError) {
    if let (key, value) = members.min(by: { $0.value.line < $1.value.line }) {
      throw .field(path: Self.join(path, key), line: value.line, problem: .unknownMember)
    }
  }
}

/// The parts of a backup, read in order with the ledger's currency.
private struct Fields {
  let currency: Currency

  func list(_ node: BackupJSON, _ path: String) throws(BackupReadError) -> [BackupJSON] {
    guard case .array(let items) = node.value else {
      throw .field(path: path, line: node.line, problem: .wrongType(expected: .array))
    }
    return items
  }

  /// The entry at `index` of `entries`, every value checked; its id must not be in `ids`,
  /// which it joins.
  func entry(_ item: BackupJSON, index: Int, ids: inout Set<TransactionID>)
    throws(BackupReadError) -> Transaction
  {
    var object = try Members(item, list: "entries", index: index)
    let id = try object.field("id") { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      do throws(BackupProblem) { return try LedgerBackup.entryID(text) } catch {
        throw .rule(error)
      }
    }
    guard ids.insert(id).inserted else {
      throw .field(path: object.path + ".id", line: item.line, problem: .rule(.duplicateEntry(id)))
    }
    let day = try object.day("date")
    let kind = try object.field("kind", Self.kind)
    let amount = try object.amount("amount", currency)
    let category = try object.field("category", Self.category)
    let memo = try object.field("memo", Self.memo)
    let created = try object.field("createdAt", Self.stamp)
    let updated = try object.field("updatedAt", Self.stamp)
    try object.finish()
    return Transaction(
      id: id, day: day, kind: kind, amount: amount, category: category, memo: memo,
      createdAt: created, updatedAt: updated)
  }

  func budgets(_ node: BackupJSON) throws(BackupReadError) -> BudgetPlan {
    var changes: [BudgetChange] = []
    var seen: Set<String> = []
    for (index, item) in try list(node, "budgets").enumerated() {
      var object = try Members(item, list: "budgets", index: index)
      let scope = try object.field("category") { value throws(BackupFieldProblem) in
        switch value {
        case .null: return BudgetScope.total
        case .string(let text):
          do throws(FieldInputError) { return try BudgetScope(category: text) } catch {
            throw .field(error)
          }
        default: throw .wrongType(expected: .textOrNull)
        }
      }
      let month = try object.field("from") { value throws(BackupFieldProblem) in
        guard case .string(let text) = value else { throw .wrongType(expected: .text) }
        do throws(DateInputError) { return try YearMonth(iso: text) } catch { throw .date(error) }
      }
      let limit = try object.optionalAmount("limit", currency)
      try object.finish()
      guard seen.insert("\(scope.category ?? "")\u{0}\(month.iso)").inserted else {
        throw .field(
          path: object.path, line: item.line, problem: .rule(.duplicateBudget(scope, month)))
      }
      changes.append(BudgetChange(scope: scope, from: month, limit: limit))
    }
    return BudgetPlan(changes: changes)
  }

  func recurring(_ node: BackupJSON) throws(BackupReadError) -> RecurringPlan {
    var object = try Members(node, path: "recurring")
    let next = try object.field("nextRuleNumber") { value throws(BackupFieldProblem) in
      guard case .number(let text) = value else { throw .wrongType(expected: .number) }
      guard text.count <= 9, let number = Int(text), number >= 1 else { throw .count(text) }
      return number
    }
    var rules: [RecurringRule] = []
    for (index, item) in try list(try object.value("rules"), "recurring.rules").enumerated() {
      let rule = try self.rule(item, path: "recurring.rules[\(index)]")
      guard !rules.contains(where: { $0.id == rule.id }) else {
        throw .field(
          path: "recurring.rules[\(index)].id", line: item.line,
          problem: .rule(.duplicateRule(rule.id)))
      }
      rules.append(rule)
    }
    var decisions: [OccurrenceKey: OccurrenceDecision] = [:]
    let items = try list(try object.value("decisions"), "recurring.decisions")
    for (index, item) in items.enumerated() {
      let path = "recurring.decisions[\(index)]"
      let (key, decision) = try self.decision(item, path: path)
      func refuse(_ problem: BackupProblem) -> BackupReadError {
        .field(path: path, line: item.line, problem: .rule(problem))
      }
      guard let rule = rules.first(where: { $0.id == key.rule }) else {
        throw refuse(.decisionWithoutRule(key))
      }
      guard rule.falls(on: key.date) else { throw refuse(.notAnOccurrence(key)) }
      guard decisions.updateValue(decision, forKey: key) == nil else {
        throw refuse(.duplicateDecision(key))
      }
    }
    try object.finish()
    return RecurringPlan(rules: rules, decisions: decisions, nextRuleNumber: next)
  }

  private func rule(_ item: BackupJSON, path: String) throws(BackupReadError) -> RecurringRule {
    var object = try Members(item, path: path)
    let id = try object.field("id") { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      do throws(BackupProblem) { return try LedgerBackup.ruleID(text) } catch { throw .rule(error) }
    }
    let schedule = try object.field("schedule") { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      do throws(RecurringError) { return try RecurrenceSchedule(text: text) } catch {
        throw .schedule(text)
      }
    }
    let kind = try object.field("kind", Self.kind)
    let amount = try object.amount("amount", currency)
    let category = try object.field("category", Self.category)
    let memo = try object.field("memo", Self.memo)
    let start = try object.day("start")
    let endNode = try object.value("end")
    try object.finish()
    let end = try Members.check(endNode, path + ".end") { () throws(BackupFieldProblem) -> Day? in
      switch endNode.value {
      case .null: return nil
      case .string(let text):
        let day: Day
        do throws(DateInputError) { day = try Day(iso: text) } catch { throw .date(error) }
        guard day >= start else { throw .endBeforeStart }
        return day
      default: throw .wrongType(expected: .textOrNull)
      }
    }
    do {
      return try RecurringRule(
        id: id, schedule: schedule, kind: kind, amount: amount, category: category, memo: memo,
        start: start, end: end)
    } catch let error as FieldInputError {
      throw .field(path: path, line: item.line, problem: .field(error))
    } catch {
      throw .field(path: path + ".end", line: endNode.line, problem: .endBeforeStart)
    }
  }

  private func decision(_ item: BackupJSON, path: String) throws(BackupReadError)
    -> (OccurrenceKey, OccurrenceDecision)
  {
    var object = try Members(item, path: path)
    let rule = try object.field("rule") { value throws(BackupFieldProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: .text) }
      do throws(BackupProblem) { return try LedgerBackup.ruleID(text) } catch { throw .rule(error) }
    }
    let date = try object.day("date")
    let word = try object.text("decision")
    let decision: OccurrenceDecision
    switch word {
    case "confirmed":
      let id = try object.field("entry") { value throws(BackupFieldProblem) in
        guard case .string(let text) = value else { throw .wrongType(expected: .text) }
        do throws(BackupProblem) { return try LedgerBackup.entryID(text) } catch {
          throw .rule(error)
        }
      }
      decision = .confirmed(id)
    case "skipped":
      decision = .skipped
    case "changed":
      let amount = try object.optionalAmount("amount", currency)
      let memo = try object.field("memo") { value throws(BackupFieldProblem) -> String? in
        switch value {
        case .null: return nil
        case .string(let text): return try Self.memo(.string(text))
        default: throw .wrongType(expected: .textOrNull)
        }
      }
      let day = try object.optionalDay("day")
      do throws(FieldInputError) {
        decision = .changed(try OccurrenceChange(amount: amount, memo: memo, day: day))
      } catch {
        throw .field(path: path, line: item.line, problem: .field(error))
      }
    default:
      throw .field(path: path + ".decision", line: item.line, problem: .decision(word))
    }
    try object.finish()
    return (OccurrenceKey(rule: rule, date: date), decision)
  }

  func moods(_ node: BackupJSON) throws(BackupReadError) -> [Day: DayMood] {
    var moods: [Day: DayMood] = [:]
    for (index, item) in try list(node, "moods").enumerated() {
      var object = try Members(item, list: "moods", index: index)
      let day = try object.day("date")
      let mood = try object.field("mood") { value throws(BackupFieldProblem) in
        guard case .string(let text) = value else { throw .wrongType(expected: .text) }
        do throws(MoodError) { return try Mood(parsing: text) } catch { throw .mood(text) }
      }
      let note = try object.field("note") { value throws(BackupFieldProblem) in
        guard case .string(let text) = value else { throw .wrongType(expected: .text) }
        do throws(FieldInputError) { return try MoodRules.note(text) } catch {
          throw .field(error)
        }
      }
      try object.finish()
      guard moods.updateValue(DayMood(mood, note: note), forKey: day) == nil else {
        throw .field(
          path: object.path + ".date", line: item.line, problem: .rule(.duplicateMood(day)))
      }
    }
    return moods
  }

  // MARK: - Single values

  static func kind(_ value: BackupJSON.Value) throws(BackupFieldProblem) -> TransactionKind {
    guard case .string(let text) = value else { throw .wrongType(expected: .text) }
    do throws(FieldInputError) { return try TransactionRules.kind(text) } catch {
      throw .kind(text)
    }
  }

  static func category(_ value: BackupJSON.Value) throws(BackupFieldProblem) -> String {
    guard case .string(let text) = value else { throw .wrongType(expected: .text) }
    do throws(FieldInputError) { return try TransactionRules.category(text) } catch {
      throw .field(error)
    }
  }

  static func memo(_ value: BackupJSON.Value) throws(BackupFieldProblem) -> String {
    guard case .string(let text) = value else { throw .wrongType(expected: .text) }
    do throws(FieldInputError) { return try TransactionRules.memo(text) } catch {
      throw .field(error)
    }
  }

  static func stamp(_ value: BackupJSON.Value) throws(BackupFieldProblem) -> Date {
    guard case .string(let text) = value else { throw .wrongType(expected: .text) }
    guard let date = BackupStamp.date(text) else { throw .stamp(text) }
    return date
  }
}
