#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The signature each of the index's own files (id shards, totals years) had when the catalog
/// was committed with it, by path relative to `ledger/` (see ``LedgerIndex/files``).
///
/// Read from a catalog, the records stay in its bytes: only where each name and signature is
/// gets noted, in name order, and a signature is parsed when asked for. A write asks for two or
/// three of a century's 800, and writes the others back by copying their bytes; making a string
/// and a dictionary entry for every one of them was a third of a write's reading of the catalog.
/// What a write changes is kept beside them.
struct IndexFileSignatures {
  /// The catalog's bytes, when the records were read from one.
  private var source: [UInt8] = []
  /// The records read, in name order (by bytes), each name unique: where its name and its
  /// signature's text are in ``source``.
  private var listed: [(name: Range<Int>, text: Range<Int>)] = []
  /// Changes since: a new signature and the checksum of the bytes written, or `nil` for a file
  /// the index no longer has.
  private var changed: [String: (signature: FileSignature, checksum: UInt64?)?] = [:]

  /// No records.
  init() {}

  /// The records of a catalog: where each name and signature text is in `source`, in any order.
  /// A name listed twice keeps its last record, as reading into a dictionary would.
  init(source: [UInt8], listed: [(name: Range<Int>, text: Range<Int>)]) {
    self.source = source
    let ordered = listed.indices.dropFirst().allSatisfy {
      Self.compare(source[listed[$0 - 1].name], source[listed[$0].name]) < 0
    }
    if ordered {
      self.listed = listed
    } else {
      // Sorted by name and, among equal names, by position; then the last of each name kept.
      let sorted = listed.enumerated().sorted {
        let order = Self.compare(source[$0.element.name], source[$1.element.name])
        return order != 0 ? order < 0 : $0.offset < $1.offset
      }.map(\.element)
      var unique: [(name: Range<Int>, text: Range<Int>)] = []
      for record in sorted {
        if let last = unique.last, Self.compare(source[last.name], source[record.name]) == 0 {
          unique[unique.count - 1] = record
        } else {
          unique.append(record)
        }
      }
      self.listed = unique
    }
  }

  /// The signature recorded for a file, or `nil` when there is none (or it does not parse).
  /// Setting one records no checksum (see ``record(_:_:contents:)``).
  subscript(relative: String) -> FileSignature? {
    get {
      if let change = changed[relative] { return change?.signature }
      guard let position = position(of: relative) else { return nil }
      return IndexFileReader.signature(source[listed[position].text])
    }
    set { changed.updateValue(newValue.map { ($0, nil) }, forKey: relative) }
  }

  /// The ``ContentChecksum`` recorded for a file, or `nil` when there is none.
  func checksum(_ relative: String) -> UInt64? {
    if let change = changed[relative] { return change?.checksum }
    guard let position = position(of: relative) else { return nil }
    return IndexFileReader.signatureAndChecksum(source[listed[position].text])?.1
  }

  /// Records a file just written: its signature and the checksum of `contents`, its bytes.
  mutating func record(_ relative: String, _ signature: FileSignature, contents: Data) {
    changed.updateValue((signature, ContentChecksum.of(contents)), forKey: relative)
  }

  /// Every record, by name (for tests and checks: it makes every string).
  var all: [String: FileSignature] {
    var all: [String: FileSignature] = [:]
    for record in listed {
      let name = String(decoding: source[record.name], as: UTF8.self)
      all[name] = IndexFileReader.signature(source[record.text])
    }
    for (name, change) in changed { all[name] = change?.signature }
    return all
  }

  /// About how many records there are, for sizing the catalog's buffer.
  var estimatedCount: Int { listed.count + changed.count }

  /// Calls one of the two for each record, in name order: `unchanged` with the bytes of the
  /// name and of the signature's text as read (plain JSON string contents, to be copied), or
  /// `changed` with the name, the new signature and its checksum.
  ///
  /// Unchanged records that follow each other in the source, written exactly as the catalog
  /// writes them (`NAME" : "TEXT","NAME" : "TEXT`), come in one call, copied a run at a time:
  /// `name` then runs from the first record's name to the last one's, and `text` is the last
  /// one's text, so that `"`, `name`, `" : "`, `text` and `"` are the records' bytes.
  func forEachRecord(
    unchanged: (_ name: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Void,
    changed changedRecord: (_ name: String, _ signature: FileSignature, _ checksum: UInt64?) ->
      Void
  ) {
    let added = changed.keys.map { (name: $0, bytes: Array($0.utf8)) }
      .sorted { Self.compare($0.bytes, $1.bytes) < 0 }
    var next = 0
    // The unchanged records not yet handed on: from the first one's name to the last one's.
    var run: (start: Int, last: (name: Range<Int>, text: Range<Int>))?
    func handRun() {
      guard let (start, last) = run else { return }
      unchanged(source[start..<last.name.upperBound], source[last.text])
      run = nil
    }
    for record in listed {
      let name = source[record.name]
      // The changed names that come before this one are new files.
      while next < added.count, Self.compare(added[next].bytes, name) < 0 {
        handRun()
        if let change = changed[added[next].name] ?? nil {
          changedRecord(added[next].name, change.signature, change.checksum)
        }
        next += 1
      }
      if next < added.count, Self.compare(added[next].bytes, name) == 0 {
        handRun()
        if let change = changed[added[next].name] ?? nil {
          changedRecord(added[next].name, change.signature, change.checksum)
        }
        next += 1
        continue
      }
      if let (start, last) = run, follows(record, last) {
        run = (start, record)
      } else {
        handRun()
        run = (record.name.lowerBound, record)
      }
    }
    handRun()
    for record in added[next...] {
      if let change = changed[record.name] ?? nil {
        changedRecord(record.name, change.signature, change.checksum)
      }
    }
  }

  /// Whether `record` follows `last` in the source, both written as the catalog writes them:
  /// `" : "` between `last`'s name and text, `","` between its text and `record`'s name.
  private func follows(
    _ record: (name: Range<Int>, text: Range<Int>), _ last: (name: Range<Int>, text: Range<Int>)
  ) -> Bool {
    last.text.lowerBound == last.name.upperBound + 5
      && record.name.lowerBound == last.text.upperBound + 3
      && source[last.name.upperBound..<last.text.lowerBound].elementsEqual(Self.inside)
      && source[last.text.upperBound..<record.name.lowerBound].elementsEqual(Self.between)
  }

  /// What separates a record's name from its text in the catalog.
  private static let inside: [UInt8] = Array("\" : \"".utf8)
  /// What separates two records in the catalog.
  private static let between: [UInt8] = Array("\",\"".utf8)

  /// The position in ``listed`` of the record named `relative`, by binary search.
  private func position(of relative: String) -> Int? {
    var name = relative
    return name.withUTF8 { wanted -> Int? in
      var (low, high) = (0, listed.count)
      while low < high {
        let middle = (low + high) / 2
        let order = Self.compare(source[listed[middle].name], wanted)
        if order == 0 { return middle }
        if order < 0 { low = middle + 1 } else { high = middle }
      }
      return nil
    }
  }

  /// How two names order by their bytes: below zero, zero or above.
  private static func compare(
    _ left: some Collection<UInt8>, _ right: some Collection<UInt8>
  ) -> Int {
    var rightBytes = right.makeIterator()
    for byte in left {
      guard let other = rightBytes.next() else { return 1 }
      if byte != other { return byte < other ? -1 : 1 }
    }
    return rightBytes.next() == nil ? 0 : -1
  }
}
