import Foundation
import HannunDomain

/// Generated ledgers: entries spread evenly over the 100 years before 2025-11, written straight in
/// the store's file format (schema 1) so that generating a million entries takes seconds.
enum LedgerFixture {
  // swift-format-ignore: NeverUseForceTry
  static let month = try! YearMonth(iso: "2025-11")

  /// A data directory holding `entries` entries, generated on first use.
  static func directory(entries: Int) -> URL {
    let root = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("hannun-bench-\(entries)")
    let ledger = root.appendingPathComponent("ledger")
    if FileManager.default.fileExists(
      atPath: ledger.appendingPathComponent("index/catalog.json").path)
    {
      return root
    }
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.createDirectory(at: ledger, withIntermediateDirectories: true)
    write(#"{"currency":"KRW","schemaVersion":1}"#, to: ledger.appendingPathComponent("meta.json"))
    let months = (0..<1200).compactMap { try? month.adding(months: -$0) }
    let perMonth = max(1, entries / months.count)
    var remaining = entries
    for (index, current) in months.enumerated() where remaining > 0 {
      let count = index == months.count - 1 ? remaining : min(perMonth, remaining)
      remaining -= count
      let folder = ledger.appendingPathComponent(String(current.year))
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      write(
        monthDocument(current, count: count, salt: index),
        to: folder.appendingPathComponent("\(current.iso).json"))
    }
    return root
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
    var records: [String] = []
    records.reserveCapacity(count)
    var generator = SplitMix(seed: UInt64(salt))
    for index in 0..<count {
      let day = 1 + index % month.numberOfDays
      let date = "\(month.iso)-\(day < 10 ? "0" : "")\(day)"
      let kind = index % 7 == 0 ? "income" : "expense"
      let stamp = String(format: "2025-01-01T00:00:%02d.%03dZ", index / 1000 % 60, index % 1000)
      records.append(
        #"{"amountMinor":\#(1_000 + (index * 37 + salt) % 90_000),"category":"food","createdAt":"\#(stamp)","date":"\#(date)","id":"\#(id(&generator))","kind":"\#(kind)","memo":"","updatedAt":"\#(stamp)"}"#
      )
    }
    return #"{"month":"\#(month.iso)","schemaVersion":1,"transactions":["#
      + records.joined(separator: ",") + "]}"
  }

  private static func write(_ text: String, to url: URL) {
    try? Data(text.utf8).write(to: url)
  }
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
