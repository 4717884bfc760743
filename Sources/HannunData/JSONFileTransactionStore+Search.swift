import Foundation
import HannunDomain

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
      var scans = SearchScan.run(plan.files, prefilter, query)
      var results = SearchResults()
      results.reserveCapacity(scans.matchCount)
      for step in plan.steps {
        switch step {
        case .cached(let month, let entries):
          results.add(month, entries, where: query.matches)
        case .file(let position):
          let month = plan.files[position].month
          switch scans.take(position) {
          case .gone:
            cache.remove(month)
          case .nothing:
            break
          case .matches(let entries):
            results.add(month, entries, where: { _ in true })
          case .decoded(let entries, let signature):
            cache.store(entries, of: month, signature: signature)
            results.add(month, entries, where: query.matches)
          case .failed(let error):
            throw error
          }
        }
      }
      if let stop = plan.stop { throw stop }
      return results.newestFirst()
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
        guard let signature = try POSIXFiles.signature(ofFileAt: path) else {
          try checkYearFolder(month.year)
          try check(month, signature: nil, in: &read, onlyClashes: true)
          cache.remove(month)
          continue
        }
        guard signature.isRegular else {
          throw .unreadableFile(path: path, reason: .notRegularFile)
        }
        // Checked against the index before the bytes may rule the month out: a month holding
        // an id another month holds too is named whether or not it matches.
        try check(month, signature: signature, in: &read, onlyClashes: true)
        if let cached = cache.transactions(of: month, signature: signature) {
          plan.steps.append(.cached(month, cached))
        } else {
          plan.steps.append(.file(plan.files.count))
          plan.files.append((month, path))
        }
      }
    } catch {
      plan.stop = error
    }
    return plan
  }
}

/// The months a search reads, in order (see ``JSONFileTransactionStore/searchPlan(of:_:)``).
private struct SearchPlan {
  enum Step {
    /// A month the cache holds, with its entries.
    case cached(YearMonth, [Transaction])
    /// A month whose file is scanned: its position in ``files``.
    case file(Int)
  }
  var steps: [Step] = []
  /// The month files to scan, with their paths.
  var files: [(month: YearMonth, path: String)] = []
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

  /// Scans `files` (month files, with their paths) for `query`, whose byte test is `prefilter`.
  static func run(
    _ files: [(month: YearMonth, path: String)], _ prefilter: SearchPrefilter,
    _ query: TransactionQuery
  ) -> SearchScan {
    let count = files.count
    var outcomes = [MonthScan](repeating: .nothing, count: count)
    let workers = workerCount(months: count)
    if workers <= 1 {
      var buffer = ScanBuffer()
      for position in 0..<count {
        outcomes[position] = scan(
          files[position].month, files[position].path, prefilter, query, &buffer)
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
            files[position].month, files[position].path, prefilter, query, &buffer)
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
  static func scan(
    _ month: YearMonth, _ path: String, _ prefilter: SearchPrefilter, _ query: TransactionQuery,
    _ buffer: inout ScanBuffer
  ) -> MonthScan {
    do throws(LedgerError) {
      guard let signature = try buffer.read(path: path) else { return .gone }
      switch buffer.withBytes(prefilter.narrowed) {
      case .nothing:
        return .nothing
      case .records(let header, let kept):
        // The lines as Hannun writes them, read directly; any other way, or an entry that does
        // not pass the checks, through the general reader.
        let direct = buffer.withBytes { bytes in
          SearchRecordLine.entries(of: month, bytes, header: header, records: kept)
        }
        if let direct { return .matches(direct.filter(query.matches)) }
        let document = buffer.withBytes { bytes in
          SearchPrefilter.document(bytes, header: header, kept: kept)
        }
        if let entries = try? MonthDocument.transactions(
          from: Data(document), month: month, path: path)
        {
          return .matches(entries.filter(query.matches))
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
