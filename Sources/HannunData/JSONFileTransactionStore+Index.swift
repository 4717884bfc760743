import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - The index

/// What the month files looked like when they were last listed, cheaply: the signatures of the
/// folders holding them and of the catalog.
struct ListingStamp: Equatable {
  var years: [Int]
  var folders: [FileSignature?]
  var catalog: FileSignature?
  /// The signature of `index/changes.log` (``IndexChangeLog``), which a write appends to
  /// instead of replacing the catalog; not recorded in `listing.json`, whose reader takes the
  /// one read with the catalog.
  var changes: FileSignature? = nil

  /// `ledger/index/listing.json`: one line per folder, `"NAME DEVICE INODE SIZE SECONDS
  /// NANOSECONDS"` (NAME is `ledger`, a year, or `catalog`; `-` for a signature that is absent).
  func encoded() -> Data {
    func line(_ name: String, _ signature: FileSignature?) -> String {
      guard let signature else { return name + " -" }
      return [
        name, String(signature.device), String(signature.inode), String(signature.size),
        String(signature.modifiedSeconds), String(signature.modifiedNanoseconds),
      ].joined(separator: " ")
    }
    let names = ["ledger"] + years.map(LedgerLayout.yearName)
    let lines =
      zip(names, folders).map { line($0, $1) } + [line("catalog", catalog)]
    return IndexFileWriter.encode(schemaVersion: 1, list: "folders", lines)
  }
}

extension ListingStamp {
  /// The stamp `listing.json` holds, or `nil` when it is not one. Read from its bytes, as the
  /// catalog is: every write reads it, and making strings of its hundred lines took longer than
  /// looking at the hundred folders.
  init?(decoding data: Data) {
    let read = data.withUnsafeBytes { raw -> ListingStamp? in
      var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
      return try? Self.stamp(&scanner)
    }
    guard let read else { return nil }
    self = read
  }

  private static func stamp(_ scanner: inout JSONScanner) throws -> ListingStamp? {
    var lines: [Range<Int>]?
    let version = try IndexFileReader.object(&scanner) { key, scanner in
      guard key == "folders" else {
        try scanner.skipValue(depth: 1)
        return true
      }
      var found: [Range<Int>] = []
      if try scanner.openArray() {
        repeat {
          guard let range = try scanner.plainStringRange() else { return false }
          found.append(range)
        } while try scanner.nextElement()
      }
      lines = found
      return true
    }
    guard version == 1, let lines, lines.count >= 2 else { return nil }
    var years: [Int] = []
    var folders: [FileSignature?] = []
    var catalog: FileSignature??
    for (position, range) in lines.enumerated() {
      let line = scanner.bytes.extracting(range)
      guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
      let name = line.extracting(line.startIndex..<space)
      let rest = line.extracting((space + 1)..<line.endIndex)
      let isCatalog = name.elementsEqual("catalog".utf8)
      var signature: FileSignature?
      if !rest.elementsEqual("-".utf8) {
        guard let numbers = IndexFileReader.integers(rest), numbers.count == 5 else { return nil }
        signature = FileSignature(
          device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]),
          size: numbers[2], modifiedSeconds: numbers[3], modifiedNanoseconds: numbers[4],
          isRegular: isCatalog, isDirectory: !isCatalog)
      }
      if position == 0 {
        guard name.elementsEqual("ledger".utf8) else { return nil }
        folders.append(signature)
      } else if position == lines.count - 1 {
        guard isCatalog else { return nil }
        catalog = .some(signature)
      } else {
        guard let year = LedgerLayout.year(fromDirectoryName: String(decoding: name, as: UTF8.self))
        else { return nil }
        years.append(year)
        folders.append(signature)
      }
    }
    guard let catalog else { return nil }
    return ListingStamp(years: years, folders: folders, catalog: catalog)
  }

  /// The part of the stamp that covers the ledger folder, the catalog and the folders of those
  /// of `years` it lists.
  func restricted(to years: Set<Int>) -> ListingStamp {
    var part = ListingStamp(
      years: [], folders: [folders.first ?? nil], catalog: catalog, changes: changes)
    for (year, folder) in zip(self.years, folders.dropFirst()) where years.contains(year) {
      part.years.append(year)
      part.folders.append(folder)
    }
    return part
  }
}

extension JSONFileTransactionStore {
  /// The index, true to the month files as they are now: the one in memory, else the one in
  /// `ledger/index/`, else one built from the month files (and, for a writer, recorded).
  ///
  /// Checking the month files costs a `stat` of each (about 1,200 for a century). Unless
  /// `checkingFiles` asks for that, the ledger and year folders and the catalog are checked
  /// instead when they were last seen — in this process, or by the last writer, which records
  /// them in `index/listing.json` after its commit — with the month files matching the catalog:
  /// a file renamed into place (by any Hannun) changes its folder, and a Hannun of this version
  /// also replaces the catalog. A month file edited in place by hand changes no folder: a writer
  /// compares the months it writes with the catalog (``checkMonths(_:index:)``), a lookup that
  /// misses checks every file, and so do totals, which drop the record when it was wrong.
  ///
  /// A command that names the years it reads or writes (`years`) looks at those years' folders
  /// only, besides the ledger folder and the catalog, and trusts the catalog for the others: a
  /// century of year folders was most of a write's `stat` calls. What it does not look at is
  /// left as the last look found it: the listing recorded after a write keeps, for a folder not
  /// looked at, the signature it was last checked at, so the next command that touches that
  /// year finds the change; a read of every month checks every file. A year the command comes
  /// to only later (an entry found by its id in another year) is looked at then
  /// (``confirmYears(_:)``).
  /// - Parameter years: The years the command touches; `nil` for every year.
  func currentIndex(
    forWriting: Bool, checkingFiles: Bool = false, years touched: Set<Int>? = nil
  ) throws(LedgerError) -> LedgerIndex {
    // An index a reader patched in memory is never a writer's (see its shards): the writer
    // checks every file, since the patch was for files the recorded index does not describe.
    var checkingFiles = checkingFiles
    var preloaded: LedgerIndex?
    if forWriting, index?.patchedInMemory == true {
      index = nil
      listingStamp = nil
      checkingFiles = true
    }
    if !checkingFiles {
      if let index, let stamp = listingStamp, holds(stamp, years: touched), index.problemsLast {
        indexTrustedOnStamp = true
        yearsTrusted = touched
        return index
      }
      // The catalog is read first: the change log read with it records the folders the
      // writes since the listing changed.
      if index == nil { preloaded = loadCatalog() }
      if index == nil, let loaded = preloaded, let recorded = recordedListing(after: loaded),
        holds(recorded, years: touched),
        Set(loaded.months.keys.map(\.year)) == Set(recorded.years), loaded.problemsLast
      {
        index = loaded
        listingStamp = recorded
        indexTrustedOnStamp = true
        yearsTrusted = touched
        return loaded
      }
    }
    indexTrustedOnStamp = false
    yearsTrusted = nil
    // The listing is recorded only with an index checked against it: one that named damage is
    // not trusted on its folders next time.
    listingStamp = nil
    let files = try monthFiles(removingLeftovers: forWriting)
    let stamp = currentListingStamp(years: Set(files.keys.map(\.year)).sorted())
    if let index, index.describes(files) {
      listingStamp = stamp
      return index
    }
    let loaded = preloaded ?? loadCatalog()
    if let loaded, loaded.describes(files) {
      index = loaded
      listingStamp = stamp
      return loaded
    }
    // A month file the last write recorded is gone: its entries are lost, not none.
    if let loaded, let gone = loaded.missing(from: files).first {
      // A reader still reads the months beside it; a writer would record the index without
      // it, accepting the loss, so it refuses.
      guard !forWriting, let patched = try withLostMonths(loaded, files: files) else {
        throw lostMonth(gone)
      }
      index = patched
      listingStamp = stamp
      return patched
    }
    // A ledger copied with its files intact: the same bytes under new inode numbers.
    if let loaded, let rehomed = rehomed(loaded, to: files) {
      index = rehomed
      listingStamp = stamp
      return rehomed
    }
    // A reader reads again only the month files changed since the last write, when they are
    // few, instead of every file (a writer rebuilds the index and records it).
    if !forWriting, let loaded, let patched = try patchedCatalog(loaded, to: files) {
      index = patched
      listingStamp = stamp
      return patched
    }
    // The recorded listing stays: it is only a hint (a read checks each month it reads against
    // the index, a lookup that misses checks every file), and a reader writes nothing.
    let rebuilt = try rebuildIndex(files)
    listingStamp = stamp
    return rebuilt
  }

  /// The problem of a month file the index lists as read whole, which is gone.
  private func lostMonth(_ month: YearMonth) -> LedgerError {
    .unreadableFile(
      path: layout.monthPath(month), reason: .missingMonthFile(indexFolder: layout.indexDirectory))
  }

  /// The recorded index brought up to date for a reader when month files it lists are gone:
  /// the other months as ``rehomed(_:to:)`` (a copy of the ledger) or
  /// ``patchedCatalog(_:to:)`` makes them, and each lost month kept with its loss as its
  /// problem, so that a read of it, of a span over it, of an id it held, or of every month
  /// names the loss, while a read of another month answers. Like any patched index it is never
  /// committed: a writer refuses instead. `nil` when the catalog can be neither rehomed nor
  /// patched (many changes besides): the caller then names the loss for every read.
  /// - Parameters:
  ///   - recorded: The index read from the catalog.
  ///   - files: Every month file now, with its signature.
  private func withLostMonths(_ recorded: LedgerIndex, files: [YearMonth: FileSignature])
    throws(LedgerError) -> LedgerIndex?
  {
    let lost = recorded.missing(from: files)
    var others = recorded
    for month in lost { others.months[month] = nil }
    var patched: LedgerIndex
    if let copied = rehomed(others, to: files) {
      patched = copied
    } else if let changed = try patchedCatalog(recorded, to: files) {
      patched = changed
    } else {
      return nil
    }
    for month in lost {
      guard let known = recorded.months[month] else { continue }
      patched.months[month] = LedgerIndex.Month(
        signature: known.signature, problem: lostMonth(month), checksum: known.checksum)
    }
    patched.patchedInMemory = true
    return patched
  }

  /// The recorded index, its month files judged by content: each month file whose signature is
  /// not the recorded one (a ledger copied with `cp -a`, restored or synced has new inode
  /// numbers, and may have new times) but whose size is, and whose bytes have the recorded
  /// ``ContentChecksum``, is the file the index describes, under its new signature (written
  /// into the catalog by the next write). `nil` when any month file is not listed, is gone, has
  /// other bytes or no recorded checksum, or was recorded with a problem: the index is then
  /// patched or rebuilt as before.
  /// - Parameters:
  ///   - recorded: The index read from the catalog, which does not describe `files`.
  ///   - files: Every month file now, with its signature.
  func rehomed(_ recorded: LedgerIndex, to files: [YearMonth: FileSignature]) -> LedgerIndex? {
    guard files.count == recorded.months.count, recorded.problemsLast else { return nil }
    var index = recorded
    var buffer = ScanBuffer()
    for (month, signature) in files {
      guard let known = recorded.months[month] else { return nil }
      if known.signature.matchesStored(signature) { continue }
      guard known.problem == nil, let checksum = known.checksum,
        LedgerIndex.maySameContent(known.signature, signature),
        let read = try? buffer.read(ledgerFile: layout.monthPath(month)),
        read.matchesStored(signature),
        buffer.withBytes(ContentChecksum.of) == checksum
      else { return nil }
      index.months[month] = LedgerIndex.Month(
        signature: signature, problem: nil, checksum: checksum)
    }
    // The new signatures are the catalog's to record: the next write commits the whole index
    // rather than a line of the change log, which records only the months it writes.
    index.logAppendable = false
    return index
  }

  /// Whether the folders of the ledger, of the catalog and of `years` (every year of the stamp
  /// when `nil`) are as `stamp` records them.
  private func holds(_ stamp: ListingStamp, years: Set<Int>?) -> Bool {
    guard let years else { return stamp == currentListingStamp(years: stamp.years) }
    let part = stamp.restricted(to: years)
    return part == currentListingStamp(years: part.years)
  }

  /// Looks at the folders of those of `years` not looked at yet, when the index was trusted on
  /// the folders of some years only (``currentIndex(forWriting:checkingFiles:years:)``).
  /// - Returns: `false` when one is not as the listing records it: the caller then checks
  ///   every month file.
  func confirmYears(_ years: some Sequence<Int>) -> Bool {
    guard indexTrustedOnStamp, let trusted = yearsTrusted else { return true }
    let unseen = Set(years).subtracting(trusted)
    guard !unseen.isEmpty else { return true }
    guard let stamp = listingStamp else { return false }
    let part = stamp.restricted(to: unseen)
    let now = POSIXFiles.signatures(
      inDirectory: layout.ledgerDirectory, of: part.years.map(LedgerLayout.yearName))
    guard now.names == Array(part.folders.dropFirst()) else { return false }
    yearsTrusted = trusted.union(unseen)
    return true
  }

  /// Whether each month file of `months` the index lists still has the signature it records
  /// (one `stat` a file, relative to its open year folder): a file edited in place changes no
  /// folder. A file added or removed changes its year's folder, which the index was trusted on.
  func catalogedFilesHold(_ index: LedgerIndex, in months: ClosedRange<YearMonth>) -> Bool {
    var byYear: [Int: [YearMonth]] = [:]
    for month in index.months.keys where months.contains(month) {
      byYear[month.year, default: []].append(month)
    }
    for (year, listed) in byYear {
      let now = POSIXFiles.signatures(
        inDirectory: layout.yearDirectory(year), of: listed.map { $0.iso + ".json" })
      for (month, signature) in zip(listed, now.names)
      where signature?.stored != index.months[month]?.signature.stored {
        return false
      }
    }
    return true
  }

  /// Makes sure the index describes the files of `months` as they are now, when it was trusted
  /// on its folders: a month file edited in place by hand changes no folder. When one does not
  /// match, or the folder of its year is not as the listing records it, every month file is
  /// checked (and the index rebuilt if need be).
  func checkMonths(_ months: [YearMonth], index: inout LedgerIndex) throws(LedgerError) {
    guard indexTrustedOnStamp else { return }
    guard confirmYears(months.map(\.year)) else {
      listingStamp = nil
      index = try currentIndex(forWriting: true, checkingFiles: true)
      return
    }
    for month in months {
      let now = try POSIXFiles.signature(ofLedgerFileAt: layout.monthPath(month))
      if now?.stored != index.months[month]?.signature.stored {
        listingStamp = nil
        index = try currentIndex(forWriting: true, checkingFiles: true)
        return
      }
    }
  }

  /// The listing the last writer recorded, as the next process reads it with the catalog and
  /// the change log (``recordedListing(after:)``), or `nil`.
  func recordedListingWithLog() -> ListingStamp? {
    loadCatalog().flatMap(recordedListing(after:))
  }

  /// The listing the last writer recorded, or `nil`: `listing.json`, which the last write that
  /// committed the whole index wrote, with the folders the change log's writes saw after them
  /// (``LedgerIndex/loggedFolders``), and the change log as read with the catalog.
  /// - Parameter loaded: The index read from the catalog and the change log.
  private func recordedListing(after loaded: LedgerIndex) -> ListingStamp? {
    guard let file = try? POSIXFiles.read(path: layout.path(LedgerLayout.listingFile)),
      var stamp = ListingStamp(decoding: file.data)
    else { return nil }
    stamp.changes = loaded.changesSignature
    for (name, signature) in loaded.loggedFolders {
      if name == "ledger" {
        stamp.folders[0] = signature
      } else if let year = LedgerLayout.year(fromDirectoryName: name) {
        if let position = stamp.years.firstIndex(of: year) {
          stamp.folders[position + 1] = signature
        } else {
          let position = stamp.years.firstIndex { $0 > year } ?? stamp.years.count
          stamp.years.insert(year, at: position)
          stamp.folders.insert(signature, at: position + 1)
        }
      }
    }
    return stamp
  }

  /// Records the listing for the next process, under the exclusive lock. It is only a hint (a
  /// lost or stale one makes the next process check every file), so it is not flushed to disk.
  ///
  /// The new file is written in `pending/` and renamed into place, so that one a killed writer
  /// left half-written is removed with the other pending files by the next writer.
  func recordListing(_ stamp: ListingStamp) {
    // Right after a commit, `index/` and `pending/` are there (the commit wrote in both): the
    // file is written straight away, and the folders are looked at only when that fails.
    if writeListing(stamp) { return }
    guard POSIXFiles.exists(layout.indexDirectory),
      (try? POSIXFiles.createDirectories(atPath: layout.pendingDirectory)) != nil
    else { return }
    writeListing(stamp)
  }

  /// Writes the listing through `pending/`; `false` when it could not be written.
  @discardableResult
  private func writeListing(_ stamp: ListingStamp) -> Bool {
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporary = POSIXFiles.join(layout.pendingDirectory, "listing-\(random).json")
    let path = layout.path(LedgerLayout.listingFile)
    do {
      _ = try POSIXFiles.createFile(
        stamp.encoded(), atPath: temporary, reportingAs: path, flushing: false)
      try POSIXFiles.rename(temporary, over: path)
      return true
    } catch {
      unlink(temporary)
      return false
    }
  }

  /// The listing after a commit, under the exclusive lock: the one checked before the commit
  /// (``currentIndex(forWriting:checkingFiles:)`` made sure it was current, under the same
  /// lock) with the ledger folder, the catalog and the year folders the commit wrote in looked
  /// at again — no other folder can have changed. Every folder is looked at when there is no
  /// such listing. A century of year folders is a hundred `stat` calls saved on every write.
  /// - Parameters:
  ///   - written: The years whose folders the commit changed.
  ///   - years: The years of the month files now.
  func listingStamp(afterWritingIn written: Set<Int>, years: [Int]) -> ListingStamp {
    guard let before = listingStamp, before.folders.count == before.years.count + 1 else {
      return currentListingStamp(years: years)
    }
    var known: [Int: FileSignature?] = [:]
    for (year, folder) in zip(before.years, before.folders.dropFirst()) { known[year] = folder }
    let again = years.filter { written.contains($0) || known[$0] == nil }
    let now = POSIXFiles.signatures(
      inDirectory: layout.ledgerDirectory,
      of: again.map(LedgerLayout.yearName) + [LedgerLayout.catalogFile, LedgerLayout.changesFile])
    var looked: [Int: FileSignature?] = [:]
    for (year, folder) in zip(again, now.names) { looked[year] = folder }
    let folders = years.map { year in looked[year] ?? known[year] ?? nil }
    return ListingStamp(
      years: years, folders: [now.directory] + folders, catalog: now.names.dropLast().last ?? nil,
      changes: now.names.last ?? nil)
  }

  /// The signatures of the ledger folder, the given year folders, the catalog and the change
  /// log, now.
  func currentListingStamp(years: [Int]) -> ListingStamp {
    let now = POSIXFiles.signatures(
      inDirectory: layout.ledgerDirectory,
      of: years.map(LedgerLayout.yearName) + [LedgerLayout.catalogFile, LedgerLayout.changesFile])
    return ListingStamp(
      years: years, folders: [now.directory] + now.names.dropLast(2),
      catalog: now.names.dropLast().last ?? nil, changes: now.names.last ?? nil)
  }

  /// Builds the index from the month files. It is marked ``LedgerIndex/unrecorded``, so the next
  /// write's commit records it in full (and nothing is written if that write fails); a reader
  /// records it after its read when the writers' lock is free (``recordIndexBuiltByRead()``).
  @discardableResult
  func rebuildIndex(_ files: [YearMonth: FileSignature]) throws(LedgerError)
    -> LedgerIndex
  {
    indexBuilds += 1
    // Every file is read into one buffer, and its entries are not kept in the month cache: a
    // build streams the ledger month by month, holding one month's bytes and entries at a time
    // (a fresh buffer per file cost a page fault per 4 KB of the whole ledger, and the cache 48
    // months of entries the command seldom reads again).
    var buffer = ScanBuffer()
    // Each year's postings are encoded once its last month is read (2 bytes a record or so).
    var postings = PostingsBuild()
    // Each file is read once, for its ids, totals and postings together, without decoding its
    // entries; one that is not laid out as Hannun writes it, or that fails a check, is decoded.
    var scanner = IndexMonthScan()
    var built = LedgerIndex.build(from: files, pathOf: layout.monthPath) {
      month, ids throws(LedgerError) in
      let path = layout.monthPath(month)
      guard let signature = try buffer.read(ledgerFile: path) else {
        return (LedgerIndex.totals(of: month, []), nil)
      }
      monthFilesDecoded += 1
      let read = buffer.withBytes {
        bytes -> Result<(totals: [CategoryTotal]?, checksum: UInt64?), LedgerError> in
        if let found = scanner.scan(bytes, of: month, into: &ids) {
          let checksum = ContentChecksum.of(bytes)
          postings.add(
            month,
            MonthPostings(signature: signature, checksum: checksum, categories: found.postings))
          return .success((found.totals, checksum))
        }
        indexBuildMonthsDecoded += 1
        // A view of the buffer, not a copy: the decoded entries keep nothing of it.
        let data =
          bytes.baseAddress.map {
            Data(
              bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count,
              deallocator: .none)
          } ?? Data()
        do throws(LedgerError) {
          let entries = try MonthDocument.transactions(from: data, month: month, path: path)
          let checksum = ContentChecksum.of(bytes)
          postings.add(
            month,
            MonthPostings.make(of: month, bytes, signature: signature, checksum: checksum))
          for entry in entries { ids.append(entry.id) }
          return .success((LedgerIndex.totals(of: month, entries), checksum))
        } catch {
          return .failure(error)
        }
      }
      return try read.get()
    }
    built.builtPostings = postings.finished()
    built.unrecorded = true
    index = built
    return built
  }

  /// Stages the whole index (every shard and totals year, and the removal of index files it no
  /// longer has), for an index built in memory.
  private func stageWholeIndex(_ built: inout LedgerIndex, _ commit: inout LedgerCommit)
    throws(LedgerError)
  {
    built.files = IndexFileSignatures()
    for (name, ids) in built.shards where !ids.isEmpty {
      let relative = LedgerLayout.idShardFile(name)
      let data = ids.encoded()
      built.files.record(
        relative, try commit.write(data, to: relative, flushing: false), contents: data)
    }
    for (year, months) in built.totals where !months.isEmpty {
      let relative = LedgerLayout.totalsFile(year)
      let data = LedgerIndex.storedTotals(months).encoded()
      built.files.record(
        relative, try commit.write(data, to: relative, flushing: false), contents: data)
    }
    for (year, data) in built.builtPostings {
      let relative = LedgerLayout.postingsFile(year)
      built.files.record(
        relative, try commit.write(data, to: relative, flushing: false), contents: data)
    }
    for name
      in (try? POSIXFiles.contentsOfDirectory(
        atPath: layout.path(LedgerLayout.postingsDirectory))) ?? []
    where name.hasSuffix(".bin") && !name.hasPrefix(".") {
      let stem = String(name.dropLast(4))
      if !built.builtPostings.keys.contains(where: { LedgerLayout.yearName($0) == stem }) {
        commit.remove(LedgerLayout.postingsDirectory + "/" + name)
      }
    }
    for folder in [LedgerLayout.idsDirectory, LedgerLayout.totalsDirectory] {
      for name in (try? POSIXFiles.contentsOfDirectory(atPath: layout.path(folder))) ?? []
      where name.hasSuffix(".json") && !name.hasPrefix(".") {
        let stem = String(name.dropLast(5))
        let kept =
          folder == LedgerLayout.idsDirectory
          ? !(built.shards[stem]?.isEmpty ?? true)
          : built.totals.contains { LedgerLayout.yearName($0.key) == stem && !$0.value.isEmpty }
        if !kept { commit.remove(folder + "/" + name) }
      }
    }
  }

  /// The index recorded in `ledger/index/catalog.json`, or `nil` when there is none or it
  /// cannot be read (it is then rebuilt).
  private func loadCatalog() -> LedgerIndex? {
    // Read into the array the index keeps as its source: no second copy of 150 KB.
    let path = layout.path(LedgerLayout.catalogFile)
    guard let bytes = try? POSIXFiles.readBytes(path: path),
      var index = LedgerIndex.catalog(bytes: bytes, pathOf: layout.monthPath)
    else { return nil }
    // The writes since the catalog, a line each; a log that cannot be read is as good as a
    // torn one: the next write commits the whole index.
    do throws(LedgerError) {
      let log = try POSIXFiles.read(path: layout.path(LedgerLayout.changesFile))
      index.fold(changes: log.map { ([UInt8]($0.data), $0.signature) })
    } catch {
      index.logAppendable = false
    }
    return index
  }

  /// The stored entry with this id, or `nil`.
  /// - Throws: The problem of an unreadable month file when the id is not found elsewhere.
  ///
  /// When the index was trusted on its folders' signatures alone (see
  /// ``currentIndex(forWriting:)``) and does not lead to the entry, the month files are checked
  /// one by one and it is asked again: a month file edited in place by hand changes no folder.
  func storedEntry(_ id: TransactionID, index: inout LedgerIndex, forWriting: Bool)
    throws(LedgerError) -> Transaction?
  {
    // The entry's year folder is looked at once the index says which year holds it.
    if let found = try lookUp(id, index: &index, forWriting: forWriting),
      confirmYears([found.day.year])
    {
      return found
    }
    guard indexTrustedOnStamp else { return nil }
    listingStamp = nil
    index = try currentIndex(forWriting: forWriting)
    return try lookUp(id, index: &index, forWriting: forWriting)
  }

  private func lookUp(_ id: TransactionID, index: inout LedgerIndex, forWriting: Bool)
    throws(LedgerError) -> Transaction?
  {
    guard let month = try monthOf(id, in: &index, forWriting: forWriting) else {
      if let problem = index.firstProblem { throw problem }
      return nil
    }
    if let problem = index.months[month]?.problem { throw problem }
    if let found = try entryWithoutDecoding(id, in: month, index: index) { return found }
    return try loadMonth(month)?.transactions.first { $0.id == id }
  }

  /// The month whose file holds `id`, by the index.
  func monthOf(_ id: TransactionID, in index: inout LedgerIndex, forWriting: Bool)
    throws(LedgerError) -> YearMonth?
  {
    try shard(LedgerLayout.shard(of: id), in: &index, forWriting: forWriting)[id]
  }

  /// One id shard: from memory, else from its file. A damaged shard file means the index cannot
  /// be trusted: it is rebuilt from the month files.
  func shard(_ name: String, in index: inout LedgerIndex, forWriting: Bool) throws(LedgerError)
    -> IDShard
  {
    if let known = index.shards[name] { return known }
    guard index.backedByDisk else { return IDShard() }
    let path = layout.path(LedgerLayout.idShardFile(name))
    do {
      guard let file = try POSIXFiles.read(path: path) else {
        // A shard the catalog was committed with is gone (a rename lost in a power cut).
        guard index.files[LedgerLayout.idShardFile(name)] == nil else {
          throw StoredRecordProblem.index("id shard \(name) missing")
        }
        let ids = index.withLoggedIDs(name, IDShard())
        index.shards[name] = ids
        return ids
      }
      guard index.trusts(LedgerLayout.idShardFile(name), file.signature, contents: file.data),
        let read = try IDShard.decoding(file.data)
      else { throw StoredRecordProblem.index("id shard \(name)") }
      let ids = index.withLoggedIDs(name, read)
      index.shards[name] = ids
      self.index = index
      return ids
    } catch {
      index = try rebuildIndex(try monthFiles(removingLeftovers: forWriting))
      return index.shards[name] ?? IDShard()
    }
  }

  /// The names of the shards that exist.
  func shardNames(of index: LedgerIndex) throws(LedgerError) -> [String] {
    guard index.backedByDisk else { return Array(index.shards.keys) }
    let names = try POSIXFiles.contentsOfDirectory(atPath: layout.path(LedgerLayout.idsDirectory))
    let stored = (names ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(5)) }
    // A shard the change log started has no file yet.
    return Array(Set(stored).union(index.loggedIDs.keys)).sorted()
  }

  /// One year's totals: from memory, else from its file; a damaged file is treated as absent
  /// (its months are then computed from their files).
  func totalsYear(_ year: Int, in index: inout LedgerIndex) throws(LedgerError) -> [YearMonth:
    [CategoryTotal]?]
  {
    if let known = index.totals[year] { return known }
    guard index.backedByDisk else { return [:] }
    let path = layout.path(LedgerLayout.totalsFile(year))
    let relative = LedgerLayout.totalsFile(year)
    let stored = (try? POSIXFiles.read(path: path)).flatMap {
      file -> [YearMonth: [CategoryTotal]?]? in
      // A totals year that is not the one the catalog was committed with is not used.
      guard index.trusts(relative, file.signature, contents: file.data) else { return nil }
      return LedgerIndex.totals(decoding: file.data)
    }
    let totals = index.withLoggedTotals(year, stored ?? [:])
    index.totals[year] = totals
    return totals
  }

  // MARK: - Committing a write

  /// The records of a month about to be written: its file must read correctly.
  func documentForWriting(_ month: YearMonth, index: LedgerIndex) throws(LedgerError)
    -> MonthDocument
  {
    if let problem = index.months[month]?.problem { throw problem }
    let path = layout.monthPath(month)
    guard let file = try POSIXFiles.read(ledgerFile: path) else {
      return MonthDocument(month: month)
    }
    return try MonthDocument(decoding: file.data, month: month, path: path)
  }

  /// Commits new contents for some months, with `meta.json` when the ledger has none yet, the
  /// id shards of the ids that moved (`nil`: removed), the totals of the months' years, and the
  /// catalog, all at once. The caches follow only once the commit is in place.
  /// - Parameters:
  ///   - documents: The months' new records; an empty month's file is removed.
  ///   - ids: The ids that were added, moved (their new month) or removed (`nil`).
  ///   - index: The index the write was planned on; it follows the commit.
  ///   - otherFiles: Other documents of the ledger (relative to `ledger/`, outside `index/` and
  ///     the year folders) that change in the same commit: new contents, or `nil` to remove.
  func commit(
    _ documents: [MonthDocument], ids: [TransactionID: YearMonth?], index: inout LedgerIndex,
    otherFiles: [String: Data?] = [:]
  ) throws(LedgerError) {
    try commit(
      changes: documents.map(MonthFileChange.init), ids: ids, index: &index,
      otherFiles: otherFiles)
  }

  /// Commits new contents for some months (see ``commit(_:ids:index:otherFiles:)``), each
  /// given as its bytes and totals: a whole document, or a file spliced by ``MonthRecordMap``.
  /// `idsByShard` gives more ids already grouped by their shard (a restore's, so that they
  /// are never held twice), and `addedByShard` new ids as their shards' lines (an import's:
  /// ``LedgerError/duplicateTransaction(_:)`` when one is given twice).
  func commit(
    changes: [MonthFileChange], ids: [TransactionID: YearMonth?], index: inout LedgerIndex,
    otherFiles: [String: Data?] = [:], idsByShard: [String: [TransactionID: YearMonth?]] = [:],
    addedByShard: [String: IDShard.Additions] = [:]
  ) throws(LedgerError) {
    // The year folders this commit renames into are looked at again by the next version read,
    // which then notes this write's own version before the file system's watch reports it.
    defer { yearFoldersVersion.moved() }
    // The store lets go of its copy of the index while the write changes it, so that the
    // changes are made in place, not on a copy of every month's record (1,200 of them at a
    // million entries: the largest part of an edit's own work); it is set again once the commit
    // is in place, and stays `nil` when the write fails, as below.
    self.index = nil
    var commit = LedgerCommit(layout: layout)
    var written: [(month: YearMonth, entries: [Transaction]?, signature: FileSignature?)] = []
    // Each changed month's new postings (`nil`: none), made from its new bytes.
    var posted: [YearMonth: MonthPostings?] = [:]
    // The index's changes as one line of the change log, when the write appends one instead of
    // committing the whole index (see ``IndexChangeLog``).
    var line: IndexChangeLog.Line?
    var createsLedger = false
    do throws(LedgerError) {
      createsLedger = try stageMetadata(&commit, index: index)
      if commit.isEmpty, takesLogLine(changes, index: index), otherFiles.isEmpty,
        idsByShard.isEmpty, addedByShard.isEmpty
      {
        line = try stageLogged(changes, ids: ids, &commit, &written)
      } else {
        try stageWhole(
          changes, ids: ids, index: &index, otherFiles: otherFiles, idsByShard: idsByShard,
          addedByShard: addedByShard, &commit, &written, &posted)
      }
    } catch {
      commit.abandon()
      self.index = nil
      throw error
    }
    do throws(LedgerError) {
      try commit.commit()
    } catch {
      self.index = nil
      cache = MonthCache(capacity: cache.capacity)
      throw error
    }
    if createsLedger { wroteFirstMetadata = true }
    let writtenYears = Set(changes.map(\.month.year))
    if var line {
      // The write happened; its line follows, with the folders it changed as they are now.
      var stamp = listingStamp(
        afterWritingIn: writtenYears,
        years: Set(index.months.keys.map(\.year)).union(writtenYears).sorted())
      // (A folder that could not be looked at is left out: the next process then finds the
      // listing not holding, and checks every month file.)
      if let ledger = stamp.folders.first, let ledger { line.folders.append(("ledger", ledger)) }
      for (year, folder) in zip(stamp.years, stamp.folders.dropFirst())
      where writtenYears.contains(year) {
        if let folder { line.folders.append((LedgerLayout.yearName(year), folder)) }
      }
      index.apply(line)
      let data = IndexChangeLog.encoded(line, token: index.changesToken ?? "")
      do throws(LedgerError) {
        let signature = try POSIXFiles.append(
          data, toPath: layout.path(LedgerLayout.changesFile))
        index.loggedLines += 1
        index.loggedBytes += data.count
        index.changesSignature = signature
        stamp.changes = signature
      } catch {
        // The next process finds the catalog and the log not describing the month file, and
        // builds the index again; this one commits the whole index at its next write.
        index.logAppendable = false
        stamp.changes = currentListingStamp(years: []).changes
      }
      self.index = index
      listingStamp = stamp
    } else {
      self.index = index
      // The index now describes exactly the files just committed, under the lock.
      let stamp = listingStamp(
        afterWritingIn: writtenYears, years: Set(index.months.keys.map(\.year)).sorted())
      listingStamp = stamp
      recordListing(stamp)
    }
    for (month, entries, signature) in written {
      if let signature, let entries {
        cache.store(entries, of: month, signature: signature)
      } else {
        cache.remove(month)
      }
    }
  }

  /// Whether a write of `changes` appends a line to the change log instead of committing the
  /// whole index: one or two month files written (an add, an edit, a delete that leaves
  /// entries, a move), none removed or staged, on the recorded index trusted on its folders —
  /// whose listing plus the log's folders is what the next process compares.
  private func takesLogLine(_ changes: [MonthFileChange], index: LedgerIndex) -> Bool {
    index.takesLogLine && indexTrustedOnStamp && (1...2).contains(changes.count)
      && changes.allSatisfy { $0.staged == nil && $0.contents != nil }
  }

  /// Stages the month files of a write whose index changes go to the change log, and returns
  /// its line (without the folders, which are looked at once the files are in place).
  private func stageLogged(
    _ changes: [MonthFileChange], ids: [TransactionID: YearMonth?], _ commit: inout LedgerCommit,
    _ written: inout [(month: YearMonth, entries: [Transaction]?, signature: FileSignature?)]
  ) throws(LedgerError) -> IndexChangeLog.Line {
    var line = IndexChangeLog.Line()
    for change in changes {
      guard let contents = change.contents else { continue }
      let month = change.month
      // One pass over the new bytes: the change log's checksum and the journal's (when the
      // write has one) are both made from it. A spliced file is hashed and written from its
      // runs, never put together.
      let hash = contents.xxh64()
      let signature = try commit.write(
        contents, to: LedgerLayout.monthFile(month), hash: hash, replacing: change.current)
      line.months.append((month, signature, ContentChecksum.of(xxh64: hash)))
      line.totals.updateValue(change.totals, forKey: month)
      written.append((month, change.entries, signature))
    }
    for (id, month) in ids.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      line.ids.append((id, month))
    }
    return line
  }

  /// Stages one id shard's new file, or its removal when it holds no id.
  private func stage(
    shard: IDShard, named name: String, index: inout LedgerIndex, _ commit: inout LedgerCommit
  ) throws(LedgerError) {
    let relative = LedgerLayout.idShardFile(name)
    if shard.isEmpty {
      commit.remove(relative)
      index.files[relative] = nil
    } else {
      let data = shard.encoded()
      index.files.record(
        relative, try commit.write(data, to: relative, flushing: false), contents: data)
    }
  }

  /// Stages a write with the whole index: its month files, the totals years and id shards it
  /// changes, with those the change log changed since the catalog, the postings of all their
  /// months, and a new catalog, which the change log no longer follows (it is removed).
  private func stageWhole(
    _ changes: [MonthFileChange], ids: [TransactionID: YearMonth?], index: inout LedgerIndex,
    otherFiles: [String: Data?], idsByShard: [String: [TransactionID: YearMonth?]],
    addedByShard: [String: IDShard.Additions], _ commit: inout LedgerCommit,
    _ written: inout [(month: YearMonth, entries: [Transaction]?, signature: FileSignature?)],
    _ posted: inout [YearMonth: MonthPostings?]
  ) throws(LedgerError) {
    for (relative, data) in otherFiles.sorted(by: { $0.key < $1.key }) {
      if let data { _ = try commit.write(data, to: relative) } else { commit.remove(relative) }
    }
    var years: Set<Int> = []
    for change in changes {
      let month = change.month
      let file = LedgerLayout.monthFile(month)
      var year = try totalsYear(month.year, in: &index)
      if let staged = change.staged {
        let bytes = try POSIXFiles.read(path: staged.path)?.data
        let signature = try commit.adopt(staged, as: file)
        posted[month] = bytes.flatMap { MonthPostings.make(month, $0, signature) }
        index.months[month] = LedgerIndex.Month(signature: signature, problem: nil)
        written.append((month, nil, signature))
        year[month] = .some(change.totals)
      } else if let contents = change.contents {
        let hash = contents.xxh64()
        let signature = try commit.write(
          contents, to: file, hash: hash, replacing: change.current)
        let checksum = ContentChecksum.of(xxh64: hash)
        index.months[month] = LedgerIndex.Month(
          signature: signature, problem: nil, checksum: checksum)
        // The postings read the new file in one buffer (a write that commits the whole index,
        // one in sixteen or so, puts a spliced file together here).
        posted[month] = MonthPostings.make(
          month, contents.assembled(), signature, checksum: checksum)
        written.append((month, change.entries, signature))
        year[month] = .some(change.totals)
      } else {
        commit.remove(file)
        posted[month] = .some(nil)
        index.months[month] = nil
        written.append((month, [], nil))
        year[month] = nil
      }
      index.totals[month.year] = year
      years.insert(month.year)
    }
    var byShard = idsByShard
    for (id, month) in ids {
      byShard[LedgerLayout.shard(of: id), default: [:]].updateValue(month, forKey: id)
    }
    // What the change log changed since the catalog goes into the files now written: its
    // months' totals years, postings and the shards of its ids (read with the log's changes).
    for month in index.loggedMonths where posted[month] == nil && index.months[month] != nil {
      _ = try totalsYear(month.year, in: &index)
      years.insert(month.year)
      let path = layout.monthPath(month)
      if let file = try? POSIXFiles.read(ledgerFile: path) {
        posted[month] = MonthPostings.make(month, file.data, file.signature)
      }
    }
    for name in addedByShard.keys where byShard[name] == nil { byShard[name] = [:] }
    for name in index.loggedIDs.keys where byShard[name] == nil { byShard[name] = [:] }
    // The shards an import adds to are merged, staged and let go one at a time, when the index
    // is on disk to read them from again: a million new ids beside a million stored ones were
    // otherwise held twice over at the commit (the shards read, then merged).
    var stagedShards: Set<String> = []
    for name in byShard.keys.sorted() {
      var shard = try self.shard(name, in: &index, forWriting: true)
      shard.update(byShard[name] ?? [:])
      guard let added = addedByShard[name] else {
        index.shards[name] = shard
        continue
      }
      try shard.merge(added)
      if index.backedByDisk, !index.unrecorded {
        try stage(shard: shard, named: name, index: &index, &commit)
        index.shards[name] = nil
        stagedShards.insert(name)
      } else {
        index.shards[name] = shard
      }
    }
    // A shard read from its file above left the store a copy again.
    self.index = nil
    if index.unrecorded {
      // The whole index, with this write's years and shards: each file staged once.
      try stageWholeIndex(&index, &commit)
      index.unrecorded = false
    } else {
      for year in years.sorted() {
        let relative = LedgerLayout.totalsFile(year)
        let months = index.totals[year] ?? [:]
        if months.isEmpty {
          commit.remove(relative)
          index.files[relative] = nil
        } else {
          let data = LedgerIndex.storedTotals(months).encoded()
          index.files.record(
            relative, try commit.write(data, to: relative, flushing: false), contents: data)
        }
      }
      for name in byShard.keys.sorted() where !stagedShards.contains(name) {
        try stage(shard: index.shards[name] ?? IDShard(), named: name, index: &index, &commit)
      }
    }
    try stagePostings(posted, &index, &commit)
    // A new catalog starts a new change log: the old one's lines name the old catalog, and it
    // is removed with the files it changed now written.
    if index.changesSignature != nil || !index.logAppendable || index.changesToken == nil {
      commit.remove(LedgerLayout.changesFile)
    }
    index.forgetLog()
    index.changesToken = IndexChangeLog.newToken()
    // The catalog is not flushed either: a catalog lost or emptied by a power cut does not
    // parse, or does not describe the month files, and the index is rebuilt from them.
    _ = try commit.write(
      index.encodedCatalog(), to: LedgerLayout.catalogFile, flushing: false)
  }

  /// Stages `meta.json` when the ledger has none: only for a ledger without month files,
  /// budgets, rules or moods, since a missing `meta.json` beside them means their currency is
  /// unknown.
  /// - Returns: Whether it was staged: this write creates the ledger.
  private func stageMetadata(_ commit: inout LedgerCommit, index: LedgerIndex)
    throws(LedgerError) -> Bool
  {
    if let file = try POSIXFiles.read(ledgerFile: layout.metadataPath) {
      // Read from its bytes as the store's opening read it: the decoder's first use in the
      // process cost a write about 0.15 ms.
      let metadata: StoredMetadata
      if let plain = StoredMetadata.plain(file.data) {
        metadata = plain
      } else {
        metadata = try LedgerCodec.decode(
          StoredMetadata.self, from: file.data, path: layout.metadataPath)
      }
      guard metadata.currency == currency.code else {
        throw .currencyMismatch(ledger: metadata.currency, requested: currency.code)
      }
      return false
    }
    guard index.months.isEmpty, !Self.hasLedgerDocuments(layout) else {
      throw Self.missingMetadata(layout)
    }
    let data = try LedgerCodec.encode(StoredMetadata(currency: currency), path: layout.metadataPath)
    _ = try commit.write(data, to: "meta.json")
    return true
  }
}
