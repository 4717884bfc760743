import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A read of a few months whose files are decoded outside the store's actor.
///
/// What needs the store — the shared lock, the index and its checks, the month cache, the
/// files' bytes — is done on the actor, as a read of the months one by one does it; the
/// decoding of the files not in the cache, most of a read's cost, is done after the lock is let
/// go, off the actor, each file on a task of its own. So the actor is busy for a read of the
/// bytes only, and many reads at once (a server's pages) decode side by side on every core
/// instead of one after the other. The bytes were read under the lock, so what is decoded is the
/// ledger as it was then, as a read one by one would see it; the month cache keeps each month
/// under the signature of the version read, so a month written meanwhile is not answered from
/// it later.
extension JSONFileTransactionStore {
  /// The most months a read decodes outside the actor: a longer read keeps one month's bytes at
  /// a time (``storedTransactions(in:)``) rather than every file's at once.
  static let outsideDecodeLimit = 12

  /// A month of a read: its entries from the cache, or its file's bytes to decode.
  enum MonthBytes: Sendable {
    /// The month has no file.
    case none
    /// The cache's entries for the month's file as it is.
    case cached([Transaction])
    /// The bytes of the month's file, with the signature of the version read.
    case file(Data, FileSignature)
  }

  /// What a read of months found under the lock: each month's bytes or entries, in order, and
  /// the problem that stopped it, if one did (thrown once the months before it are decoded, as a
  /// read one by one would meet it).
  struct MonthsRead: Sendable {
    var months: [(month: YearMonth, bytes: MonthBytes)] = []
    var stop: LedgerError?
  }

  /// The entries of `days` (at most ``outsideDecodeLimit`` months), their files decoded outside
  /// the actor; the same entries, checks and first error as ``storedTransactions(in:)``.
  func transactionsDecodedOutside(in days: ClosedRange<Day>) async throws(LedgerError)
    -> [Transaction]
  {
    let read = try await reading { () throws(LedgerError) in try monthBytes(overlapping: days) }
    let decoded = await Self.decode(read.months, layout: layout)
    var result: [Transaction] = []
    for (position, (month, bytes)) in read.months.enumerated() {
      let entries: [Transaction]
      switch bytes {
      case .none: continue
      case .cached(let kept): entries = kept
      case .file(_, let signature):
        switch decoded[position] {
        case .success(let read)?:
          cache.store(read, of: month, signature: signature)
          entries = read
        case .failure(let error)?:
          throw error
        case nil:
          continue
        }
      }
      if days.contains(month.firstDay) && days.contains(month.lastDay) {
        // A whole month first is its decoded array itself, not a copy of each entry.
        if result.isEmpty { result = entries } else { result += entries }
      } else {
        result += entries.filter { days.contains($0.day) }
      }
    }
    if let stop = read.stop { throw stop }
    return result
  }

  /// The months of `days`, each checked against the index in order, with the cache's entries
  /// or the bytes of its file; run under the lock. Each month is what ``loadChecked(_:in:)``
  /// would load, its file not decoded yet: a month whose file cannot be read stops the read
  /// there, and one the check names is kept with its bytes and stops the read after it (its
  /// file's own problem, found by decoding it, comes first).
  func monthBytes(overlapping days: ClosedRange<Day>) throws(LedgerError) -> MonthsRead {
    var result = MonthsRead()
    var (read, months) = try startCheckedRead(overlapping: days)
    for month in months {
      let path = layout.monthPath(month)
      let bytes: MonthBytes
      let signature: FileSignature?
      do throws(LedgerError) {
        (bytes, signature) = try monthBytes(month, path: path)
      } catch {
        result.stop = error
        return result
      }
      result.months.append((month, bytes))
      // A file the index does not describe (saved by hand, or damaged) is decoded here, before
      // it is checked, as a month read always was: one that does not decode fails the read with
      // its own problem, and the index is neither patched nor recorded because of it.
      if case .file(let data, let fileSignature) = bytes, !read.withoutIndex,
        read.index.months[month]?.signature.stored != fileSignature.stored
      {
        do throws(LedgerError) {
          let entries = try MonthDocument.transactions(from: data, month: month, path: path)
          cache.store(entries, of: month, signature: fileSignature)
          result.months[result.months.count - 1] = (month, .cached(entries))
        } catch {
          result.stop = error
          return result
        }
      }
      do throws(LedgerError) {
        try check(month, signature: signature, in: &read)
      } catch {
        result.stop = error
        return result
      }
    }
    return result
  }

  /// A month's entries from the cache, or its file's bytes, as ``loadMonth(_:)`` finds them.
  private func monthBytes(_ month: YearMonth, path: String) throws(LedgerError) -> (
    MonthBytes, FileSignature?
  ) {
    guard let signature = try POSIXFiles.signature(ofLedgerFileAt: path) else {
      try checkYearFolder(month.year)
      try checkNotMisplaced(month)
      cache.remove(month)
      return (.none, nil)
    }
    try signature.requireRegular(at: path)
    if let cached = cache.transactions(of: month, signature: signature) {
      return (.cached(cached), signature)
    }
    guard let file = try POSIXFiles.read(ledgerFile: path) else {
      cache.remove(month)
      return (.none, nil)
    }
    monthFilesDecoded += 1
    return (.file(file.data, file.signature), file.signature)
  }

  /// The entries of each month file among `months` (`nil` for the others), decoded off the
  /// actor, side by side when there are several.
  @concurrent
  private static func decode(
    _ months: [(month: YearMonth, bytes: MonthBytes)], layout: LedgerLayout
  ) async -> [Result<[Transaction], LedgerError>?] {
    var results = [Result<[Transaction], LedgerError>?](repeating: nil, count: months.count)
    let files = months.enumerated().compactMap { position, month -> (Int, YearMonth, Data)? in
      guard case .file(let data, _) = month.bytes else { return nil }
      return (position, month.month, data)
    }
    guard files.count > 1 else {
      for (position, month, data) in files {
        results[position] = decode(data, month, path: layout.monthPath(month))
      }
      return results
    }
    await withTaskGroup(of: (Int, Result<[Transaction], LedgerError>).self) { group in
      for (position, month, data) in files {
        let path = layout.monthPath(month)
        group.addTask { (position, decode(data, month, path: path)) }
      }
      for await (position, result) in group { results[position] = result }
    }
    return results
  }

  /// The entries of a month file's bytes, or why they cannot be read.
  private static func decode(_ data: Data, _ month: YearMonth, path: String) -> Result<
    [Transaction], LedgerError
  > {
    MonthDecodeGates.shared.pass(path)
    do throws(LedgerError) {
      return .success(try MonthDocument.transactions(from: data, month: month, path: path))
    } catch {
      return .failure(error)
    }
  }
}
