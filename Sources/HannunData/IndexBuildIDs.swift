import HannunDomain

/// The ids met while an index is built (``LedgerIndex/build(from:pathOf:read:)``), grouped by
/// shard and packed so that a million of them take 20 MB and sort as integers: each id's first
/// 16 bytes are kept as four big-endian 32-bit numbers (an id holds no zero byte, so zero
/// padding sorts a shorter id before a longer one it begins), and the few longer ids whole,
/// beside. Where each was met is one number, its place among all the ids in the order read; the
/// month it is in is found from where each month's ids begin.
struct IndexBuildIDs {
  /// One id met: its first bytes and its place in the order the ids were met.
  struct Entry {
    let bytes0: UInt32
    let bytes1: UInt32
    let bytes2: UInt32
    let bytes3: UInt32
    /// Its place among all the ids, in the order met: months in order, then places in each.
    let ordinal: Int32

    /// The first eight bytes, as one number.
    var high: UInt64 { UInt64(bytes0) << 32 | UInt64(bytes1) }
    /// The next eight bytes, as one number.
    var low: UInt64 { UInt64(bytes2) << 32 | UInt64(bytes3) }
    /// Where the entry was met, as one number: months in order, then places.
    var place: Int64 { Int64(ordinal) }
  }

  /// How many shards there are: one for each two first characters that are ASCII digits or
  /// lowercase letters, and `_` for every other id (see ``LedgerLayout/shard(of:)``).
  static let shardCount = 36 * 36 + 1

  /// Each shard's entries, by ``shard(of:)``.
  private(set) var shards = [[Entry]](repeating: [], count: shardCount)
  /// The ids longer than 16 bytes, by ``Entry/place``.
  private var longIDs: [Int64: TransactionID] = [:]
  /// The ordinal of the first id of each month number (an empty month's is the next month's).
  private var monthStarts: [Int32] = []
  /// How many ids were added.
  private(set) var count: Int32 = 0

  /// Adds an id met at `position` of month number `month`. Months are numbered from 0 in the
  /// order read, and each month's ids are added in order, from position 0.
  mutating func add(_ id: TransactionID, month: Int32, position: Int32) {
    var one = MonthIDs()
    one.append(id)
    addEntry(one.packed[0], long: one.long[0] ?? nil, month: month, position: position)
  }

  /// Adds the ids of one month, in order, as month number `month` (see
  /// ``add(_:month:position:)``).
  mutating func add(_ ids: MonthIDs, month: Int32) {
    for (position, packed) in ids.packed.enumerated() {
      addEntry(
        packed, long: ids.long.isEmpty ? nil : ids.long[position], month: month,
        position: Int32(position))
    }
  }

  private mutating func addEntry(
    _ packed: MonthIDs.Packed, long: TransactionID?, month: Int32, position: Int32
  ) {
    while monthStarts.count <= Int(month) { monthStarts.append(count) }
    let ordinal = monthStarts[Int(month)] + position
    precondition(ordinal == count, "ids added out of order")
    count += 1
    let entry = Entry(
      bytes0: UInt32(truncatingIfNeeded: packed.high >> 32),
      bytes1: UInt32(truncatingIfNeeded: packed.high),
      bytes2: UInt32(truncatingIfNeeded: packed.low >> 32),
      bytes3: UInt32(truncatingIfNeeded: packed.low), ordinal: ordinal)
    if let long { longIDs[entry.place] = long }
    shards[Self.shard(high: packed.high)].append(entry)
  }

  /// The number of the shard of the id whose first eight bytes are `high` (see
  /// ``shard(of:)``).
  static func shard(high: UInt64) -> Int {
    guard let first = digit(UInt8(truncatingIfNeeded: high >> 56)),
      let second = digit(UInt8(truncatingIfNeeded: high >> 48))
    else { return shardCount - 1 }
    return first * 36 + second
  }

  /// The number of `id`'s shard, from 0 to ``shardCount`` - 1, found from its first two bytes
  /// without making the shard's name.
  static func shard(of id: TransactionID) -> Int {
    var utf8 = id.rawValue.utf8.makeIterator()
    guard let first = utf8.next().flatMap(digit), let second = utf8.next().flatMap(digit) else {
      return shardCount - 1
    }
    return first * 36 + second
  }

  /// A byte's place among the characters a shard's name may hold, or `nil`.
  private static func digit(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x61...0x7A: Int(byte - 0x61) + 10
    default: nil
    }
  }

  /// The number of the month `entry` was met in.
  func month(of entry: Entry) -> Int32 {
    // The last month starting at or before the entry: months without ids start where the next
    // one does, and come before it.
    var low = 0
    var high = monthStarts.count
    while low < high {
      let middle = (low + high) / 2
      if monthStarts[middle] <= entry.ordinal { low = middle + 1 } else { high = middle }
    }
    return Int32(low - 1)
  }

  /// The place of `entry` in its month.
  func position(of entry: Entry) -> Int32 {
    entry.ordinal - monthStarts[Int(month(of: entry))]
  }

  /// Makes room in each shard that holds ids so far for its share of `total` ids, with a tenth
  /// to spare: ids are random, so the shards fill evenly, and a shard that grew by doubling could
  /// end up to half empty (at a million ids, about a quarter of the shards passed a power of two
  /// and held room for twice their ids).
  mutating func reserve(total: Int) {
    let used = shards.filter { !$0.isEmpty }.count
    guard used > 0 else { return }
    let share = total / used
    for slot in shards.indices where !shards[slot].isEmpty {
      shards[slot].reserveCapacity(share + share / 10 + 32)
    }
  }

  /// The id of `entry`.
  func id(of entry: Entry) -> TransactionID {
    if let long = longIDs[entry.place] { return long }
    return TransactionID(String(decoding: Self.bytes(of: entry), as: UTF8.self))
  }

  /// The bytes of the id of an entry whose id is at most 16 bytes long.
  private static func bytes(of entry: Entry) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for word in [entry.high, entry.low] {
      for shift in stride(from: 56, through: 0, by: -8) {
        let byte = UInt8(truncatingIfNeeded: word >> UInt64(shift))
        if byte == 0 { return bytes }
        bytes.append(byte)
      }
    }
    return bytes
  }

  /// The length in bytes of the id of `entry`.
  func idLength(of entry: Entry) -> Int {
    if !longIDs.isEmpty, let long = longIDs[entry.place] { return long.rawValue.utf8.count }
    let zeros =
      entry.low == 0 ? 64 + entry.high.trailingZeroBitCount : entry.low.trailingZeroBitCount
    return 16 - zeros / 8
  }

  /// Appends the id of `entry` to `text`, byte by byte from its numbers.
  func appendID(of entry: Entry, to text: inout [UInt8]) {
    if !longIDs.isEmpty, let long = longIDs[entry.place] {
      text.append(contentsOf: long.rawValue.utf8)
      return
    }
    /// Appends the bytes of `word` up to its first zero; `false` when it held one.
    func append(_ word: UInt64) -> Bool {
      var shift: UInt64 = 64
      while shift > 0 {
        shift -= 8
        let byte = UInt8(truncatingIfNeeded: word >> shift)
        if byte == 0 { return false }
        text.append(byte)
      }
      return true
    }
    if append(entry.high) { _ = append(entry.low) }
  }

  /// How the ids of two entries order, by their bytes: below zero, zero or above.
  private func compare(_ lhs: Entry, _ rhs: Entry) -> Int {
    if lhs.high != rhs.high { return lhs.high < rhs.high ? -1 : 1 }
    if lhs.low != rhs.low { return lhs.low < rhs.low ? -1 : 1 }
    guard !longIDs.isEmpty else { return 0 }
    // The same first 16 bytes: the rest, of whichever is longer.
    let left = longIDs[lhs.place]?.rawValue.utf8.dropFirst(16)
    let right = longIDs[rhs.place]?.rawValue.utf8.dropFirst(16)
    switch (left, right) {
    case (nil, nil): return 0
    case (nil, _): return -1
    case (_, nil): return 1
    case (let left?, let right?):
      if left.elementsEqual(right) { return 0 }
      return left.lexicographicallyPrecedes(right) ? -1 : 1
    }
  }

  /// Sorts every shard by id, then by where each was met, and returns each id held more than
  /// once at each later holding, with the month that held it first.
  mutating func sortAndFindClashes() -> [(at: Entry, first: Int32)] {
    var found: [(at: Entry, first: Int32)] = []
    for slot in shards.indices where shards[slot].count > 1 {
      var entries: [Entry] = []
      swap(&entries, &shards[slot])
      entries.withUnsafeMutableBufferPointer { buffer in
        quicksort(buffer, from: 0, through: buffer.count - 1)
      }
      var groupStart = 0
      for position in entries.indices.dropFirst() {
        if compare(entries[position], entries[groupStart]) == 0 {
          found.append((entries[position], month(of: entries[groupStart])))
        } else {
          groupStart = position
        }
      }
      swap(&entries, &shards[slot])
    }
    return found
  }

  /// Whether `lhs` sorts before `rhs`: by id, then by where each was met. No two entries were
  /// met at the same place, so this order is total, and any sort gives the same result.
  private func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
    let order = compare(lhs, rhs)
    return order != 0 ? order < 0 : lhs.ordinal < rhs.ordinal
  }

  /// Sorts `entries[low...high]` by ``precedes(_:_:)`` in place: a quicksort (the pivot the
  /// median of three, short ranges by insertion), since the order is total and needs no stable
  /// sort, whose merges took a tenth of a million-entry build.
  private func quicksort(
    _ entries: UnsafeMutableBufferPointer<Entry>, from low: Int, through high: Int
  ) {
    var low = low
    var high = high
    while high - low > 16 {
      let middle = low + (high - low) / 2
      if precedes(entries[middle], entries[low]) { entries.swapAt(middle, low) }
      if precedes(entries[high], entries[low]) { entries.swapAt(high, low) }
      if precedes(entries[high], entries[middle]) { entries.swapAt(high, middle) }
      let pivot = entries[middle]
      var left = low
      var right = high
      while left <= right {
        while precedes(entries[left], pivot) { left += 1 }
        while precedes(pivot, entries[right]) { right -= 1 }
        if left <= right {
          entries.swapAt(left, right)
          left += 1
          right -= 1
        }
      }
      // The smaller side by recursion, the larger by the loop: the depth stays logarithmic.
      if right - low < high - left {
        quicksort(entries, from: low, through: right)
        low = left
      } else {
        quicksort(entries, from: left, through: high)
        high = right
      }
    }
    guard high > low else { return }
    for next in (low + 1)...high {
      let entry = entries[next]
      var place = next - 1
      while place >= low && precedes(entry, entries[place]) {
        entries[place + 1] = entries[place]
        place -= 1
      }
      entries[place + 1] = entry
    }
  }

  /// Gives up a shard's entries, to free them once its id shard is made.
  mutating func removeShard(_ slot: Int) {
    shards[slot] = []
  }
}

/// The ids of one month file, in list order, as an index build keeps them: each id's first 16
/// bytes as two big-endian numbers (zero-padded), and the few longer ids whole, beside.
struct MonthIDs {
  /// An id's first 16 bytes: the first eight, then the next eight.
  struct Packed: Equatable {
    /// The first eight bytes, big-endian, zero-padded.
    var high: UInt64
    /// The next eight bytes, big-endian, zero-padded.
    var low: UInt64
  }

  /// Each id, in order.
  private(set) var packed: [Packed] = []
  /// The ids longer than 16 bytes, by their place in ``packed``.
  private(set) var long: [Int: TransactionID] = [:]

  /// How many ids there are.
  var count: Int { packed.count }

  /// Empties the list, keeping its room.
  mutating func removeAll() {
    packed.removeAll(keepingCapacity: true)
    if !long.isEmpty { long = [:] }
  }

  /// Adds an id after the others.
  mutating func append(_ id: TransactionID) {
    var text = id.rawValue
    let (packed, isLong) = text.withUTF8 { bytes in
      (Self.pack(UnsafeRawBufferPointer(bytes)), bytes.count > 16)
    }
    if isLong { long[self.packed.count] = id }
    self.packed.append(packed)
  }

  /// Adds an id of at most 16 bytes, already packed, after the others.
  mutating func append(_ id: Packed) {
    packed.append(id)
  }

  /// The first 16 bytes of `bytes`, zero-padded, as two big-endian numbers.
  static func pack(_ bytes: UnsafeRawBufferPointer) -> Packed {
    var high: UInt64 = 0
    var low: UInt64 = 0
    for offset in 0..<16 {
      let byte = offset < bytes.count ? UInt64(bytes[offset]) : 0
      if offset < 8 { high = high << 8 | byte } else { low = low << 8 | byte }
    }
    return Packed(high: high, low: low)
  }
}
