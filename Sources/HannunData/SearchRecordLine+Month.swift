import Foundation
import HannunDomain

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
    guard let base = bytes.baseAddress,
      let first = memchr(base, Int32(UInt8(ascii: "\n")), bytes.count)
    else { return nil }
    let headerEnd = base.distance(to: UnsafeRawPointer(first))
    var records: [Range<Int>] = []
    records.reserveCapacity(bytes.count / 160)
    var start = headerEnd + 1
    // Whether a record must come next: after the first line, and after a record and its `,`.
    var expectsRecord = true
    while start < bytes.count {
      let end =
        memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map {
          base.distance(to: UnsafeRawPointer($0))
        } ?? bytes.count
      if end - start == 2, bytes[start] == UInt8(ascii: "]"), bytes[start + 1] == UInt8(ascii: "}")
      {
        // The last line, after a record without `,`; only a line break may follow it.
        guard !expectsRecord, end >= bytes.count - 1 else { return nil }
        return entries(of: month, bytes, header: 0..<headerEnd, records: records)
      }
      guard expectsRecord, end - start >= 2, bytes[start] == UInt8(ascii: "{") else { return nil }
      expectsRecord = bytes[end - 1] == UInt8(ascii: ",")
      let close = expectsRecord ? end - 2 : end - 1
      guard close > start, bytes[close] == UInt8(ascii: "}") else { return nil }
      records.append(start..<(close + 1))
      start = end + 1
    }
    return nil  // no `]}` line
  }
}
