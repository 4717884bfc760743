import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where each id lives and each month's totals per category, true to a given set of month files.
///
/// An index is either loaded from `ledger/index/` (``backedByDisk``: the catalog is read at once,
/// id shards and totals years when first needed) or built in memory from the month files
/// themselves (everything present). Either way it is used only while ``describes(_:)`` holds for
/// the month files on disk.
struct LedgerIndex {
  struct Month {
    var signature: FileSignature
    /// The ``ContentChecksum`` of the file's bytes, when known: a file whose signature differs
    /// (a copy of the ledger) is still this one when its bytes have this checksum.
    var checksum: UInt64?
    /// Why the month file could not be indexed, or `nil`.
    var problem: LedgerError? {
      get { problemBox?.problem }
      set { problemBox = newValue.map(ProblemBox.init) }
    }
    /// The problem, boxed: a `LedgerError` is over 300 bytes, and a century's catalog holds
    /// 1,200 months, nearly all without one.
    private var problemBox: ProblemBox?

    /// Where the month's line is in ``LedgerIndex/source``, when it was read from there and
    /// not changed since.
    fileprivate(set) var line: Range<Int>?

    init(signature: FileSignature, problem: LedgerError?, checksum: UInt64? = nil) {
      self.signature = signature
      self.problem = problem
      self.checksum = checksum
    }
  }

  /// The bytes of the catalog this index was read from, or `nil` for one built in memory.
  /// ``encodedCatalog()`` copies the lines that did not change instead of formatting them
  /// again: a write changes two or three of a century's 2,000 lines.
  private(set) var source: [UInt8]?

  private final class ProblemBox: Sendable {
    let problem: LedgerError
    init(_ problem: LedgerError) { self.problem = problem }
  }

  /// Every month file, by month.
  var months: [YearMonth: Month] = [:]
  /// Id shards read or built so far.
  var shards: [String: IDShard] = [:]
  /// Totals years read or built so far; a month maps to `nil` when its totals overflow.
  var totals: [Int: [YearMonth: [CategoryTotal]?]] = [:]
  /// The postings files of an index built in memory and not yet recorded, by year (see
  /// ``PostingsYear``); empty for an index read from disk, whose postings are read by a search.
  var builtPostings: [Int: Data] = [:]
  /// Whether shards and totals not in memory are to be read from `ledger/index/`; otherwise they
  /// are empty.
  var backedByDisk: Bool
  /// Whether this index was built in memory and not yet recorded in `ledger/index/`: the next
  /// write records all of it in its own commit.
  var unrecorded = false
  /// Whether this index is the recorded one brought up to date in memory by a reader, for the
  /// month files changed since (``JSONFileTransactionStore/patchedCatalog(_:to:)``): its id
  /// shards on disk are not, so a writer never commits it but rebuilds the index.
  var patchedInMemory = false
  /// The signature of each id shard and totals year written with the catalog, by path relative
  /// to `ledger/`. Those files are committed through the journal but not flushed to disk one by
  /// one (the index is derived data; only month files and `meta.json` are), so after a power cut
  /// one may be older than the catalog, or empty: a file whose signature differs from its record
  /// is not used (a shard is rebuilt, a totals year recomputed). A file with no record was
  /// written, flushed, by an earlier Hannun and is trusted as before.
  var files = IndexFileSignatures()

  /// The name the catalog gives the lines of `changes.log` written after it (see
  /// ``IndexChangeLog``), or `nil` for an index built in memory or a catalog of an earlier
  /// Hannun, which no line follows: the next write then commits the whole index.
  var changesToken: String?
  /// The signature of `changes.log` as read with the catalog (`nil`: there was none).
  var changesSignature: FileSignature?
  /// The totals of the months the change log changed, by month (`nil`: they overflow), for
  /// their years' totals files, which do not have them yet.
  var loggedTotals: [YearMonth: [CategoryTotal]?] = [:]
  /// The ids the change log moved (`nil`: removed), by shard, for the shards' files, which do
  /// not have them yet.
  var loggedIDs: [String: [TransactionID: YearMonth?]] = [:]
  /// The months the change log changed: their postings are made when the whole index is next
  /// committed.
  var loggedMonths: Set<YearMonth> = []
  /// The folders' signatures the change log's writes saw after them, by name (`ledger` or a
  /// year's), newer than `listing.json`'s.
  var loggedFolders: [String: FileSignature] = [:]
  /// How many lines the change log holds, and its bytes.
  var loggedLines = 0
  var loggedBytes = 0
  /// Whether a write may append to the change log: every line of it read whole, and of this
  /// catalog.
  var logAppendable = true

  /// An empty index; `backedByDisk` says whether what is not in memory is on disk.
  init(backedByDisk: Bool) {
    self.backedByDisk = backedByDisk
  }

  /// Whether an index file read from disk is the one this index was committed with: its
  /// signature is the recorded one, or its bytes, when given, have the recorded checksum (a
  /// copy of it). An index patched in memory (``patchedInMemory``) trusts signatures alone: it
  /// answers only for files changed in place, and a copy is rebuilt instead.
  /// - Parameters:
  ///   - relative: Its path relative to `ledger/`.
  ///   - signature: The signature of the file as read.
  ///   - contents: The file's bytes, or `nil` to judge by the signature alone.
  func trusts(_ relative: String, _ signature: FileSignature, contents: Data? = nil) -> Bool {
    guard let recorded = files[relative] else { return true }
    if recorded.matchesStored(signature) { return true }
    guard let contents, let checksum = files.checksum(relative),
      Self.maySameContent(recorded, signature)
    else { return false }
    return ContentChecksum.of(contents) == checksum
  }

  /// Whether the two signatures may be of the same bytes: a copy keeps a file's size and kind,
  /// not its inode (nor, for some tools, its time).
  static func maySameContent(_ recorded: FileSignature, _ now: FileSignature) -> Bool {
    recorded.size == now.size && recorded.isRegular == now.isRegular
  }

  /// Whether the index was made from exactly these month files, as they are now, and records
  /// no problem that does not last (``FileProblem/lasts``): a month that could not be read for
  /// a passing reason is read again rather than remembered as unreadable.
  func describes(_ files: [YearMonth: FileSignature]) -> Bool {
    guard files.count == months.count else { return false }
    for (month, signature) in files {
      guard let known = months[month], known.signature.matchesStored(signature),
        known.problem.map(Self.lasts) ?? true
      else {
        return false
      }
    }
    return true
  }

  /// Whether every problem the index records holds as long as its month's file is unchanged,
  /// so that the index may be trusted without reading those months again.
  var problemsLast: Bool {
    months.values.allSatisfy { $0.problem.map(Self.lasts) ?? true }
  }

  /// Whether a month's recorded problem holds as long as its file is unchanged.
  static func lasts(_ problem: LedgerError) -> Bool {
    guard case .unreadableFile(_, let reason) = problem else { return false }
    return reason.lasts
  }

  /// The months this index lists as read without a problem that are not among `files`: their
  /// files are gone, and so are their entries.
  func missing(from files: [YearMonth: FileSignature]) -> [YearMonth] {
    months.filter { files[$0.key] == nil && $0.value.problem == nil }.keys.sorted()
  }

  /// The error of the earliest month file that could not be indexed.
  var firstProblem: LedgerError? {
    months.filter { $0.value.problem != nil }.min { $0.key < $1.key }?.value.problem
  }

  // MARK: - Building from the month files

  /// Indexes every month: its ids and its totals. A month that cannot be read, or that holds an
  /// id another month holds too, is recorded with its problem and contributes nothing; both
  /// months of such an id are, each naming the other, since neither can be trusted to be the
  /// entry's one home. Each month names the first such id met reading the months in order, each
  /// in file order.
  ///
  /// Only each month's ids and totals are kept while the months are read, one month at a time,
  /// grouped by shard: a million-entry ledger's entries at once would take hundreds of
  /// megabytes. Ids held twice are found by sorting each shard's ids, as the shard must be
  /// anyway, instead of through a dictionary of every id (which, with its hashing and growing,
  /// was a third of a million-entry build).
  static func build(
    from files: [YearMonth: FileSignature], pathOf path: (YearMonth) -> String,
    read: (YearMonth) throws(LedgerError) -> (entries: [Transaction], checksum: UInt64?)
  ) -> LedgerIndex {
    build(from: files, pathOf: path) { month, ids throws(LedgerError) in
      let (entries, checksum) = try read(month)
      for entry in entries { ids.append(entry.id) }
      return (Self.totals(of: month, entries), checksum)
    }
  }

  /// ``build(from:pathOf:read:)`` from what each month file holds for the index, without its
  /// entries: `scan` puts a month's ids, in list order, in the (empty) list it is given and
  /// returns the month's totals (``totals(of:_:)``) and checksum, or throws the month's problem
  /// (whatever ids it put are then dropped). An index build reads each month file once this way,
  /// for ids, totals and postings together (``IndexMonthScan``).
  static func build(
    from files: [YearMonth: FileSignature], pathOf path: (YearMonth) -> String,
    scan: (YearMonth, inout MonthIDs) throws(LedgerError) -> (
      totals: [CategoryTotal]?, checksum: UInt64?
    )
  ) -> LedgerIndex {
    var index = LedgerIndex(backedByDisk: false)
    var readable:
      [(month: YearMonth, signature: FileSignature, totals: [CategoryTotal]?, checksum: UInt64?)] =
        []
    var ids = IndexBuildIDs()
    // Once a sixteenth of the bytes is read, the shards make room for the ids the rest will
    // bring, estimated from the ids per byte so far (see ``IndexBuildIDs/reserve(total:)``).
    let totalBytes = files.values.reduce(Int64(0)) { $0 + max($1.size, 0) }
    var bytesRead: Int64 = 0
    var reserved = false
    var monthIDs = MonthIDs()
    for (month, signature) in files.sorted(by: { $0.key < $1.key }) {
      let totals: [CategoryTotal]?
      let checksum: UInt64?
      monthIDs.removeAll()
      do throws(LedgerError) {
        try signature.requireRegular(at: path(month))
        (totals, checksum) = try scan(month, &monthIDs)
      } catch {
        index.months[month] = Month(signature: signature, problem: error)
        continue
      }
      ids.add(monthIDs, month: Int32(readable.count))
      readable.append((month, signature, totals, checksum))
      bytesRead += max(signature.size, 0)
      if !reserved, bytesRead * 16 >= totalBytes, ids.count >= 16_384 {
        reserved = true
        ids.reserve(total: Int(Double(ids.count) * Double(totalBytes) / Double(bytesRead)))
      }
    }
    // Each id held twice, met at the later month's entry, naming the first month that holds it,
    // in the order the months and their entries were read.
    var met = ids.sortAndFindClashes()
    met.sort { $0.at.place < $1.at.place }
    var clashes: [Int32: (id: TransactionID, other: Int32)] = [:]
    for (at, first) in met {
      let month = ids.month(of: at)
      if clashes[month] == nil { clashes[month] = (ids.id(of: at), first) }
      if clashes[first] == nil { clashes[first] = (ids.id(of: at), month) }
    }
    for (number, (month, signature, totals, checksum)) in readable.enumerated() {
      if let clash = clashes[Int32(number)] {
        let problem = LedgerError.unreadableFile(
          path: path(month),
          reason: .duplicateID(clash.id, alsoIn: path(readable[Int(clash.other)].month)))
        index.months[month] = Month(signature: signature, problem: problem)
        continue
      }
      index.months[month] = Month(signature: signature, problem: nil, checksum: checksum)
      index.totals[month.year, default: [:]][month] = .some(totals)
    }
    let months = readable.map { Array($0.month.iso.utf8) }
    for slot in ids.shards.indices where !ids.shards[slot].isEmpty {
      var shard = IDShard()
      // Room for exactly its lines: a million ids' lines are 20 MB, and growing by doubling
      // could leave half as much again unused.
      var lines = 0
      var bytes = 0
      for entry in ids.shards[slot] where clashes.isEmpty || clashes[ids.month(of: entry)] == nil {
        lines += 1
        bytes += ids.idLength(of: entry) + 9
      }
      shard.reserve(lines: lines, bytes: bytes)
      var name: String?
      for entry in ids.shards[slot] {
        let month = ids.month(of: entry)
        guard clashes.isEmpty || clashes[month] == nil else { continue }
        shard.appendSorted { text in
          ids.appendID(of: entry, to: &text)
          text.append(UInt8(ascii: " "))
          text.append(contentsOf: months[Int(month)])
        }
        if name == nil { name = LedgerLayout.shard(of: ids.id(of: entry)) }
      }
      if let name { index.shards[name] = shard }
      ids.removeShard(slot)
    }
    return index
  }

  /// A month's totals, or `nil` when they overflow: the same as
  /// `MonthCategoryTotals(month:transactions:)`, found without hashing each entry's category.
  ///
  /// An index build totals every month of the ledger, and hashing a category (a Korean one is
  /// normalized scalar by scalar first) was a seventh of a million-entry build. A month has a few
  /// dozen categories at most, so each entry's is looked for among those met so far by its
  /// bytes; categories equal as Unicode text but spelled with other bytes (composed and
  /// decomposed Hangul) are merged afterwards into the first met, as the domain's sum merges
  /// them, keeping the spelling met first.
  static func totals(of month: YearMonth, _ entries: [Transaction]) -> [CategoryTotal]? {
    var sums: [CategoryTotal] = []
    var last = -1
    do throws(LedgerError) {
      for entry in entries where entry.day.yearMonth == month {
        if last < 0 || !Self.sameBytes(sums[last], entry) {
          last = sums.firstIndex { Self.sameBytes($0, entry) } ?? -1
          if last < 0 {
            sums.append(
              CategoryTotal(kind: entry.kind, category: entry.category, amount: .zero, count: 0))
            last = sums.count - 1
          }
        }
        sums[last].amount = try sums[last].amount.adding(Money(entry.amount))
        sums[last].count += 1
      }
    } catch {
      return nil
    }
    return totals(month, merging: sums)
  }

  /// A month's totals from its sums by kind and category bytes, in the order first met (see
  /// ``totals(of:_:)``): categories equal as text but spelled with other bytes are merged into
  /// the first met; `nil` when a sum overflows.
  static func totals(_ month: YearMonth, merging sums: [CategoryTotal]) -> [CategoryTotal]? {
    do throws(LedgerError) {
      var merged: [CategoryTotal] = []
      for total in sums {
        if let same = merged.firstIndex(where: {
          $0.kind == total.kind && $0.category == total.category
        }) {
          merged[same].amount = try merged[same].amount.adding(total.amount)
          merged[same].count += total.count
        } else {
          merged.append(total)
        }
      }
      return MonthCategoryTotals(month: month, totals: merged).totals
    } catch {
      return nil
    }
  }

  /// Whether an entry's kind and category are a total's, category byte for byte.
  private static func sameBytes(_ total: CategoryTotal, _ entry: Transaction) -> Bool {
    total.kind == entry.kind && total.category.utf8.count == entry.category.utf8.count
      && total.category.utf8.elementsEqual(entry.category.utf8)
  }

  // MARK: - Stored form

  /// The index as recorded in `ledger/index/catalog.json`, read straight from its bytes (a
  /// million-entry ledger's catalog has 2,000 lines, and every write reads it); shards and
  /// totals are read later, when needed.
  ///
  /// The catalog lists the month files the index describes, each by its signature: the index is
  /// true to the ledger exactly when every month file on disk is listed with the same signature
  /// and nothing else is. `months` holds one string a month, `"2025-11 INODE SIZE SECONDS
  /// NANOSECONDS REGULAR CHECKSUM"` (REGULAR is 1 for a regular file; CHECKSUM, the file's
  /// ``ContentChecksum``, is absent in a catalog of an earlier Hannun); `problems` says why a
  /// month file could not be indexed, by `YYYY-MM`; `files` gives the signature and checksum
  /// each id shard and totals year had when the catalog was committed with it, by path relative
  /// to `ledger/`, in the same form (those files are not flushed on their own: see ``files``).
  /// A ledger copied with its files intact has new inode numbers:
  /// ``JSONFileTransactionStore/rehomed(_:to:)`` and ``trusts(_:_:contents:)`` judge such
  /// files by their checksums.
  /// - Returns: `nil` when the file is not a catalog of this version (the index is then
  ///   rebuilt from the month files).
  static func catalog(_ data: Data, pathOf path: (YearMonth) -> String) -> LedgerIndex? {
    catalog(bytes: [UInt8](data), pathOf: path)
  }

  /// ``catalog(_:pathOf:)`` of the catalog's bytes, which the index keeps as its ``source``.
  static func catalog(bytes: [UInt8], pathOf path: (YearMonth) -> String) -> LedgerIndex? {
    var files: [(name: Range<Int>, text: Range<Int>)] = []
    var index = bytes.withUnsafeBufferPointer { buffer -> LedgerIndex? in
      var scanner = JSONScanner(buffer)
      return try? catalog(&scanner, pathOf: path, files: &files)
    }
    index?.source = bytes
    index?.files = IndexFileSignatures(source: bytes, listed: files)
    return index
  }

  private static func catalog(
    _ scanner: inout JSONScanner, pathOf path: (YearMonth) -> String,
    files: inout [(name: Range<Int>, text: Range<Int>)]
  ) throws -> LedgerIndex? {
    var index = LedgerIndex(backedByDisk: true)
    var sawMonths = false
    var problems: [String: String] = [:]
    let version = try IndexFileReader.object(&scanner) { key, scanner in
      switch key {
      case "months":
        sawMonths = true
        // No rehashing while the lines are read, and no room for more: Hannun writes each
        // month on a line of its own, while the id shards', totals' and postings' signatures
        // after them (as many bytes again) share one line. Sized by the file's bytes, the
        // table of a century's 1,200 months had 8,192 buckets, 900 KB a read touched page by
        // page.
        index.months.reserveCapacity(
          min(Self.lineBreaks(in: scanner.bytes) + 1, scanner.bytes.count / 48))
        guard try scanner.openArray() else { return true }
        repeat {
          guard let range = try scanner.plainStringRange(),
            let (month, signature, checksum) = monthLine(scanner.bytes.extracting(range))
          else { return false }
          var known = Month(signature: signature, problem: nil, checksum: checksum)
          known.line = range
          index.months[month] = known
        } while try scanner.nextElement()
      case "problems":
        guard try scanner.openObject() else { return true }
        repeat {
          let name = try scanner.text(of: try scanner.memberKey())
          problems[name] = try scanner.string()
        } while try scanner.nextMember()
      case "changes":
        index.changesToken = try scanner.string()
      case "files":
        guard try scanner.openObject() else { return true }
        // Only where each record is: see ``IndexFileSignatures``.
        files.reserveCapacity(scanner.bytes.count / 64)
        repeat {
          guard case .plain(let name) = try scanner.memberKey(),
            let text = try scanner.plainStringRange(),
            IndexFileReader.signature(scanner.bytes.extracting(text)) != nil
          else { return false }
          files.append((name, text))
        } while try scanner.nextMember()
      default:
        try scanner.skipValue(depth: 1)
      }
      return true
    }
    guard version == Int64(supportedSchemaVersion), sawMonths else { return nil }
    for (name, text) in problems {
      guard let month = IndexFileReader.month(name[...]), index.months[month] != nil else {
        continue
      }
      index.months[month]?.problem = .unreadableFile(
        path: path(month), reason: FileProblem(catalogText: text))
    }
    return index
  }

  /// How many line feeds `bytes` holds.
  private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
    return count
  }

  /// A month line's month, signature and checksum: `YYYY-MM` and five or six numbers, each
  /// after one space.
  private static func monthLine(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    YearMonth, FileSignature, UInt64?
  )? {
    guard bytes.count > 8, bytes[7] == UInt8(ascii: " "),
      let month = IndexFileReader.month(utf8: bytes.extracting(0..<7)),
      let (signature, checksum) = IndexFileReader.signatureAndChecksum(bytes.extracting(8...))
    else { return nil }
    return (month, signature, checksum)
  }

  /// The bytes of `catalog.json` recording this index: each month's signature, the problems of
  /// the months that could not be indexed, and the signatures of the index's other files.
  func encodedCatalog() -> Data {
    var output = CatalogBytes(
      capacity: 128 + 56 * months.count + 64 * files.estimatedCount, copying: source != nil)
    output.writer.append("{\"schemaVersion\":")
    output.writer.integer(Int64(supportedSchemaVersion))
    output.writer.append(",\"months\":[")
    var problems: [(String, String)] = []
    // Lines copied from the catalog read are copied a run at a time: the months a write did not
    // change follow each other in the source, with `","` and a newline between them, exactly
    // as they are written here.
    var run: Range<Int>? = nil
    var first = true
    func copyRun() {
      guard let copied = run, let source else { return }
      output.writer.append(first ? "\n\"" : ",\n\"")
      output.copy(source[copied])
      output.writer.append("\"")
      (first, run) = (false, nil)
    }
    for month in months.keys.sorted() {
      guard let known = months[month] else { continue }
      if let line = known.line, let source {
        if let copied = run, line.lowerBound == copied.upperBound + 4,
          source[copied.upperBound..<line.lowerBound].elementsEqual(Self.lineBreak)
        {
          run = copied.lowerBound..<line.upperBound
        } else {
          copyRun()
          run = line
        }
      } else {
        copyRun()
        output.writer.append(first ? "\n\"" : ",\n\"")
        first = false
        output.writer.appendVerbatim(month.iso)
        Self.write(known.signature, checksum: known.checksum, to: &output.writer)
        output.writer.append("\"")
      }
      if case .unreadableFile(_, let reason)? = known.problem {
        problems.append((month.iso, reason.catalogText))
      }
    }
    copyRun()
    output.writer.append("]")
    if !problems.isEmpty {
      output.writer.append(",\"problems\":{")
      for (position, (name, text)) in problems.enumerated() {
        if position > 0 { output.writer.append(",") }
        output.writer.key(name)
        output.writer.string(text)
      }
      output.writer.append("}")
    }
    first = true
    files.forEachRecord(
      unchanged: { name, text in
        output.writer.append(first ? ",\"files\":{\"" : ",\"")
        first = false
        output.copy(name)
        output.writer.append("\" : \"")
        output.copy(text)
        output.writer.append("\"")
      },
      changed: { name, signature, checksum in
        output.writer.append(first ? ",\"files\":{" : ",")
        first = false
        output.writer.key(name)
        output.writer.append("\"")
        Self.write(signature, checksum: checksum, to: &output.writer, spaceFirst: false)
        output.writer.append("\"")
      })
    if !first { output.writer.append("}") }
    if let changesToken {
      output.writer.append(",\"changes\":")
      output.writer.string(changesToken)
    }
    output.writer.append("}\n")
    return output.finished()
  }

  /// What separates two month lines of the catalog: the closing quote, a comma, a newline and
  /// the opening quote.
  private static let lineBreak: [UInt8] = Array("\",\n\"".utf8)

  /// Writes a signature's stored numbers, then the checksum when there is one, separated by
  /// spaces, the first after one too unless `spaceFirst` is off.
  private static func write(
    _ signature: FileSignature, checksum: UInt64?, to writer: inout JSONWriter,
    spaceFirst: Bool = true
  ) {
    for (position, number) in signature.stored.enumerated() {
      if position > 0 || spaceFirst { writer.append(" ") }
      writer.integer(number)
    }
    if let checksum {
      writer.append(" ")
      writer.integer(Int64(checksum))
    }
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

  /// A totals year from its lines, each read by ``totalsLineByBytes(_:)`` or, when that leaves
  /// it, ``totalsLineByCharacters(_:)``. The store reads a totals file with
  /// ``totals(decoding:)``, which makes no string of a line.
  static func totals(_ stored: StoredTotalsYear) throws(StoredRecordProblem) -> [YearMonth:
    [CategoryTotal]?]
  {
    guard stored.schemaVersion == supportedSchemaVersion else {
      throw StoredRecordProblem.index("totals version \(stored.schemaVersion)")
    }
    var year: [YearMonth: [CategoryTotal]?] = [:]
    for line in stored.totals {
      let read: TotalsLine
      if let byBytes = totalsLineByBytes(line) {
        read = byBytes
      } else {
        read = try totalsLineByCharacters(line)
      }
      switch read {
      case .overflow(let month):
        year[month] = .some(nil)
      case .total(let month, let total):
        var totals = (year[month] ?? []) ?? []
        totals.append(total)
        year[month] = .some(totals)
      }
    }
    return year
  }
}

/// The catalog's bytes as they are made: long runs copied from the catalog read go straight into
/// the `Data` the commit writes, the text between them through a ``JSONWriter``, so that the
/// catalog (about 120 KB at a million entries) is not copied again once made.
private struct CatalogBytes {
  /// The bytes so far, but for ``writer``'s.
  private var data: Data
  /// The text written since the last run copied.
  var writer: JSONWriter
  /// The shortest run copied straight into ``data``; shorter ones go through ``writer``.
  private static let shortestRun = 256

  /// Empty, with room for `capacity` bytes; `copying`: most of them will be copied runs.
  init(capacity: Int, copying: Bool) {
    data = Data(capacity: capacity)
    writer = JSONWriter(capacity: copying ? Self.shortestRun : capacity)
  }

  /// Appends bytes that are already valid JSON text.
  mutating func copy(_ bytes: ArraySlice<UInt8>) {
    guard bytes.count >= Self.shortestRun else {
      writer.appendBytes(bytes)
      return
    }
    flush()
    bytes.withUnsafeBufferPointer { data.append($0) }
  }

  /// All the bytes.
  consuming func finished() -> Data {
    flush()
    return data
  }

  /// Moves ``writer``'s text into ``data``.
  private mutating func flush() {
    guard !writer.bytes.isEmpty else { return }
    data.append(contentsOf: writer.bytes)
    writer = JSONWriter(capacity: Self.shortestRun)
  }
}
