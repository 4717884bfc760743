import HannunDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One month file read once for an index build, for its ids, its totals and its postings
/// together, straight from its bytes: no entry, string or array is made per record.
///
/// Only a file laid out exactly as Hannun writes it is read this way (the layout
/// ``SearchRecordLine/month(_:_:)`` reads: Hannun's first line, one record a line with its eight
/// members in order, no escape, `]}` last), and only when every record passes, in its plainest
/// form, the checks a month file's entries pass (``StoredMonth/transactions(of:)``): an id of 1
/// to 16 printable ASCII characters, the date a day of the month written `YYYY-MM-DD`, the kind
/// `expense` or `income`, an amount from 1 to ``Amount/maximumMinorUnits``, a category the
/// Domain's rules keep as it is (asked once for each spelling met), a memo those rules keep as
/// it is, and stamps as Hannun writes them; the records in list order, each id once. For any
/// other file ``scan(_:of:into:)`` returns `nil`, and the build decodes the file as before,
/// which names what is wrong: the index records the same thing of a file either way.
struct IndexMonthScan {
  /// What a scan found besides the ids.
  struct Found {
    /// The month's totals, as ``LedgerIndex/totals(of:_:)`` finds them; `nil` when they
    /// overflow.
    var totals: [CategoryTotal]?
    /// Each category met, by its bytes, first met first, with the offset of each of its record
    /// lines (the ``MonthPostings`` of the file).
    var postings: [(name: [UInt8], offsets: [UInt32])]
  }

  /// A category spelling met in any month: its bytes, and its text when the rules keep it as it
  /// is (`nil`: they refuse or change it, and the month is decoded instead).
  private struct Category {
    let bytes: [UInt8]
    let text: String?
  }

  /// Every spelling met so far, numbered in the order met.
  private var categories: [Category] = []
  private var numbers: [[UInt8]: Int] = [:]

  /// This month's postings slot for each category number, valid when its stamp is ``scans``.
  private var slots: [(stamp: Int, slot: Int)] = []
  private var scans = 0

  /// The numbers of the categories met this month.
  private var monthCategories: [Int] = []

  /// This month's sums, by kind and category number, first met first.
  private var sums: [(kind: TransactionKind, category: Int, amount: Int64, count: Int)] = []

  /// This month's ids met so far, open-addressed (a zero pair is an empty slot: an id is never
  /// empty).
  private var seen: [MonthIDs.Packed] = []

  /// The members' keys, one after another (see ``Key``).
  private let keys: [UInt8] = Array(
    ("{\"amountMinor\":" + ",\"category\":\"" + "\",\"createdAt\":\"" + "\",\"date\":\""
      + "\",\"id\":\"" + "\",\"kind\":\"" + "\",\"memo\":\"" + "\",\"updatedAt\":\"" + "\"}")
      .utf8)

  /// Where each key is in ``keys``.
  private enum Key {
    static let amount = (0, 15)
    static let category = (15, 13)
    static let created = (28, 15)
    static let date = (43, 10)
    static let id = (53, 8)
    static let kind = (61, 10)
    static let memo = (71, 10)
    static let updated = (81, 15)
    static let end = (96, 2)
  }

  /// Reads the month file whose bytes these are, appending its ids, in list order, to `ids`
  /// (empty when given); `nil` (and `ids` emptied) when the file must be decoded instead (see
  /// the type's rules).
  mutating func scan(_ bytes: UnsafeRawBufferPointer, of month: YearMonth, into ids: inout MonthIDs)
    -> Found?
  {
    let found = keys.withUnsafeBytes { keys in
      guard let keys = keys.baseAddress else { return nil as Found? }
      return read(bytes, of: month, keys: keys, into: &ids)
    }
    if found == nil { ids.removeAll() }
    return found
  }

  private mutating func read(
    _ bytes: UnsafeRawBufferPointer, of month: YearMonth, keys: UnsafeRawPointer,
    into ids: inout MonthIDs
  ) -> Found? {
    guard let raw = bytes.baseAddress, bytes.count < Int(UInt32.max),
      let lines = MonthFileLines(bytes),
      SearchRecordLine.isHeader(UnsafeRawBufferPointer(rebasing: bytes[lines.header]), of: month)
    else { return nil }
    let base = raw.assumingMemoryBound(to: UInt8.self)
    let count = bytes.count
    scans += 1
    sums.removeAll(keepingCapacity: true)
    monthCategories.removeAll(keepingCapacity: true)
    var postings: [(name: [UInt8], offsets: [UInt32])] = []
    // Room for twice the records the file may hold (a record is at least 150 bytes).
    var room = 64
    while room < count / 75 { room <<= 1 }
    if seen.count != room {
      seen = Array(repeating: MonthIDs.Packed(high: 0, low: 0), count: room)
    } else {
      seen.withUnsafeMutableBytes { table in
        if let start = table.baseAddress { memset(start, 0, table.count) }
      }
    }
    let prefix = Array(month.iso.utf8)
    let days = month.numberOfDays
    var overflow = false
    var lastCategory = -1
    var lastSum = -1
    var previous: (day: Int, created: Int64, id: MonthIDs.Packed)?

    /// Whether the key is at `position`; steps over it when it is.
    func key(_ key: (Int, Int), _ position: inout Int, _ end: Int) -> Bool {
      guard end - position >= key.1, memcmp(base + position, keys + key.0, key.1) == 0 else {
        return false
      }
      position += key.1
      return true
    }
    /// The string from `position` to the next quote before `end`, when it holds no escape and
    /// no control character; whether a byte is not ASCII.
    func string(_ position: inout Int, _ end: Int) -> (Range<Int>, Bool)? {
      let start = position
      var union: UInt8 = 0
      while position < end {
        let byte = base[position]
        if byte == UInt8(ascii: "\"") { return (start..<position, union >= 0x80) }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        union |= byte
        position += 1
      }
      return nil
    }

    // Whether a record must come next: after the first line, and after a record and its `,`.
    var expectsRecord = true
    let ended = lines.forEachRecord { line in
      guard expectsRecord else { return false }
      expectsRecord = line.hasComma
      var at = line.record.lowerBound
      let stop = line.record.upperBound
      // The amount: 1 to 18 digits, the first not zero, at most the largest amount.
      guard key(Key.amount, &at, stop) else { return false }
      let digits = at
      var amount: Int64 = 0
      while at < stop, at - digits < 18, base[at] &- UInt8(ascii: "0") < 10 {
        amount = amount * 10 + Int64(base[at] &- UInt8(ascii: "0"))
        at += 1
      }
      guard at > digits, base[digits] != UInt8(ascii: "0"), at < stop,
        base[at] &- UInt8(ascii: "0") >= 10, amount <= Amount.maximumMinorUnits,
        key(Key.category, &at, stop), let (name, _) = string(&at, stop),
        let category = category(base, name, month: &lastCategory),
        key(Key.created, &at, stop), let (createdText, _) = string(&at, stop),
        let created = Stamp.canonicalMilliseconds(
          utf8: UnsafeBufferPointer(start: base + createdText.lowerBound, count: createdText.count)),
        key(Key.date, &at, stop), let (dateText, _) = string(&at, stop), dateText.count == 10,
        memcmp(base + dateText.lowerBound, prefix, 7) == 0,
        base[dateText.lowerBound + 7] == UInt8(ascii: "-")
      else { return false }
      let tens = base[dateText.lowerBound + 8] &- UInt8(ascii: "0")
      let ones = base[dateText.lowerBound + 9] &- UInt8(ascii: "0")
      let day = Int(tens) * 10 + Int(ones)
      guard tens < 10, ones < 10, (1...days).contains(day),
        key(Key.id, &at, stop), let (idText, _) = string(&at, stop),
        (1...16).contains(idText.count),
        (idText.lowerBound..<idText.upperBound).allSatisfy({ (0x21...0x7E).contains(base[$0]) }),
        key(Key.kind, &at, stop), let (kindText, _) = string(&at, stop),
        let kind = Self.kind(base + kindText.lowerBound, kindText.count),
        key(Key.memo, &at, stop), let (memo, memoWide) = string(&at, stop),
        Self.plainMemo(base, memo, wide: memoWide),
        key(Key.updated, &at, stop), let (updatedText, _) = string(&at, stop),
        updatedText.count == createdText.count
          && memcmp(base + updatedText.lowerBound, base + createdText.lowerBound, 24) == 0
          || Stamp.canonicalMilliseconds(
            utf8: UnsafeBufferPointer(
              start: base + updatedText.lowerBound, count: updatedText.count)) != nil,
        key(Key.end, &at, stop), at == stop
      else { return false }
      let id = MonthIDs.pack(
        UnsafeRawBufferPointer(start: base + idText.lowerBound, count: idText.count))
      // In list order (day, creation, id) and each id once; otherwise decoded.
      if let previous,
        (day, created, id.high, id.low)
          < (previous.day, previous.created, previous.id.high, previous.id.low)
      {
        return false
      }
      guard insert(id) else { return false }
      previous = (day, created, id)
      ids.append(id)
      // The sums, by kind and category bytes.
      if lastSum < 0 || sums[lastSum].kind != kind || sums[lastSum].category != category {
        lastSum = sums.firstIndex { $0.kind == kind && $0.category == category } ?? -1
        if lastSum < 0 {
          sums.append((kind, category, 0, 0))
          lastSum = sums.count - 1
        }
      }
      let (sum, overflowed) = sums[lastSum].amount.addingReportingOverflow(amount)
      if overflowed { overflow = true }
      sums[lastSum].amount = sum
      sums[lastSum].count += 1
      // The postings, by category bytes.
      if slots[category].stamp != scans {
        slots[category] = (scans, postings.count)
        postings.append((categories[category].bytes, []))
      }
      postings[slots[category].slot].offsets.append(UInt32(line.line.lowerBound))
      return true
    }
    // The last line comes after a record without `,`.
    guard ended, !expectsRecord else { return nil }
    return finish(month, overflow: overflow, postings: postings)
  }

  /// The number of the category whose bytes are at `range`, when the rules keep it as it is;
  /// `last` is the one met last this month, looked at first.
  private mutating func category(
    _ base: UnsafePointer<UInt8>, _ range: Range<Int>, month last: inout Int
  ) -> Int? {
    let bytes = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    if last >= 0, Self.same(categories[last].bytes, bytes) { return last }
    // The month's categories so far (a few dozen at most), before the spellings of every month.
    for number in monthCategories where Self.same(categories[number].bytes, bytes) {
      last = number
      return number
    }
    let key = Array(bytes)
    let number: Int
    if let known = numbers[key] {
      number = known
    } else {
      guard categories.count < 65_536 else { return nil }
      // Asked once for each spelling: the Domain's rules, through the month reader's quick path.
      let valid = JSONScanner.isValidUTF8(bytes.bindMemory(to: UInt8.self))
      let text = valid ? String(decoding: bytes, as: UTF8.self) : nil
      let kept = text.flatMap { try? PlainText.category($0) }
      number = categories.count
      categories.append(
        Category(bytes: key, text: kept.flatMap { $0.utf8.elementsEqual(key) ? $0 : nil }))
      numbers[key] = number
      slots.append((0, 0))
    }
    guard categories[number].text != nil else { return nil }
    monthCategories.append(number)
    last = number
    return number
  }

  /// Adds an id to this month's; `false` when it is there already.
  private mutating func insert(_ id: MonthIDs.Packed) -> Bool {
    let mask = seen.count - 1
    var slot = Int(truncatingIfNeeded: (id.high &* 0x9E37_79B9_7F4A_7C15) ^ id.low) & mask
    while true {
      let there = seen[slot]
      if there.high == 0 && there.low == 0 {
        seen[slot] = id
        return true
      }
      if there == id { return false }
      slot = (slot + 1) & mask
    }
  }

  private func finish(
    _ month: YearMonth, overflow: Bool, postings: [(name: [UInt8], offsets: [UInt32])]
  ) -> Found {
    guard !overflow else { return Found(totals: nil, postings: postings) }
    let totals = sums.map { sum in
      CategoryTotal(
        kind: sum.kind, category: categories[sum.category].text ?? "",
        amount: Money(minorUnits: sum.amount), count: sum.count)
    }
    return Found(totals: LedgerIndex.totals(month, merging: totals), postings: postings)
  }

  /// `expense` or `income`, from their bytes; `nil` for any other kind.
  private static func kind(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> TransactionKind? {
    if count == 7, memcmp(bytes, "expense", 7) == 0 { return .expense }
    if count == 6, memcmp(bytes, "income", 6) == 0 { return .income }
    return nil
  }

  /// Whether the memo's bytes are text the rules keep as it is (``PlainText/unchanged(_:allowing:)``
  /// with ``TransactionRules/memoLimit``): valid UTF-8 without a ruled-out scalar, not starting or
  /// ending with a space, of at most the limit's scalars.
  private static func plainMemo(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, wide: Bool)
    -> Bool
  {
    if wide,
      !JSONScanner.isValidUTF8(
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    {
      return false
    }
    var scalars = 0
    var lastIsSpace = false
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = base[position]
      position += 1
      if byte & 0xC0 == 0x80 { continue }  // within a scalar
      scalars += 1
      lastIsSpace = byte == 0x20
      if byte < 0x80 {
        // The string holds no control below U+0020; U+007F is ruled out, and a first space.
        if byte == 0x7F || (scalars == 1 && lastIsSpace) { return false }
        continue
      }
      // U+0080–U+009F, U+2028, U+2029 and U+3000, from their bytes (the UTF-8 is valid).
      let next = base[position]
      if byte == 0xC2 && next <= 0x9F { return false }
      if byte == 0xE2 && next == 0x80 && (base[position + 1] == 0xA8 || base[position + 1] == 0xA9)
      {
        return false
      }
      if byte == 0xE3 && next == 0x80 && base[position + 1] == 0x80 { return false }
    }
    return !lastIsSpace && scalars <= TransactionRules.memoLimit
  }

  /// Whether a category's bytes are these: lengths first, then `memcmp`.
  private static func same(_ name: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard name.count == bytes.count else { return false }
    guard let other = bytes.baseAddress, !name.isEmpty else { return true }
    return name.withUnsafeBytes { own in
      own.baseAddress.map { memcmp($0, other, bytes.count) == 0 } ?? false
    }
  }
}
