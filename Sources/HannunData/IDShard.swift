import HannunDomain

/// One id shard of the index: which month holds each id whose first two characters name the
/// shard, kept as the file's own sorted `"ID YYYY-MM"` lines.
///
/// A write looks up one id and changes one line, so the shard is never turned into a
/// dictionary: a lookup is a binary search over the lines as read, a change inserts or removes
/// one line, and writing the shard back writes the lines as they are. Ids never contain spaces,
/// and a space sorts before every character an id may hold, so the lines' order is the ids'.
struct IDShard: Equatable, Sendable {
  /// The lines, sorted, one per id.
  private(set) var lines: [String]

  /// An empty shard.
  init() {
    lines = []
  }

  /// A shard from a file's lines, which are checked: each is an id, one space and a month.
  /// Lines out of order (a file not written by Hannun) are sorted.
  /// - Throws: ``StoredRecordProblem`` naming the first line that is not of that form, or an id
  ///   listed twice.
  init(lines: [String]) throws(StoredRecordProblem) {
    var sorted = true
    for (position, line) in lines.enumerated() {
      guard Self.split(line) != nil else {
        throw StoredRecordProblem(reason: "id shard entry '\(line)'")
      }
      if position > 0 && !(lines[position - 1] < line) { sorted = false }
    }
    self.lines = sorted ? lines : lines.sorted()
    for position in self.lines.indices.dropFirst()
    where Self.id(of: self.lines[position - 1]) == Self.id(of: self.lines[position]) {
      throw StoredRecordProblem(reason: "id shard entry '\(self.lines[position])'")
    }
  }

  /// A shard from ids in any order, as an index built from the month files has them.
  /// - Parameter entries: Each id with its month; every id at most once.
  init(unordered entries: [(id: TransactionID, month: YearMonth)]) {
    lines = entries.map { $0.id.rawValue + " " + $0.month.iso }.sorted()
  }

  /// Whether the shard has no id.
  var isEmpty: Bool { lines.isEmpty }

  /// The month holding `id`, or `nil`; setting `nil` removes the id.
  subscript(id: TransactionID) -> YearMonth? {
    get {
      let (position, found) = search(id.rawValue)
      guard found else { return nil }
      return Self.split(lines[position])?.month
    }
    set {
      let (position, found) = search(id.rawValue)
      switch (newValue, found) {
      case (let month?, true): lines[position] = id.rawValue + " " + month.iso
      case (let month?, false): lines.insert(id.rawValue + " " + month.iso, at: position)
      case (nil, true): lines.remove(at: position)
      case (nil, false): break
      }
    }
  }

  /// Sets the month of many ids at once (`nil` removes one), as ``subscript(id:)`` would one by
  /// one, in time proportional to the shard's size and the changes' rather than their product:
  /// a restore or an import may put thousands of ids in one shard.
  /// - Parameter changes: Each id's new month, or `nil` to remove it.
  mutating func update(_ changes: [TransactionID: YearMonth?]) {
    guard changes.count > 16 else {
      for (id, month) in changes { self[id] = month }
      return
    }
    var merged: [Substring: String] = [:]
    merged.reserveCapacity(lines.count + changes.count)
    for line in lines { merged[Self.id(of: line)] = line }
    for (id, month) in changes {
      merged[id.rawValue[...]] = month.map { id.rawValue + " " + $0.iso }
    }
    lines = merged.values.sorted()
  }

  /// The ids that start with `prefix`, in order.
  func ids(startingWith prefix: String) -> [TransactionID] {
    var position = search(prefix).position
    var found: [TransactionID] = []
    while position < lines.count {
      let id = Self.id(of: lines[position])
      guard id.hasPrefix(prefix) else { break }
      found.append(TransactionID(String(id)))
      position += 1
    }
    return found
  }

  /// The shard as stored.
  var stored: StoredIDShard {
    StoredIDShard(schemaVersion: supportedSchemaVersion, ids: lines)
  }

  // MARK: - Lines

  /// Where `id`'s line is, or where it belongs, and whether it is there.
  private func search(_ id: String) -> (position: Int, found: Bool) {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = Self.id(of: lines[middle])
      if candidate < id[...] {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return (low, low < lines.count && Self.id(of: lines[low]) == id[...])
  }

  /// The id part of a line: everything before its space.
  private static func id(of line: String) -> Substring {
    line.utf8.firstIndex(of: UInt8(ascii: " ")).map { line[..<$0] } ?? line[...]
  }

  /// A line's id and month, or `nil` when it is not one id, one space and a month.
  private static func split(_ line: String) -> (id: Substring, month: YearMonth)? {
    guard let space = line.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
    let id = line[..<space]
    let rest = line[line.index(after: space)...]
    guard !id.isEmpty, let month = IndexFileReader.month(rest) else { return nil }
    return (id, month)
  }
}
