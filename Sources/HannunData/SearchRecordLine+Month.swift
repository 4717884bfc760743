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

/// The record lines of a month file laid out as Hannun writes it (``MonthFileCodec``): a first
/// line, then each record on a line of its own — from its `{` to its `}`, followed by `,` but
/// the last — then `]}` and at most one line break. The one walk over a month file's lines that
/// the postings (``MonthPostings/make(of:_:signature:checksum:)``), the search's record test
/// (``SearchPrefilter/narrowed(_:)`` and ``SearchPrefilter/narrowed(_:lines:)``) and the line
/// reader (``SearchRecordLine/month(_:_:)``) share; each decides what else a line must be.
struct MonthFileLines {
  /// One record's line.
  struct Line {
    /// The record's bytes, from its `{` to its `}`.
    var record: Range<Int>
    /// The line's bytes without its line break: the record, and its `,` when one follows.
    var line: Range<Int>
    /// Whether the line ends at a line break (not at the end of the file).
    var isEnded: Bool

    /// Whether a `,` follows the record: another record must come next.
    var hasComma: Bool { line.upperBound > record.upperBound }
  }

  /// The file's bytes.
  let bytes: UnsafeRawBufferPointer
  /// Where the first line ends: the offset of its line break.
  let headerEnd: Int

  /// The walk over `bytes`, or `nil` when they hold no line break.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress,
      let first = memchr(base, Int32(UInt8(ascii: "\n")), bytes.count)
    else { return nil }
    self.bytes = bytes
    headerEnd = base.distance(to: UnsafeRawPointer(first))
  }

  /// The first line's bytes, without its line break.
  var header: Range<Int> { 0..<headerEnd }

  /// Where the line starting at `start` ends: its line break, or the end of the file.
  @inline(__always)
  private func end(from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return bytes.count }
    return memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map {
      base.distance(to: UnsafeRawPointer($0))
    } ?? bytes.count
  }

  /// The record line from `start` to `end` (its line break or the file's end), or `nil` when
  /// the line is not `{` … `}` with at most a `,` after.
  @inline(__always)
  private func line(_ start: Int, _ end: Int) -> Line? {
    guard end - start >= 2, bytes[start] == UInt8(ascii: "{") else { return nil }
    let close = bytes[end - 1] == UInt8(ascii: ",") ? end - 2 : end - 1
    guard close > start, bytes[close] == UInt8(ascii: "}") else { return nil }
    return Line(record: start..<(close + 1), line: start..<end, isEnded: end < bytes.count)
  }

  /// The record line starting at `start` (an offset from the index's postings), or `nil` when
  /// no record line starts there: `start` must be in the file and begin a line.
  func line(at start: Int) -> Line? {
    guard start > 0, start < bytes.count, bytes[start - 1] == UInt8(ascii: "\n") else {
      return nil
    }
    return line(start, end(from: start))
  }

  /// Calls `body` with each record line after the first line, in the file's order, until it
  /// returns `false`.
  /// - Returns: Whether the file ends as Hannun ends it: the walk met a `]}` line followed by at
  ///   most one line break. `false` when a line is neither a record line nor that one (a blank
  ///   line, spaces, anything else), when there is no `]}` line, or when `body` stopped it.
  @inline(__always)
  func forEachRecord(_ body: (Line) -> Bool) -> Bool {
    var start = headerEnd + 1
    while start < bytes.count {
      let end = end(from: start)
      if end - start == 2, bytes[start] == UInt8(ascii: "]"),
        bytes[start + 1] == UInt8(ascii: "}")
      {
        // The last line: only a line break may follow it.
        return end + 1 >= bytes.count
      }
      guard let line = line(start, end), body(line) else { return false }
      start = end + 1
    }
    return false  // no `]}` line
  }
}

extension SearchRecordLine {
  /// The entries of a whole month file laid out exactly as ``MonthFileCodec`` writes it — the
  /// first line Hannun writes for `month` (``isHeader(_:of:)``), each record on a line of its
  /// own followed by `,` but the last, then `]}` and at most one line break — read line by line
  /// (``entries(of:_:header:records:)``), checked as a month file's entries are, in list order.
  ///
  /// `nil` when the file is laid out any other way (an empty month, spaces, a field this version
  /// does not know, an escape) or an entry does not pass the checks: the caller then reads it
  /// with ``MonthFileCodec``, which reads every valid document and names what is wrong. What it
  /// reads is what that reader reads from the same bytes: only valid JSON is taken, so a file is
  /// never read here that the general reader would refuse.
  static func month(_ month: YearMonth, _ bytes: UnsafeRawBufferPointer) -> [Transaction]? {
    guard let lines = MonthFileLines(bytes) else { return nil }
    var records: [Range<Int>] = []
    records.reserveCapacity(bytes.count / 160)
    // Whether a record must come next: after the first line, and after a record and its `,`.
    var expectsRecord = true
    let ended = lines.forEachRecord { line in
      guard expectsRecord else { return false }
      expectsRecord = line.hasComma
      records.append(line.record)
      return true
    }
    // The last line comes after a record without `,`.
    guard ended, !expectsRecord else { return nil }
    return entries(of: month, bytes, header: lines.header, records: records)
  }
}
