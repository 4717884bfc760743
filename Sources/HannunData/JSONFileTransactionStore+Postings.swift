import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONFileTransactionStore {
  /// Stages the postings files of the years of the months a write changes (see
  /// ``MonthPostings``): each changed month's postings made from its new bytes (or dropped, for a
  /// month removed or not laid out as Hannun writes it), beside the year's other months as they
  /// were — from the index just built, else from the year's file, whose months that no longer
  /// describe their files are never used. A year left without postings loses its file.
  /// - Parameters:
  ///   - posted: The new postings of each month the write changes (`nil`: none).
  ///   - index: The index the write commits; its postings files' signatures are recorded.
  ///   - commit: The write's commit.
  func stagePostings(
    _ posted: [YearMonth: MonthPostings?], _ index: inout LedgerIndex,
    _ commit: inout LedgerCommit
  ) throws(LedgerError) {
    defer { index.builtPostings = [:] }
    for year in Set(posted.keys.map(\.year)).sorted() {
      let relative = LedgerLayout.postingsFile(year)
      var before: PostingsYear?
      if let built = index.builtPostings[year] {
        before = PostingsYear(built, year: year)
      } else if let file = try? POSIXFiles.read(path: layout.path(relative)) {
        before = PostingsYear(file.data, year: year)
      }
      // The year's other months are copied as they are: only the changed ones are encoded.
      let changes = posted.filter { $0.key.year == year }
      if let data = (before ?? PostingsYear.empty(year)).replacing(changes) {
        index.files.record(
          relative, try commit.write(data, to: relative, flushing: false), contents: data)
      } else {
        commit.remove(relative)
        index.files[relative] = nil
      }
    }
  }
}

extension MonthPostings {
  /// The postings of a month file whose bytes are `data` and signature `signature` (see
  /// ``make(of:_:signature:checksum:)``); the checksum is computed when not given.
  static func make(
    _ month: YearMonth, _ data: Data, _ signature: FileSignature, checksum: UInt64? = nil
  ) -> MonthPostings? {
    data.withUnsafeBytes { bytes in
      make(
        of: month, bytes, signature: signature, checksum: checksum ?? ContentChecksum.of(bytes))
    }
  }
}

/// The postings an index build makes, month by month in order: each year's months are encoded
/// into its file's bytes (``PostingsYear``) once the build passes the year, so that a century's
/// postings are held as about two bytes a record.
struct PostingsBuild {
  private var year: Int?
  private var months: [YearMonth: MonthPostings] = [:]
  private var years: [Int: Data] = [:]

  /// Adds the postings of `month` (`nil`: it has none); months come in ascending order.
  mutating func add(_ month: YearMonth, _ postings: MonthPostings?) {
    if year != month.year {
      flush()
      year = month.year
    }
    if let postings { months[month] = postings }
  }

  /// Every year's postings file, by year.
  mutating func finished() -> [Int: Data] {
    flush()
    year = nil
    return years
  }

  private mutating func flush() {
    if let year, !months.isEmpty { years[year] = PostingsYear.encoded(months) }
    months = [:]
  }
}
