import Foundation
import HannunDomain

/// Where each id lives and each month's totals per category, true to a given set of month files.
///
/// An index is either loaded from `ledger/index/` (``backedByDisk``: the catalog is read at once,
/// id shards and totals years when first needed) or built in memory from the month files
/// themselves (everything present). Either way it is used only while ``describes(_:)`` holds for
/// the month files on disk.
struct LedgerIndex {
  struct Month {
    var signature: FileSignature
    /// Why the month file could not be indexed, or `nil`.
    var problem: LedgerError?
    /// The month's line in `catalog.json`, as read or last written.
    var catalogLine: String?

    init(signature: FileSignature, problem: LedgerError?, catalogLine: String? = nil) {
      self.signature = signature
      self.problem = problem
      self.catalogLine = catalogLine
    }
  }

  /// Every month file, by month.
  var months: [YearMonth: Month] = [:]
  /// Id shards read or built so far.
  var shards: [String: IDShard] = [:]
  /// Totals years read or built so far; a month maps to `nil` when its totals overflow.
  var totals: [Int: [YearMonth: [CategoryTotal]?]] = [:]
  /// Whether shards and totals not in memory are to be read from `ledger/index/`; otherwise they
  /// are empty.
  var backedByDisk: Bool
  /// Whether this index was built in memory and not yet recorded in `ledger/index/`: the next
  /// write records all of it in its own commit.
  var unrecorded = false
  /// The signature of each id shard and totals year written with the catalog, by path relative
  /// to `ledger/`. Those files are committed through the journal but not flushed to disk one by
  /// one (the index is derived data; only month files and `meta.json` are), so after a power cut
  /// one may be older than the catalog, or empty: a file whose signature differs from its record
  /// is not used (a shard is rebuilt, a totals year recomputed). A file with no record was
  /// written, flushed, by an earlier Hannun and is trusted as before.
  var files: [String: FileSignature] = [:]
  /// The lines of ``files`` as read from the catalog, reused while a file keeps its signature:
  /// a write then formats only what changed.
  private var fileLines: [String: (signature: FileSignature, line: String)] = [:]

  /// An empty index; `backedByDisk` says whether what is not in memory is on disk.
  init(backedByDisk: Bool) {
    self.backedByDisk = backedByDisk
  }

  /// Whether an index file read from disk is the one this index was committed with.
  /// - Parameters:
  ///   - relative: Its path relative to `ledger/`.
  ///   - signature: The signature of the file as read.
  func trusts(_ relative: String, _ signature: FileSignature) -> Bool {
    guard let recorded = files[relative] else { return true }
    return recorded.stored == signature.stored
  }

  /// Whether the index was made from exactly these month files, as they are now.
  func describes(_ files: [YearMonth: FileSignature]) -> Bool {
    guard files.count == months.count else { return false }
    for (month, signature) in files where months[month]?.signature.stored != signature.stored {
      return false
    }
    return true
  }

  /// The error of the earliest month file that could not be indexed.
  var firstProblem: LedgerError? {
    months.filter { $0.value.problem != nil }.min { $0.key < $1.key }?.value.problem
  }

  // MARK: - Building from the month files

  /// Indexes every month: its ids and its totals. A month that cannot be read, or that holds an
  /// id an earlier month holds too, is recorded with its problem and contributes nothing.
  static func build(
    from files: [YearMonth: FileSignature], pathOf path: (YearMonth) -> String,
    read: (YearMonth) throws(LedgerError) -> [Transaction]
  ) -> LedgerIndex {
    var index = LedgerIndex(backedByDisk: false)
    var owner: [TransactionID: YearMonth] = [:]
    var shardEntries: [String: [(id: TransactionID, month: YearMonth)]] = [:]
    for (month, signature) in files.sorted(by: { $0.key < $1.key }) {
      let entries: [Transaction]
      do throws(LedgerError) {
        guard signature.isRegular else {
          throw .unreadableFile(path: path(month), reason: .notRegularFile)
        }
        entries = try read(month)
      } catch {
        index.months[month] = Month(signature: signature, problem: error)
        continue
      }
      if let clash = entries.first(where: { owner[$0.id] != nil }), let other = owner[clash.id] {
        let problem = LedgerError.unreadableFile(
          path: path(month), reason: .duplicateID(clash.id, alsoIn: path(other)))
        index.months[month] = Month(signature: signature, problem: problem)
        continue
      }
      for entry in entries {
        owner[entry.id] = month
        shardEntries[LedgerLayout.shard(of: entry.id), default: []].append((entry.id, month))
      }
      index.months[month] = Month(signature: signature, problem: nil)
      index.totals[month.year, default: [:]][month] = Self.totals(of: month, entries)
    }
    for (name, entries) in shardEntries { index.shards[name] = IDShard(unordered: entries) }
    return index
  }

  /// A month's totals, or `nil` when they overflow.
  static func totals(of month: YearMonth, _ entries: [Transaction]) -> [CategoryTotal]? {
    (try? MonthCategoryTotals(month: month, transactions: entries))?.totals
  }

  // MARK: - Stored form

  /// The index as recorded in `catalog.json`; shards and totals are read later, when needed.
  init(catalog: StoredCatalog, pathOf path: (YearMonth) -> String) throws(StoredRecordProblem) {
    backedByDisk = true
    guard catalog.schemaVersion == supportedSchemaVersion else {
      throw StoredRecordProblem(reason: "catalog version \(catalog.schemaVersion)")
    }
    for (relative, line) in catalog.files ?? [:] {
      guard let numbers = IndexFileReader.integers(line.utf8.dropFirst(0)),
        let signature = FileSignature(stored: numbers)
      else { throw StoredRecordProblem(reason: "catalog file entry '\(relative)'") }
      files[relative] = signature
      fileLines[relative] = (signature, line)
    }
    months.reserveCapacity(catalog.months.count)
    for line in catalog.months {
      guard let month = IndexFileReader.month(line.prefix(7)),
        let numbers = IndexFileReader.integers(line.utf8.dropFirst(7)),
        let signature = FileSignature(stored: numbers)
      else {
        throw StoredRecordProblem(reason: "catalog entry '\(line)'")
      }
      months[month] = Month(
        signature: signature,
        problem: catalog.problems?[month.iso].map {
          .unreadableFile(path: path(month), reason: FileProblem(catalogText: $0))
        },
        catalogLine: line
      )
    }
  }

  /// The catalog recording this index's months.
  var storedCatalog: StoredCatalog {
    var lines: [String] = []
    var problems: [String: String] = [:]
    lines.reserveCapacity(months.count)
    for month in months.keys.sorted() {
      guard let known = months[month] else { continue }
      lines.append(known.catalogLine ?? month.iso + " " + Self.line(of: known.signature))
      if case .unreadableFile(_, let reason)? = known.problem {
        problems[month.iso] = reason.catalogText
      }
    }
    return StoredCatalog(
      schemaVersion: supportedSchemaVersion, months: lines,
      problems: problems.isEmpty ? nil : problems,
      files: files.isEmpty
        ? nil
        : files.reduce(into: [:]) { lines, file in
          let cached = fileLines[file.key]
          lines[file.key] =
            cached?.signature.stored == file.value.stored
            ? cached?.line : Self.line(of: file.value)
        })
  }

  /// A signature in the catalog's form: its stored numbers separated by spaces.
  private static func line(of signature: FileSignature) -> String {
    signature.stored.map(String.init).joined(separator: " ")
  }

  /// A totals year as stored.
  static func storedTotals(_ year: [YearMonth: [CategoryTotal]?]) -> StoredTotalsYear {
    var lines: [String] = []
    for (month, totals) in year.sorted(by: { $0.key < $1.key }) {
      guard let totals else {
        lines.append(month.iso + " overflow")
        continue
      }
      for total in totals {
        lines.append(
          "\(month.iso) \(total.kind.rawValue) \(total.amount.minorUnits) \(total.count) "
            + total.category)
      }
    }
    return StoredTotalsYear(schemaVersion: supportedSchemaVersion, totals: lines)
  }

  /// A totals year read from disk.
  static func totals(_ stored: StoredTotalsYear) throws(StoredRecordProblem) -> [YearMonth:
    [CategoryTotal]?]
  {
    guard stored.schemaVersion == supportedSchemaVersion else {
      throw StoredRecordProblem(reason: "totals version \(stored.schemaVersion)")
    }
    var year: [YearMonth: [CategoryTotal]?] = [:]
    for line in stored.totals {
      let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
      guard let month = IndexFileReader.month(fields[0]) else {
        throw StoredRecordProblem(reason: "totals entry '\(line)'")
      }
      if fields.count == 2 && fields[1] == "overflow" {
        year[month] = .some(nil)
        continue
      }
      guard fields.count == 5, let kind = TransactionKind(rawValue: String(fields[1])),
        let amount = Int64(fields[2]), amount >= 0, let count = Int(fields[3]), count > 0,
        !fields[4].isEmpty
      else { throw StoredRecordProblem(reason: "totals entry '\(line)'") }
      let total = CategoryTotal(
        kind: kind, category: String(fields[4]), amount: Money(minorUnits: amount), count: count)
      var totals = (year[month] ?? []) ?? []
      totals.append(total)
      year[month] = .some(totals)
    }
    return year
  }
}
