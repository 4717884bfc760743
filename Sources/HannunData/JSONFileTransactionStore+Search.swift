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
  /// A damaged month file or record that cannot match is skipped like any other; the calendar,
  /// a search that decodes it and every write to it still report it. A month holding an id
  /// another month holds too, or gone although the last write recorded it, is named whatever
  /// the text (see ``check(_:signature:in:onlyClashes:)``).
  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    let prefilter = SearchPrefilter(query)
    return try await reading { () throws(LedgerError) in
      var results = SearchResults()
      var buffer = ScanBuffer()
      var (read, months) = try startCheckedRead(overlapping: query.days)
      for month in months {
        guard let entries = try searchedEntries(of: month, prefilter, &buffer, &read) else {
          continue
        }
        results.add(month, entries, where: query.matches)
      }
      return results.newestFirst()
    }
  }

  /// The entries of `month` that a search must look at: all of them, from the cache or the
  /// file, or `nil` when the month has no file or its bytes rule every entry out.
  private func searchedEntries(
    of month: YearMonth, _ prefilter: SearchPrefilter, _ buffer: inout ScanBuffer,
    _ read: inout CheckedRead
  ) throws(LedgerError) -> [Transaction]? {
    let path = layout.monthPath(month)
    guard let signature = try POSIXFiles.signature(ofFileAt: path) else {
      try checkYearFolder(month.year)
      try check(month, signature: nil, in: &read, onlyClashes: true)
      cache.remove(month)
      return nil
    }
    guard signature.isRegular else { throw .unreadableFile(path: path, reason: .notRegularFile) }
    // Checked against the index before the bytes may rule the month out: a month holding an id
    // another month holds too is named whether or not it matches.
    try check(month, signature: signature, in: &read, onlyClashes: true)
    if let cached = cache.transactions(of: month, signature: signature) { return cached }
    guard let read = try buffer.read(path: path) else {
      cache.remove(month)
      return nil
    }
    switch buffer.withBytes(prefilter.narrowed) {
    case .nothing:
      return nil
    case .records(let document):
      // Only the lines that may match are decoded; should they not decode on their own, the
      // whole file is, and says what is wrong with it.
      if let entries = try? MonthDocument.transactions(
        from: Data(document), month: month, path: path)
      {
        return entries
      }
    case .whole:
      break
    }
    let entries = try MonthDocument.transactions(from: buffer.data, month: month, path: path)
    cache.store(entries, of: month, signature: read)
    return entries
  }
}
