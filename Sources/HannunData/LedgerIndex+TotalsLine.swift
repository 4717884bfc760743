import HannunDomain

extension LedgerIndex {
  /// One line of a totals year: a month whose totals overflow, or one category's total.
  enum TotalsLine: Equatable {
    /// `YYYY-MM overflow`.
    case overflow(YearMonth)
    /// `YYYY-MM KIND AMOUNT COUNT CATEGORY`.
    case total(YearMonth, CategoryTotal)
  }

  /// A totals line read from its UTF-8 bytes, or `nil` for a line this reader leaves to
  /// ``totalsLineByCharacters(_:)`` (which also reads it, or refuses it).
  ///
  /// That reader splits the line into characters, which a year of a few hundred lines paid
  /// about 0.3 ms for at every `year`, `report`, `budget` and `categories` (a whole-history
  /// report reads a hundred years). This one answers only when the two must agree: the month,
  /// kind, amount and count are plain ASCII (the amount and count digits only, as Hannun writes
  /// them), and the space before the category is a character of its own (a combining mark after
  /// it would join it, and the characters' split would not split there).
  static func totalsLineByBytes(_ text: String) -> TotalsLine? {
    var line = text
    return line.withUTF8 { bytes -> TotalsLine? in
      guard bytes.count > 8, bytes[7] == UInt8(ascii: " "),
        let month = IndexFileReader.month(utf8: UnsafeBufferPointer(rebasing: bytes[0..<7]))
      else { return nil }
      let rest = UnsafeBufferPointer(rebasing: bytes[8...])
      if rest.elementsEqual("overflow".utf8) { return .overflow(month) }
      // KIND AMOUNT COUNT, each ASCII and followed by one space, then the category.
      var fields: [Range<Int>] = []
      var start = 8
      var index = 8
      while fields.count < 3, index < bytes.count {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        if byte == UInt8(ascii: " ") {
          fields.append(start..<index)
          start = index + 1
        }
        index += 1
      }
      guard fields.count == 3, start < bytes.count else { return nil }
      let kindBytes = UnsafeBufferPointer(rebasing: bytes[fields[0]])
      let kind: TransactionKind
      if kindBytes.elementsEqual("income".utf8) {
        kind = .income
      } else if kindBytes.elementsEqual("expense".utf8) {
        kind = .expense
      } else {
        return nil
      }
      guard let amount = digits(UnsafeBufferPointer(rebasing: bytes[fields[1]])),
        let count = digits(UnsafeBufferPointer(rebasing: bytes[fields[2]])), count > 0
      else { return nil }
      // A category that starts with anything but ASCII is split off by characters only when the
      // space before it stays a character of its own.
      if bytes[start] >= 0x80 {
        let space = text.utf8.index(text.utf8.startIndex, offsetBy: start - 1)
        guard text[space...].first == " " else { return nil }
      }
      let category = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
      return .total(
        month,
        CategoryTotal(
          kind: kind, category: category, amount: Money(minorUnits: amount), count: Int(count)))
    }
  }

  /// The value of 1 to 18 ASCII digits, or `nil`.
  private static func digits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value: Int64 = 0
    for byte in bytes {
      guard JSONScanner.isDigit(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// A totals line split into characters, as totals years were always read.
  /// - Throws: ``StoredRecordProblem`` naming the line when it is not a totals line.
  static func totalsLineByCharacters(_ line: String) throws(StoredRecordProblem) -> TotalsLine {
    let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
    guard let month = IndexFileReader.month(fields[0]) else {
      throw StoredRecordProblem.index("totals entry '\(line)'")
    }
    if fields.count == 2 && fields[1] == "overflow" { return .overflow(month) }
    guard fields.count == 5, let kind = TransactionKind(rawValue: String(fields[1])),
      let amount = Int64(fields[2]), amount >= 0, let count = Int(fields[3]), count > 0,
      !fields[4].isEmpty
    else { throw StoredRecordProblem.index("totals entry '\(line)'") }
    return .total(
      month,
      CategoryTotal(
        kind: kind, category: String(fields[4]), amount: Money(minorUnits: amount), count: count))
  }
}
