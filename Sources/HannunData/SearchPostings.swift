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

/// Where each category's records are in a month file: for every category met (by its bytes), the
/// byte offset of each of its record lines. A search by category reads only those lines, and a
/// month without the category is not read at all.
///
/// Postings are derived data, kept in `ledger/index/postings/YYYY.bin` (see ``PostingsYear``):
/// made from a month file's bytes by the index build and by every write that changes the month
/// (through the index's commit), and used only for the very file they were made from: each
/// month's postings record the file's signature and ``ContentChecksum``, and a month whose file
/// differs (an edit by hand, a file older or newer than its postings) is searched by reading it
/// whole, as without postings. A postings file that does not read whole is ignored.
///
/// Only a month laid out exactly as Hannun writes it gets postings: its first line Hannun's, one
/// record a line, each line starting `{"amountMinor":DIGITS,"category":"NAME","createdAt":"`
/// and ending `"}` (or `"},`), `]}` on the last line, and no `\` anywhere in the file (so a
/// quote always ends a string, and NAME is the category's exact bytes).
struct MonthPostings: Equatable {
  /// The month's file as it was when these postings were made: its signature …
  var signature: FileSignature
  /// … and the ``ContentChecksum`` of its bytes, when known.
  var checksum: UInt64?
  /// Each category met, by its bytes, in the order first met, with the offset of the first byte
  /// (`{`) of each of its record lines, ascending.
  var categories: [(name: [UInt8], offsets: [UInt32])]

  static func == (lhs: MonthPostings, rhs: MonthPostings) -> Bool {
    lhs.signature.matchesStored(rhs.signature) && lhs.checksum == rhs.checksum
      && lhs.categories.count == rhs.categories.count
      && zip(lhs.categories, rhs.categories).allSatisfy {
        $0.name == $1.name && $0.offsets == $1.offsets
      }
  }

  /// The postings of the month file whose bytes these are, or `nil` when it is not laid out
  /// exactly as Hannun writes it (see the type's rules), or is larger than 4 GiB.
  static func make(
    of month: YearMonth, _ bytes: UnsafeRawBufferPointer, signature: FileSignature,
    checksum: UInt64?
  ) -> MonthPostings? {
    guard let base = bytes.baseAddress, bytes.count < Int(UInt32.max),
      memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) == nil,
      let walk = MonthFileLines(bytes),
      SearchRecordLine.isHeader(UnsafeRawBufferPointer(rebasing: bytes[walk.header]), of: month)
    else { return nil }
    var categories: [(name: [UInt8], offsets: [UInt32])] = []
    var last = -1
    let ended = walk.forEachRecord { record in
      let line = UnsafeRawBufferPointer(rebasing: bytes[record.line])
      guard let name = category(of: line) else { return false }
      let nameBytes = UnsafeRawBufferPointer(rebasing: line[name])
      if last < 0 || !same(categories[last].name, nameBytes) {
        last = categories.firstIndex { same($0.name, nameBytes) } ?? -1
        if last < 0 {
          categories.append((Array(nameBytes), []))
          last = categories.count - 1
        }
      }
      categories[last].offsets.append(UInt32(record.line.lowerBound))
      return true
    }
    guard ended else { return nil }
    return MonthPostings(signature: signature, checksum: checksum, categories: categories)
  }

  /// Whether a category's name is these bytes: lengths first, then `memcmp`.
  private static func same(_ name: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard name.count == bytes.count else { return false }
    guard let other = bytes.baseAddress, !name.isEmpty else { return true }  // both empty
    return name.withUnsafeBytes { own in
      own.baseAddress.map { memcmp($0, other, bytes.count) == 0 } ?? false
    }
  }

  private static let amountKey = Array("{\"amountMinor\":".utf8)
  private static let categoryKey = Array(",\"category\":\"".utf8)
  private static let createdKey = Array("\",\"createdAt\":\"".utf8)

  /// Where the category's bytes are on a record line written as Hannun writes it (without its
  /// line break), or `nil` for any other line.
  static func category(of line: UnsafeRawBufferPointer) -> Range<Int>? {
    guard let base = line.baseAddress else { return nil }
    var close = line.count - 1
    if close > 0, line[close] == UInt8(ascii: ",") { close -= 1 }
    guard close > amountKey.count, line[close] == UInt8(ascii: "}"),
      line[close - 1] == UInt8(ascii: "\""), starts(line, at: 0, with: amountKey)
    else { return nil }
    var position = amountKey.count
    let digits = position
    while position < close, line[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    guard position > digits, starts(line, at: position, with: categoryKey) else { return nil }
    let nameStart = position + categoryKey.count
    guard nameStart < close,
      let quote = memchr(base + nameStart, Int32(UInt8(ascii: "\"")), close - nameStart)
    else { return nil }
    let nameEnd = base.distance(to: UnsafeRawPointer(quote))
    guard starts(line, at: nameEnd, with: createdKey) else { return nil }
    return nameStart..<nameEnd
  }

  private static func starts(_ line: UnsafeRawBufferPointer, at offset: Int, with bytes: [UInt8])
    -> Bool
  {
    guard offset >= 0, offset + bytes.count <= line.count, let base = line.baseAddress else {
      return false
    }
    return bytes.withUnsafeBytes { key in
      key.baseAddress.map { memcmp(base + offset, $0, bytes.count) == 0 } ?? true
    }
  }

  /// Whether a record whose category has the bytes `name` may be in category `folded` (a query's
  /// category, lowercased): the name read as the month file's reader reads it, then lowercased,
  /// is `folded`; or the reader would refuse the name, so that its line is read and its problem
  /// found as without postings.
  static func category(_ name: some Collection<UInt8>, mayBe folded: [UInt8]) -> Bool {
    let text = String(decoding: name, as: UTF8.self)
    guard text.utf8.elementsEqual(name), let read = try? PlainText.category(text) else {
      return true
    }
    return TransactionQuery.folded(read) == folded
  }
}

/// `ledger/index/postings/YYYY.bin`: the ``MonthPostings`` of one year's month files, in a
/// binary form: the magic `HNPOST01`, the number of months (4 bytes), then each month: its
/// number (1 byte), its file's stored signature (five 8-byte numbers) and checksum (8 bytes,
/// all ones when unknown), the number of categories (4 bytes), and each category: its name's
/// length (2 bytes) and bytes, its number of records (4 bytes), the length of their offsets
/// (4 bytes) and the offsets, each as the distance from the one before (the first from 0) in
/// LEB128. Numbers are little-endian.
///
/// A search reads where each month's categories are (``init(_:year:)``) and decodes the offsets
/// of the categories it looks for only.
struct PostingsYear {
  private static let magic = Array("HNPOST01".utf8)

  /// One month's postings as found in the file.
  struct Month {
    /// The month file's signature when its postings were made.
    var signature: FileSignature
    /// Its ``ContentChecksum``, when known.
    var checksum: UInt64?
    /// Each category: where its name and its offsets are in ``PostingsYear/bytes``, and how
    /// many offsets there are.
    var categories: [(name: Range<Int>, offsets: Range<Int>, count: Int)]
    /// Where the whole month is in ``PostingsYear/bytes``.
    var section: Range<Int> = 0..<0
  }

  /// The file's bytes.
  let bytes: [UInt8]
  /// The months the file holds.
  private(set) var months: [YearMonth: Month] = [:]

  /// The postings file of `year` whose bytes are `data`, or `nil` when they are not one (wrong
  /// magic, cut short, a month twice or out of order, anything left over).
  init?(_ data: Data, year: Int) {
    bytes = [UInt8](data)
    let read = bytes.withUnsafeBytes { raw -> [YearMonth: Month]? in
      var reader = Reader(bytes: raw)
      guard reader.bytes(Self.magic.count)?.elementsEqual(Self.magic) == true,
        let count = reader.number(UInt32.self), count <= 12
      else { return nil }
      var months: [YearMonth: Month] = [:]
      var lastMonth = 0
      for _ in 0..<count {
        let sectionStart = reader.position
        guard let number = reader.number(UInt8.self), Int(number) > lastMonth,
          let month = try? YearMonth(year: year, month: Int(number))
        else { return nil }
        lastMonth = Int(number)
        var stored: [Int64] = []
        for _ in 0..<5 {
          guard let value = reader.number(UInt64.self) else { return nil }
          stored.append(Int64(bitPattern: value))
        }
        guard let signature = FileSignature(stored: stored),
          let checksum = reader.number(UInt64.self),
          let categoryCount = reader.number(UInt32.self), Int(categoryCount) <= reader.remaining
        else { return nil }
        var categories: [(name: Range<Int>, offsets: Range<Int>, count: Int)] = []
        categories.reserveCapacity(Int(categoryCount))
        for _ in 0..<categoryCount {
          guard let length = reader.number(UInt16.self), let name = reader.skip(Int(length)),
            let records = reader.number(UInt32.self), let size = reader.number(UInt32.self),
            Int(records) <= Int(size), let offsets = reader.skip(Int(size))
          else { return nil }
          categories.append((name, offsets, Int(records)))
        }
        months[month] = Month(
          signature: signature, checksum: checksum == UInt64.max ? nil : checksum,
          categories: categories, section: sectionStart..<reader.position)
      }
      guard reader.remaining == 0 else { return nil }
      return months
    }
    guard let read else { return nil }
    months = read
  }

  /// The offsets of one category of `month`, ascending, or `nil` when they do not decode to
  /// exactly their number of ascending offsets.
  func offsets(_ category: (name: Range<Int>, offsets: Range<Int>, count: Int)) -> [UInt32]? {
    bytes.withUnsafeBytes { raw -> [UInt32]? in
      var reader = Reader(bytes: UnsafeRawBufferPointer(rebasing: raw[category.offsets]))
      var offsets: [UInt32] = []
      offsets.reserveCapacity(category.count)
      var previous: UInt32 = 0
      for position in 0..<category.count {
        guard let step = reader.leb128(), position == 0 || step > 0 else { return nil }
        let (offset, overflow) = previous.addingReportingOverflow(step)
        guard !overflow else { return nil }
        offsets.append(offset)
        previous = offset
      }
      return reader.remaining == 0 ? offsets : nil
    }
  }

  /// The offsets of the record lines of `month` whose category's bytes `wanted` takes,
  /// ascending; `nil` when the month has no postings here or those do not decode.
  func offsets(of month: YearMonth, where wanted: (ArraySlice<UInt8>) -> Bool) -> [UInt32]? {
    guard let posted = months[month] else { return nil }
    var lists: [[UInt32]] = []
    for category in posted.categories where wanted(bytes[category.name]) {
      guard let offsets = offsets(category) else { return nil }
      lists.append(offsets)
    }
    if lists.count <= 1 { return lists.first ?? [] }
    return lists.joined().sorted()
  }

  /// A postings file of `year` without months.
  static func empty(_ year: Int) -> PostingsYear {
    PostingsYear(bytes: magic + [0, 0, 0, 0])
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Every month's postings, decoded whole, or `nil` when an offset does not decode.
  func decoded() -> [YearMonth: MonthPostings]? {
    var all: [YearMonth: MonthPostings] = [:]
    for (month, posted) in months {
      var categories: [(name: [UInt8], offsets: [UInt32])] = []
      for category in posted.categories {
        guard let offsets = offsets(category) else { return nil }
        categories.append((Array(bytes[category.name]), offsets))
      }
      all[month] = MonthPostings(
        signature: posted.signature, checksum: posted.checksum, categories: categories)
    }
    return all
  }

  /// The months of a postings file of `year`, decoded whole, or `nil` when the bytes are not
  /// one.
  static func decoded(_ data: Data, year: Int) -> [YearMonth: MonthPostings]? {
    PostingsYear(data, year: year)?.decoded()
  }

  /// The bytes of a postings file holding `months`.
  static func encoded(_ months: [YearMonth: MonthPostings]) -> Data {
    var bytes = magic
    append(UInt32(months.count), to: &bytes)
    for month in months.keys.sorted() {
      guard let postings = months[month] else { continue }
      appendSection(month, postings, to: &bytes)
    }
    return Data(bytes)
  }

  /// The bytes of this file with the months of `changes` replaced (`nil`: removed), the other
  /// months' bytes copied as they are; `nil` when no month is left.
  func replacing(_ changes: [YearMonth: MonthPostings?]) -> Data? {
    let all = Set(months.keys).union(changes.keys).sorted().filter { month in
      changes[month].map { $0 != nil } ?? true
    }
    guard !all.isEmpty else { return nil }
    var bytes = Self.magic
    bytes.reserveCapacity(self.bytes.count + 4_096)
    Self.append(UInt32(all.count), to: &bytes)
    for month in all {
      if let change = changes[month], let postings = change {
        Self.appendSection(month, postings, to: &bytes)
      } else if let kept = months[month] {
        bytes += self.bytes[kept.section]
      }
    }
    return Data(bytes)
  }

  /// Appends one month's section.
  private static func appendSection(
    _ month: YearMonth, _ postings: MonthPostings, to bytes: inout [UInt8]
  ) {
    bytes.append(UInt8(month.month))
    for number in postings.signature.stored { append(UInt64(bitPattern: number), to: &bytes) }
    append(postings.checksum ?? UInt64.max, to: &bytes)
    append(UInt32(postings.categories.count), to: &bytes)
    for category in postings.categories {
      append(UInt16(category.name.count), to: &bytes)
      bytes += category.name
      append(UInt32(category.offsets.count), to: &bytes)
      let sizeAt = bytes.count
      append(UInt32(0), to: &bytes)
      var previous: UInt32 = 0
      for offset in category.offsets {
        var rest = offset &- previous
        previous = offset
        while rest >= 0x80 {
          bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
          rest >>= 7
        }
        bytes.append(UInt8(rest))
      }
      let size = UInt32(bytes.count - sizeAt - 4).littleEndian
      withUnsafeBytes(of: size) { bytes.replaceSubrange(sizeAt..<(sizeAt + 4), with: $0) }
    }
  }

  private static func append<Number: FixedWidthInteger>(_ number: Number, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
  }

  /// A position in a postings file's bytes.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
      guard count <= remaining else { return nil }
      defer { position += count }
      return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
    }

    /// Steps over `count` bytes, returning where they are.
    mutating func skip(_ count: Int) -> Range<Int>? {
      guard count <= remaining else { return nil }
      defer { position += count }
      return position..<(position + count)
    }

    mutating func number<Number: FixedWidthInteger>(_ type: Number.Type) -> Number? {
      let size = MemoryLayout<Number>.size
      guard size <= remaining else { return nil }
      defer { position += size }
      return Number(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: Number.self))
    }

    /// An unsigned LEB128 number of at most 32 bits.
    mutating func leb128() -> UInt32? {
      var value: UInt32 = 0
      var shift: UInt32 = 0
      while position < bytes.count, shift < 35 {
        let byte = bytes[position]
        position += 1
        let part = UInt32(byte & 0x7F)
        guard shift < 32, shift == 0 || part >> (32 - shift) == 0 else { return nil }
        value |= part << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
  }
}

extension PostingsYear.Month {
  /// Whether these postings are of the file whose signature is `current` now: the same
  /// signature, or the same size and a checksum that `index` knows the file has (a ledger
  /// copied with its files intact, whose index was judged by content).
  func describe(_ current: FileSignature, month: YearMonth, index: LedgerIndex) -> Bool {
    if signature.matchesStored(current) { return true }
    guard let checksum, signature.size == current.size,
      let known = index.months[month], known.signature.matchesStored(current)
    else { return false }
    return known.checksum == checksum
  }
}
