import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One id shard of the index: which month holds each id whose first two characters name the
/// shard, kept as the file's own sorted `"ID YYYY-MM"` lines.
///
/// A write looks up one id and changes one line, so the shard is never turned into a
/// dictionary, nor into strings: the lines are kept as their UTF-8 bytes, one after another
/// (each ended by a newline), with where each starts. A lookup is a binary search over them, a
/// change inserts or removes one line's bytes, and writing the shard back copies them. (A
/// century's shard holds 1,400 lines; making a string of each was most of reading it.) Ids never
/// contain spaces, and a space sorts before every character an id may hold, so the lines'
/// order is the ids'; lines are ordered by their bytes.
struct IDShard: Equatable, Sendable {
  /// The lines' bytes, each followed by `\n`.
  private var text: [UInt8] = []
  /// Where each line starts in ``text``, in order, as 32-bit offsets (a million ids' shards
  /// hold 4 MB less than with 64-bit ones; a shard's file is at most
  /// ``POSIXFiles/sizeLimit``, far below 4 GiB).
  private var starts: [UInt32] = []

  private static let newline = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")

  /// An empty shard.
  init() {}

  /// A shard from a file's lines, which are checked: each is an id, one space and a month.
  /// Lines out of order (a file not written by Hannun) are sorted.
  /// - Throws: ``StoredRecordProblem`` naming the first line that is not of that form, or an id
  ///   listed twice.
  init(lines: [String]) throws(StoredRecordProblem) {
    var reader = Reader()
    for line in lines { try reader.add(Array(line.utf8)) }
    self = try reader.finish()
  }

  /// A shard from the bytes of its file, `{"schemaVersion":1,"ids":[…]}`, read with
  /// ``JSONScanner``: each plain string is taken as its bytes, without making a string.
  /// - Returns: `nil` when the file is not a shard of this version.
  /// - Throws: ``StoredRecordProblem`` for a line that is not an id, a space and a month, or an
  ///   id listed twice.
  static func decoding(_ data: Data) throws(StoredRecordProblem) -> IDShard? {
    let read = data.withUnsafeBytes { raw -> Result<IDShard?, StoredRecordProblem> in
      let bytes = raw.bindMemory(to: UInt8.self)
      var scanner = JSONScanner(bytes)
      var reader = Reader()
      do {
        guard let version = try shardLines(&scanner, into: &reader),
          version == Int64(supportedSchemaVersion)
        else { return .success(nil) }
        return .success(try reader.finish())
      } catch let problem as StoredRecordProblem {
        return .failure(problem)
      } catch {
        return .success(nil)
      }
    }
    return try read.get()
  }

  /// Reads the members of a shard file, adding each line of `ids` to `reader`; returns its
  /// `schemaVersion`, or `nil` when there is none or no `ids`.
  private static func shardLines(_ scanner: inout JSONScanner, into reader: inout Reader) throws
    -> Int64?
  {
    var sawIDs = false
    let version = try IndexFileReader.object(&scanner) { key, scanner in
      guard key == "ids" else {
        try scanner.skipValue(depth: 1)
        return true
      }
      sawIDs = true
      guard try scanner.openArray() else { return true }
      repeat {
        if let range = try scanner.plainStringRange() {
          try reader.add(scanner.bytes.extracting(range))
        } else {
          try reader.add(Array(try scanner.string().utf8))
        }
      } while try scanner.nextElement()
      return true
    }
    return sawIDs ? version ?? nil : nil
  }

  /// A shard from ids in any order, as an index built from the month files has them.
  /// - Parameter entries: Each id with its month; every id at most once.
  init(unordered entries: [(id: TransactionID, month: YearMonth)]) {
    let lines = entries.map { Array(($0.id.rawValue + " " + $0.month.iso).utf8) }
      .sorted { $0.lexicographicallyPrecedes($1) }
    for line in lines { append(line[...]) }
  }

  /// Makes room for `lines` more lines of `bytes` bytes in all, newlines included.
  mutating func reserve(lines: Int, bytes: Int) {
    starts.reserveCapacity(starts.count + lines)
    text.reserveCapacity(text.count + bytes)
  }

  /// Appends a line after the last, written by `write` straight into the shard's text (an id,
  /// a space and a month, ordered after every line before it), without making a string or an
  /// array of it: how an index built from the month files makes its shards.
  mutating func appendSorted(_ write: (inout [UInt8]) -> Void) {
    starts.append(UInt32(text.count))
    write(&text)
    text.append(Self.newline)
  }

  /// Whether the shard has no id.
  var isEmpty: Bool { starts.isEmpty }

  /// The lines, as text (for tests and checks: it makes every string).
  var lines: [String] {
    starts.indices.map { String(decoding: text[lineRange($0)], as: UTF8.self) }
  }

  /// The month holding `id`, or `nil`; setting `nil` removes the id.
  subscript(id: TransactionID) -> YearMonth? {
    get {
      let (position, found) = search(id.rawValue)
      guard found else { return nil }
      return Self.month(of: text[lineRange(position)])
    }
    set {
      let (position, found) = search(id.rawValue)
      let line = newValue.map { Array((id.rawValue + " " + $0.iso).utf8) }
      switch (line, found) {
      case (let line?, true): replace(position, with: line)
      case (let line?, false): insert(line, at: position)
      case (nil, true): remove(position)
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
    var merged: [[UInt8]: [UInt8]] = [:]
    merged.reserveCapacity(starts.count + changes.count)
    for position in starts.indices {
      let line = text[lineRange(position)]
      merged[Array(Self.id(of: line))] = Array(line)
    }
    for (id, month) in changes {
      merged[Array(id.rawValue.utf8)] = month.map { Array((id.rawValue + " " + $0.iso).utf8) }
    }
    text = []
    starts = []
    for line in merged.values.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      append(line[...])
    }
  }

  /// The ids that start with `prefix`, in order.
  func ids(startingWith prefix: String) -> [TransactionID] {
    var position = search(prefix).position
    var found: [TransactionID] = []
    let wanted = Array(prefix.utf8)
    while position < starts.count {
      let id = Self.id(of: text[lineRange(position)])
      guard id.starts(with: wanted) else { break }
      found.append(TransactionID(String(decoding: id, as: UTF8.self)))
      position += 1
    }
    return found
  }

  /// The shard as stored (for tests: ``encoded()`` writes the same bytes without the strings).
  var stored: StoredIDShard {
    StoredIDShard(schemaVersion: supportedSchemaVersion, ids: lines)
  }

  /// The bytes of the shard's file: exactly what ``StoredIDShard/encoded()`` writes for
  /// ``lines``, copied from the lines' bytes.
  func encoded() -> Data {
    var writer = JSONWriter(capacity: 64 + text.count + 4 * starts.count)
    writer.append("{\"schemaVersion\":")
    writer.integer(Int64(supportedSchemaVersion))
    writer.append(",\"ids\":[")
    text.withUnsafeBufferPointer { buffer in
      for position in starts.indices {
        if position > 0 { writer.append(",") }
        writer.newline(indent: 0)
        writer.string(utf8: buffer.extracting(lineRange(position)))
      }
    }
    writer.append("]}\n")
    return Data(writer.bytes)
  }

  /// Ids a write adds to one shard, gathered before they are merged in (``merge(_:)``): their
  /// lines' bytes one after another, about 22 bytes an id (a million ids' dictionary took 58 MB).
  struct Additions: Sendable {
    fileprivate var text: [UInt8] = []
    fileprivate var starts: [UInt32] = []

    /// No ids.
    init() {}

    /// No ids yet, with room for `capacity` of them (ten characters long, as new ids are).
    init(capacity: Int) {
      text.reserveCapacity(capacity * 19)
      starts.reserveCapacity(capacity)
    }

    /// Adds `id`, held by `month`.
    mutating func add(_ id: TransactionID, _ month: YearMonth) {
      add(id, monthText: Array(month.iso.utf8))
    }

    /// Adds `id`, held by the month whose ``YearMonth/iso`` text is `monthText`.
    mutating func add(_ id: TransactionID, monthText: [UInt8]) {
      starts.append(UInt32(text.count))
      text.append(contentsOf: id.rawValue.utf8)
      text.append(IDShard.space)
      text.append(contentsOf: monthText)
      text.append(IDShard.newline)
    }

    /// How many ids there are.
    var count: Int { starts.count }

    fileprivate func line(_ position: Int) -> ArraySlice<UInt8> {
      let end = position + 1 < starts.count ? Int(starts[position + 1]) : text.count
      return text[Int(starts[position])..<(end - 1)]
    }
  }

  /// Adds every id of `additions`, none of which the shard holds, keeping the lines in order.
  /// - Throws: ``LedgerError/duplicateTransaction(_:)`` for an id the shard holds or the
  ///   additions give twice; the shard is unchanged then.
  mutating func merge(_ additions: Additions) throws(LedgerError) {
    guard additions.count > 0 else { return }
    let order = additions.starts.indices.sorted {
      additions.line($0).lexicographicallyPrecedes(additions.line($1))
    }
    var merged = IDShard()
    merged.text.reserveCapacity(text.count + additions.text.count)
    merged.starts.reserveCapacity(starts.count + additions.count)
    var old = 0
    var new = 0
    var last: ArraySlice<UInt8>?
    while old < starts.count || new < order.count {
      let line: ArraySlice<UInt8>
      if new == order.count
        || (old < starts.count
          && text[lineRange(old)].lexicographicallyPrecedes(additions.line(order[new])))
      {
        line = text[lineRange(old)]
        old += 1
      } else {
        line = additions.line(order[new])
        new += 1
      }
      let id = Self.id(of: line)
      if let last, Self.id(of: last).elementsEqual(id) {
        throw .duplicateTransaction(TransactionID(String(decoding: id, as: UTF8.self)))
      }
      merged.append(line)
      last = line
    }
    self = merged
  }

  // MARK: - Lines

  /// The bytes of line `position`, without its newline.
  private func lineRange(_ position: Int) -> Range<Int> {
    let end = position + 1 < starts.count ? Int(starts[position + 1]) : text.count
    return Int(starts[position])..<(end - 1)
  }

  /// Where `id`'s line is, or where it belongs, and whether it is there.
  private func search(_ id: String) -> (position: Int, found: Bool) {
    var id = id
    return id.withUTF8 { wanted in
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if Self.id(of: text[lineRange(middle)]).lexicographicallyPrecedes(wanted) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      let found = low < starts.count && Self.id(of: text[lineRange(low)]).elementsEqual(wanted)
      return (low, found)
    }
  }

  private mutating func append(_ line: ArraySlice<UInt8>) {
    starts.append(UInt32(text.count))
    text.append(contentsOf: line)
    text.append(Self.newline)
  }

  private mutating func insert(_ line: [UInt8], at position: Int) {
    let start = position < starts.count ? Int(starts[position]) : text.count
    text.insert(contentsOf: line + [Self.newline], at: start)
    starts.insert(UInt32(start), at: position)
    for later in (position + 1)..<starts.count { starts[later] += UInt32(line.count + 1) }
  }

  private mutating func remove(_ position: Int) {
    let range = lineRange(position)
    let removed = range.count + 1
    text.removeSubrange(range.lowerBound..<(range.upperBound + 1))
    starts.remove(at: position)
    for later in position..<starts.count { starts[later] -= UInt32(removed) }
  }

  private mutating func replace(_ position: Int, with line: [UInt8]) {
    remove(position)
    insert(line, at: position)
  }

  /// The id part of a line: everything before its space.
  private static func id(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.firstIndex(of: space).map { line[..<$0] } ?? line
  }

  /// The month of a line that is one id, one space and a month, or `nil`.
  private static func month(of line: some Collection<UInt8>) -> YearMonth? {
    guard let space = line.firstIndex(of: space), space != line.startIndex else { return nil }
    return IndexFileReader.month(utf8: line[line.index(after: space)...])
  }

  /// Collects a file's lines, checking each, and makes the shard: sorted, each id once.
  private struct Reader {
    var text: [UInt8] = []
    var starts: [UInt32] = []
    var sorted = true

    mutating func add(_ line: some Collection<UInt8>) throws(StoredRecordProblem) {
      guard IDShard.month(of: line) != nil else {
        throw StoredRecordProblem.index(
          "id shard entry '\(String(decoding: line, as: UTF8.self))'")
      }
      if let last = starts.last, sorted,
        !text[Int(last)..<(text.count - 1)].lexicographicallyPrecedes(line)
      {
        sorted = false
      }
      starts.append(UInt32(text.count))
      text.append(contentsOf: line)
      text.append(IDShard.newline)
    }

    func finish() throws(StoredRecordProblem) -> IDShard {
      var shard = IDShard()
      shard.text = text
      shard.starts = starts
      if !sorted {
        let lines = starts.indices.map { shard.text[shard.lineRange($0)] }
        shard = IDShard()
        for line in lines.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
          shard.append(line)
        }
      }
      for position in shard.starts.indices.dropFirst()
      where IDShard.id(of: shard.text[shard.lineRange(position - 1)])
        .elementsEqual(IDShard.id(of: shard.text[shard.lineRange(position)]))
      {
        let line = String(decoding: shard.text[shard.lineRange(position)], as: UTF8.self)
        throw StoredRecordProblem.index("id shard entry '\(line)'")
      }
      return shard
    }
  }
}
