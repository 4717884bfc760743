import Dispatch
import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONFileTransactionStore {
  // MARK: - Search

  /// Reads the month files of the query's days, holding the shared lock, and decodes only those
  /// that may hold a match: a month in the cache is filtered as it is, a file whose bytes do
  /// not contain the text looked for (``SearchPrefilter``) is skipped undecoded, and of a file
  /// laid out as Hannun writes it only the lines that may match (their text, kind, day and
  /// amount read from their bytes) are decoded. So any search over a million entries costs about
  /// a read of the files, not a decoding of them.
  ///
  /// The files are read and narrowed on every core at once (``SearchScan``): the months are
  /// first checked against the index in order, as a read of them one by one would check them,
  /// then scanned side by side, and their matches and problems taken in month order, so the
  /// answer and the error thrown are those of a scan of one month after the other.
  ///
  /// A damaged month file or record that cannot match is skipped like any other; the calendar,
  /// a search that decodes it and every write to it still report it. A month holding an id
  /// another month holds too, or gone although the last write recorded it, is named whatever
  /// the text (see ``check(_:signature:in:onlyClashes:)``).
  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    let prefilter = SearchPrefilter(query)
    return try await reading { () throws(LedgerError) in
      var (read, months) = try startCheckedRead(overlapping: query.days)
      let plan = try searchPlan(of: months, &read)
      let candidates = postedLines(of: plan.files, query, index: read.index)
      var scans = SearchScan.run(plan.files, prefilter, query, candidates: candidates)
      // Each month's entries, and whether they are still to be matched (a month the cache
      // answered, or a file decoded whole), oldest month first.
      var found: [(month: YearMonth, entries: [Transaction], matched: Bool)] = []
      found.reserveCapacity(plan.steps.count)
      for step in plan.steps {
        switch step {
        case .cached(let month, let entries):
          found.append((month, entries, false))
        case .file(let position):
          let month = plan.files[position].month
          switch scans.take(position) {
          case .gone:
            cache.remove(month)
          case .nothing:
            break
          case .matches(let entries):
            found.append((month, entries, true))
          case .decoded(let entries, let signature):
            cache.store(entries, of: month, signature: signature)
            found.append((month, entries, false))
          case .failed(let error):
            throw error
          }
        }
      }
      if let stop = plan.stop { throw stop }
      return SearchResults.newestFirst(&found, where: query.matches)
    }
  }

  /// What a search reads, month by month in order, after checking each month against the
  /// index: the months the cache answers, the files to scan, and the check that failed, if one
  /// did (the months after it are not looked at, as a read one by one would not reach them).
  private func searchPlan(of months: [YearMonth], _ read: inout CheckedRead)
    throws(LedgerError) -> SearchPlan
  {
    var plan = SearchPlan()
    do throws(LedgerError) {
      for month in months {
        let path = layout.monthPath(month)
        guard let signature = try POSIXFiles.signature(ofLedgerFileAt: path) else {
          try checkYearFolder(month.year)
          try checkNotMisplaced(month)
          try check(month, signature: nil, in: &read, onlyClashes: true)
          cache.remove(month)
          continue
        }
        try signature.requireRegular(at: path)
        // Checked against the index before the bytes may rule the month out: a month holding
        // an id another month holds too is named whether or not it matches.
        try check(month, signature: signature, in: &read, onlyClashes: true)
        if let cached = cache.transactions(of: month, signature: signature) {
          plan.steps.append(.cached(month, cached))
        } else {
          plan.steps.append(.file(plan.files.count))
          plan.files.append((month, path, signature))
        }
      }
    } catch {
      plan.stop = error
    }
    return plan
  }

  /// For a search by category, the record lines of each file that are in the category, by the
  /// index's postings (``MonthPostings``): `nil` for a file without postings that describe it
  /// as it is now (it is narrowed by its bytes, as without postings), an empty list for a month
  /// without the category (it is not read). `nil` for every file of a search without a
  /// category, and of a year whose postings file is missing, damaged, or not the one the
  /// catalog was committed with.
  private func postedLines(of files: [SearchFile], _ query: TransactionQuery, index: LedgerIndex)
    -> [[UInt32]?]
  {
    var lines = [[UInt32]?](repeating: nil, count: files.count)
    guard let folded = query.foldedCategory, !index.unrecorded, !index.patchedInMemory else {
      return lines
    }
    // The files are in month order: one year's postings at a time.
    var year: (number: Int, postings: PostingsYear?)?
    var verdicts: [[UInt8]: Bool] = [:]
    for (position, file) in files.enumerated() {
      if year?.number != file.month.year {
        year = (file.month.year, postingsYear(file.month.year, index: index))
      }
      guard let postings = year?.postings,
        postings.months[file.month]?.describe(file.signature, month: file.month, index: index)
          == true
      else { continue }
      lines[position] = postings.offsets(of: file.month) { name in
        if let known = verdicts[Array(name)] { return known }
        let verdict = MonthPostings.category(name, mayBe: folded)
        verdicts[Array(name)] = verdict
        return verdict
      }
    }
    return lines
  }

  /// The postings of `year` recorded in the index, or none when its file is missing, does not
  /// read whole, or is not the one the catalog was committed with.
  private func postingsYear(_ year: Int, index: LedgerIndex) -> PostingsYear? {
    let relative = LedgerLayout.postingsFile(year)
    guard index.files[relative] != nil,
      let file = try? POSIXFiles.read(path: layout.path(relative)),
      index.trusts(relative, file.signature, contents: file.data)
    else { return nil }
    return PostingsYear(file.data, year: year)
  }
}

/// A month file a search scans: its month, its path, and its signature when it was checked
/// against the index.
typealias SearchFile = (month: YearMonth, path: String, signature: FileSignature)

/// The months a search reads, in order (see ``JSONFileTransactionStore/searchPlan(of:_:)``).
private struct SearchPlan {
  enum Step {
    /// A month the cache holds, with its entries.
    case cached(YearMonth, [Transaction])
    /// A month whose file is scanned: its position in ``files``.
    case file(Int)
  }
  var steps: [Step] = []
  /// The month files to scan, with their paths and their signatures when checked.
  var files: [SearchFile] = []
  /// The problem the check of the month after the last step found, thrown once the months
  /// before it are taken.
  var stop: LedgerError?
}

/// What a search found in one month file.
enum MonthScan {
  /// The file is no longer there.
  case gone
  /// No entry of the file can match.
  case nothing
  /// The entries that match, decoded from their own lines, in list order (see
  /// ``SearchResults``).
  case matches([Transaction])
  /// Every entry of the file, decoded whole from the version with this signature (for the
  /// month cache).
  case decoded([Transaction], FileSignature)
  /// The file cannot be read, or its lines that may match do not decode and neither does the
  /// whole file.
  case failed(LedgerError)
}

/// The scan of a search's month files, side by side on the machine's cores: each file read into
/// its worker's own buffer, narrowed to the lines that may match (``SearchPrefilter``) and those
/// decoded. Each month's outcome is kept at its place, for the store to take in month order.
struct SearchScan {
  private var outcomes: [MonthScan]

  /// How many months a search scans before it uses more than one core: below that, starting
  /// the workers costs more than they save.
  static let parallelThreshold = 32

  /// How many matches the outcomes hold (not counting the months decoded whole).
  var matchCount: Int {
    outcomes.reduce(0) { count, outcome in
      if case .matches(let entries) = outcome { return count + entries.count }
      return count
    }
  }

  /// Scans `files` for `query`, whose byte test is `prefilter`; `candidates`, when given, holds
  /// for each file the offsets of the only record lines that may match, or `nil` for a file to
  /// narrow by its bytes.
  static func run(
    _ files: [SearchFile], _ prefilter: SearchPrefilter, _ query: TransactionQuery,
    candidates: [[UInt32]?] = []
  ) -> SearchScan {
    let count = files.count
    var outcomes = [MonthScan](repeating: .nothing, count: count)
    let workers = workerCount(months: count)
    if workers <= 1 {
      var buffer = ScanBuffer()
      for position in 0..<count {
        outcomes[position] = scan(
          files[position], position < candidates.count ? candidates[position] : nil, prefilter,
          query, &buffer)
      }
      return SearchScan(outcomes: outcomes)
    }
    outcomes.withUnsafeMutableBufferPointer { slots in
      // Each worker writes only the slots of its own positions (every `workers`-th, from its
      // number), so no slot is written by two threads, and all are written before
      // `concurrentPerform` returns.
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var buffer = ScanBuffer()
        var position = worker
        while position < count {
          slots[position] = scan(
            files[position], position < candidates.count ? candidates[position] : nil,
            prefilter, query, &buffer)
          position += workers
        }
      }
    }
    return SearchScan(outcomes: outcomes)
  }

  /// How many workers scan `months` month files: one per core, at most four, and one for a
  /// search of few months.
  static func workerCount(months: Int) -> Int {
    guard months >= parallelThreshold else { return 1 }
    return max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
  }

  /// The outcome of the month at `position`, handed over: its entries are not kept here too.
  mutating func take(_ position: Int) -> MonthScan {
    let outcome = outcomes[position]
    outcomes[position] = .nothing
    return outcome
  }

  /// What a search finds in the month file at `path`: nothing when its bytes rule every entry
  /// out, the matches among the lines that may match (read by ``SearchRecordLine`` when written as
  /// Hannun writes them), or, when those lines cannot be told apart or do not decode on their
  /// own, the whole file decoded (whose problem, if any, is the one reported).
  ///
  /// With `candidates` (the record lines the index's postings give for the file's signature
  /// when it was checked), a file without any is not read, and only those lines are narrowed;
  /// a file whose signature is no longer that one, or whose lines are not where the postings
  /// say, is narrowed whole.
  static func scan(
    _ file: SearchFile, _ candidates: [UInt32]?, _ prefilter: SearchPrefilter,
    _ query: TransactionQuery, _ buffer: inout ScanBuffer
  ) -> MonthScan {
    let (month, path) = (file.month, file.path)
    if let candidates, candidates.isEmpty { return .nothing }
    do throws(LedgerError) {
      guard let signature = try buffer.read(ledgerFile: path) else { return .gone }
      var narrowing: SearchPrefilter.Narrowing?
      if let candidates, signature.matchesStored(file.signature) {
        narrowing = buffer.withBytes { prefilter.narrowed($0, lines: candidates) }
      }
      switch narrowing ?? buffer.withBytes(prefilter.narrowed) {
      case .nothing:
        return .nothing
      case .records(let header, let kept):
        // The lines as Hannun writes them, read directly; any other way, or an entry that does
        // not pass the checks, through the general reader.
        let direct = buffer.withBytes { bytes in
          SearchRecordLine.entries(of: month, bytes, header: header, records: kept)
        }
        if var direct {
          var last: (category: String, same: Bool)?
          direct.removeAll { !prefilter.matches($0, query, &last) }
          return .matches(direct)
        }
        let document = buffer.withBytes { bytes in
          SearchPrefilter.document(bytes, header: header, kept: kept)
        }
        if var entries = try? MonthDocument.transactions(
          from: Data(document), month: month, path: path)
        {
          entries.removeAll { !query.matches($0) }
          return .matches(entries)
        }
      case .whole:
        break
      }
      let entries = try MonthDocument.transactions(from: buffer.data, month: month, path: path)
      return .decoded(entries, signature)
    } catch {
      return .failed(error)
    }
  }
}
