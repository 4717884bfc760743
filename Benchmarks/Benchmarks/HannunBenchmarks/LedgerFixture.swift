import Foundation
import HannunData
import HannunDomain

/// Generated ledgers: entries spread evenly over the 100 years before 2025-11, written straight in
/// the store's file format (schema 1) so that generating a million entries takes seconds. Each
/// ledger is generated once, then its index is built by a first write, so that the benchmarks
/// measure the steady state (the one-time index build is not what they are about).
enum LedgerFixture {
  // swift-format-ignore: NeverUseForceTry
  static let month = try! YearMonth(iso: "2025-11")

  /// The number of months the fixtures span: a century ending with ``month``.
  static let monthCount = 1200

  /// A file in a finished fixture's data directory: its ledger was generated in full by this
  /// version of the generator and its index built. Another name makes old fixtures be generated
  /// again.
  private static let completeMarker = "fixture-complete-v2"

  /// The data directory of the ledger holding `entries` entries; ``prepare(entries:)`` makes it.
  static func directory(entries: Int) -> URL {
    URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hannun-bench-\(entries)")
  }

  /// Makes sure the ledger of `entries` entries exists with its index recorded: generated (and
  /// its index built) on first use, under a temporary name renamed into place once complete.
  /// Every call then writes once more (an entry added and deleted), so a ledger left stale by an
  /// interrupted run has its index rebuilt here rather than in a measured iteration.
  static func prepare(entries: Int) async throws {
    let root = directory(entries: entries)
    let files = FileManager.default
    if !files.fileExists(atPath: root.appendingPathComponent(completeMarker).path) {
      let staging = root.deletingLastPathComponent()
        .appendingPathComponent("hannun-bench-\(entries).partial")
      try? files.removeItem(at: staging)
      try generate(entries: entries, at: staging)
      try await StoreProbe.addAndDelete(staging)
      try Data().write(to: staging.appendingPathComponent(completeMarker))
      try? files.removeItem(at: root)
      // A rename keeps the files' signatures, so the index still describes them.
      try files.moveItem(at: staging, to: root)
    }
    try await StoreProbe.addAndDelete(root)
  }

  /// A copy of the ledger of `entries` entries without its index (``makeUnindexedCopy(entries:)``
  /// makes it).
  static func unindexedCopy(entries: Int) -> URL {
    URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("hannun-bench-\(entries)-unindexed")
  }

  /// Copies the prepared ledger of `entries` entries without its `ledger/index` folder.
  static func makeUnindexedCopy(entries: Int) throws {
    let files = FileManager.default
    let copy = unindexedCopy(entries: entries)
    try? files.removeItem(at: copy)
    try files.copyItem(at: directory(entries: entries), to: copy)
    try files.removeItem(at: copy.appendingPathComponent("ledger/index"))
  }

  /// The months of the century, newest first, and how many entries each holds.
  private static func layout(entries: Int) -> [(month: YearMonth, count: Int)] {
    let months = (0..<monthCount).compactMap { try? month.adding(months: -$0) }
    let perMonth = max(1, entries / months.count)
    var remaining = entries
    var result: [(month: YearMonth, count: Int)] = []
    for (index, current) in months.enumerated() where remaining > 0 {
      let count = index == months.count - 1 ? remaining : min(perMonth, remaining)
      remaining -= count
      result.append((current, count))
    }
    return result
  }

  private static func generate(entries: Int, at root: URL) throws {
    let ledger = root.appendingPathComponent("ledger")
    try FileManager.default.createDirectory(at: ledger, withIntermediateDirectories: true)
    try write(
      #"{"currency":"KRW","schemaVersion":1}"#, to: ledger.appendingPathComponent("meta.json"))
    for (index, (current, count)) in layout(entries: entries).enumerated() {
      let folder = ledger.appendingPathComponent(String(current.year))
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try write(
        monthDocument(current, count: count, salt: index),
        to: folder.appendingPathComponent("\(current.iso).json"))
    }
  }

  /// The id of an entry the ledger of `entries` entries holds: the first one of a month about
  /// half-way through the century (or through the months that have entries).
  static func sampleID(entries: Int) -> TransactionID {
    let salt = min(monthCount / 2, layout(entries: entries).count / 2)
    var generator = SplitMix(seed: UInt64(salt))
    return TransactionID(id(&generator))
  }

  /// Ids as Hannun makes them (random base32), so the id index has its usual shape.
  private static func id(_ generator: inout some RandomNumberGenerator) -> String {
    TransactionID.random(using: &generator).rawValue
  }

  /// `count` entries of `month`, in memory.
  static func entries(count: Int, in month: YearMonth) -> [Transaction] {
    (0..<count).compactMap { index in
      guard let amount = try? Amount(minorUnits: Int64(1_000 + index % 50_000)),
        let day = try? month.day(1 + index % month.numberOfDays)
      else { return nil }
      return Transaction(
        id: TransactionID("b\(index)"), day: day, kind: index % 5 == 0 ? .income : .expense,
        amount: amount, category: "food", memo: "", createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0))
    }
  }

  private static func monthDocument(_ month: YearMonth, count: Int, salt: Int) -> String {
    // (date, createdAt, id, line), sorted below into the order Hannun keeps a month's records:
    // day, then creation stamp, then id, so that a reader never sorts them.
    var records: [(String, String, String, String)] = []
    records.reserveCapacity(count)
    var generator = SplitMix(seed: UInt64(salt))
    for index in 0..<count {
      let day = 1 + index % month.numberOfDays
      let date = "\(month.iso)-\(day < 10 ? "0" : "")\(day)"
      let kind = index % 7 == 0 ? "income" : "expense"
      let stamp = String(format: "2025-01-01T00:00:%02d.%03dZ", index / 1000 % 60, index % 1000)
      let identifier = id(&generator)
      records.append(
        (
          date, stamp, identifier,
          #"{"amountMinor":\#(1_000 + (index * 37 + salt) % 90_000),"category":"food","createdAt":"\#(stamp)","date":"\#(date)","id":"\#(identifier)","kind":"\#(kind)","memo":"","updatedAt":"\#(stamp)"}"#
        ))
    }
    records.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
    // The layout Hannun writes: the document's members, then one record a line.
    return #"{"month":"\#(month.iso)","schemaVersion":1,"transactions":["# + "\n"
      + records.map(\.3).joined(separator: ",\n") + "\n]}\n"
  }

  private static func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
  }
}

/// Why a fixture could not be made or used.
struct FixtureError: Error, CustomStringConvertible {
  var description: String
}

/// A small reproducible generator for fixture ids.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
