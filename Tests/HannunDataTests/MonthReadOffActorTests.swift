import Dispatch
import Foundation
import HannunDomain
import HannunTestSupport
import Synchronization
import Testing

@testable import HannunData

extension JSONFileTransactionStore {
  /// A read of `days` with every month decoded on the actor, one after the other, as before the
  /// decoding moved off it: what the reads decoded outside must agree with.
  func transactionsOneByOne(in days: ClosedRange<Day>) async throws -> [Transaction] {
    try await reading { () throws(LedgerError) in try storedTransactions(in: days) }
  }
}

/// A month's file is read (and checked against the index) on the file store's actor, and
/// decoded off it (issue 20, item 7): a server's many pages decode their months side by side
/// instead of waiting for each other on the store. A month file laid out as Hannun writes it is
/// decoded line by line (``SearchRecordLine/month(_:_:)``), giving what the general reader
/// gives from the same bytes.
@Suite("JSON file store: months decoded off the store's actor")
struct MonthReadOffActorTests {
  /// `count` records of `month` as Hannun writes them, ids `prefix0`, `prefix1`, …
  static func records(_ count: Int, month: String, prefix: String) -> [StoredTransaction] {
    (0..<count).map { position -> StoredTransaction in
      let day = String(format: "%02d", 1 + position % 28)
      let stamp = "2025-01-01T00:00:00.000Z"
      let edited = position % 7 == 0 ? "2025-02-01T00:00:00.123Z" : stamp
      return StoredTransaction(
        id: "\(prefix)\(position)", date: "\(month)-\(day)",
        kind: position % 5 == 0 ? "income" : "expense", amountMinor: Int64(1 + position % 9_000),
        category: position % 2 == 0 ? "식비" : "coffee", memo: position % 3 == 0 ? "점심 😀" : "",
        createdAt: stamp, updatedAt: edited)
    }
  }

  /// The month file Hannun writes for `records`.
  static func file(_ month: String, _ records: [StoredTransaction]) -> Data {
    MonthFileCodec.encode(
      StoredMonth(schemaVersion: 1, month: month, transactions: records))
  }

  @Test(
    "while a month decodes, the store answers another month's read",
    .timeLimit(.minutes(5)))
  func answersWhileDecoding() async throws {
    try await withDataDirectory { data in
      try plant(
        String(
          decoding: Self.file("2025-11", Self.records(300, month: "2025-11", prefix: "b")),
          as: UTF8.self),
        at: monthFile(data, "2025-11"))
      try plant(
        String(
          decoding: Self.file("2025-10", Self.records(3, month: "2025-10", prefix: "s")),
          as: UTF8.self),
        at: monthFile(data, "2025-10"))
      let november = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
      let october = Fixtures.day("2025-10-01")...Fixtures.day("2025-10-31")
      let store = try await openStore(data)
      // November's decoding is held where it happens, on the thread about to decode it, until
      // October's read has answered (or two minutes have passed): a store that decoded on its
      // actor would keep October's read waiting behind it, however fast the machine.
      let path = monthFile(data, "2025-11").standardizedFileURL.path(percentEncoded: false)
      let entered = DispatchSemaphore(value: 0)
      let answered = DispatchSemaphore(value: 0)
      let heldUntilAnswered = Atomic<Bool>(false)
      MonthDecodeGates.shared.hold(path) {
        entered.signal()
        if answered.wait(timeout: .now() + 120) == .success {
          heldUntilAnswered.store(true, ordering: .sequentiallyConsistent)
        }
      }
      defer { MonthDecodeGates.shared.remove(path) }
      let long = Task { try await store.transactions(in: november).count }
      let reached = await offThePool { entered.wait(timeout: .now() + 120) == .success }
      #expect(reached, "November's decoding was never started")
      let small = try await store.transactions(in: october)
      answered.signal()
      #expect(small.count == 3)
      #expect(try await long.value == 300)
      let held = heldUntilAnswered.load(ordering: .sequentiallyConsistent)
      #expect(held, "October's read waited for November's decoding")
      // Decoded once: the month is kept for the version read.
      _ = try await store.transactions(in: november)
      #expect(await store.monthFilesDecoded == 2)
    }
  }

  @Test("a few months are decoded side by side and give what a read of one after the other gives")
  func sameAsOneByOne() async throws {
    try await withDataDirectory { data in
      for (index, month) in ["2025-08", "2025-09", "2025-10", "2025-11"].enumerated() {
        try plant(
          String(
            decoding: Self.file(
              month, Self.records(40 + index, month: month, prefix: "m\(index)k")),
            as: UTF8.self),
          at: monthFile(data, month))
      }
      let store = try await openStore(data)
      let other = try await openStore(data)
      for (from, to) in [
        ("2025-08-15", "2025-11-02"), ("2025-09-01", "2025-09-30"), ("2025-07-20", "2025-08-03"),
        ("2025-10-31", "2025-11-01"),
      ] {
        let days = Fixtures.day(from)...Fixtures.day(to)
        let outside = try await store.transactions(in: days)
        let oneByOne = try await other.transactionsOneByOne(in: days)
        #expect(outside == oneByOne, "\(from)…\(to)")
        #expect(!outside.isEmpty)
      }
    }
  }

  @Test("a damaged month among a few fails the read with the error a read one by one gives")
  func sameFirstError() async throws {
    try await withDataDirectory { data in
      try plant(
        String(
          decoding: Self.file("2025-09", Self.records(5, month: "2025-09", prefix: "a")),
          as: UTF8.self),
        at: monthFile(data, "2025-09"))
      try plant(
        monthJSON(month: "2025-10", records: [recordJSON(date: "2025-11-03")]),
        at: monthFile(data, "2025-10"))
      try plant("{\"month\":", at: monthFile(data, "2025-11"))
      let store = try await openStore(data)
      let other = try await openStore(data)
      let days = Fixtures.day("2025-09-01")...Fixtures.day("2025-11-30")
      var outside: String?
      var oneByOne: String?
      do { _ = try await store.transactions(in: days) } catch { outside = "\(error)" }
      do { _ = try await other.transactionsOneByOne(in: days) } catch { oneByOne = "\(error)" }
      #expect(outside != nil)
      #expect(outside == oneByOne)
      #expect(outside?.contains("2025-10") == true)
    }
  }

  @Test("a month file Hannun wrote is read line by line, as the general reader reads it")
  func lineByLine() throws {
    let month = try YearMonth(iso: "2025-11")
    let plain = Self.records(50, month: "2025-11", prefix: "x")
    var quoted = plain[7]
    quoted.id = "q1"
    quoted.memo = "say \"hi\" \\ back"
    let records = plain + [quoted]
    let data = Self.file("2025-11", records)
    let general = try MonthFileCodec.decode(data, path: "m.json").transactions(of: month)
    let direct = data.withUnsafeBytes { SearchRecordLine.month(month, $0) }
    // Records with escapes are not read line by line: the whole file goes to the general reader.
    #expect(direct == nil)
    let plainData = Self.file("2025-11", plain)
    let plainDirect = plainData.withUnsafeBytes { SearchRecordLine.month(month, $0) }
    #expect(plainDirect != nil)
    #expect(
      plainDirect == (try MonthFileCodec.decode(plainData, path: "m.json").transactions(of: month)))
    #expect(try MonthDocument.transactions(from: data, month: month, path: "m.json") == general)
  }

  @Test("a month file laid out any other way is left to the general reader, which decides")
  func otherLayouts() throws {
    let month = try YearMonth(iso: "2025-11")
    let text = String(
      decoding: Self.file("2025-11", Self.records(3, month: "2025-11", prefix: "y")), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 6, "header, three records, ]} and the empty end")
    let variants: [(String, String)] = [
      ("as written", text),
      ("no final line break", String(text.dropLast())),
      ("two final line breaks", text + "\n"),
      (
        "a trailing comma",
        [lines[0], lines[1], lines[2], lines[3] + ",", lines[4], ""].joined(separator: "\n")
      ),
      (
        "a comma missing",
        [lines[0], String(lines[1].dropLast()), lines[2], lines[3], lines[4], ""].joined(
          separator: "\n")
      ),
      ("no closing line", [lines[0], lines[1], lines[2], lines[3], ""].joined(separator: "\n")),
      ("text after the end", text + "x"),
      ("CRLF", text.replacingOccurrences(of: "\n", with: "\r\n")),
      ("a space in a record", text.replacingOccurrences(of: "\"kind\":", with: "\"kind\": ")),
      ("empty", "{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[]}\n"),
      (
        "empty over two lines",
        "{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[\n]}\n"
      ),
      (
        "another month",
        text.replacingOccurrences(of: "\"month\":\"2025-11\"", with: "\"month\":\"2025-10\"")
      ),
      (
        "a date outside",
        text.replacingOccurrences(of: "\"date\":\"2025-11-01\"", with: "\"date\":\"2025-12-01\"")
      ),
      ("an id twice", text.replacingOccurrences(of: "\"id\":\"y1\"", with: "\"id\":\"y0\"")),
      ("a bad stamp", text.replacingOccurrences(of: "2025-01-01T00:00:00.000Z", with: "yesterday")),
      ("a record on two lines", text.replacingOccurrences(of: ",\"kind\"", with: ",\n\"kind\"")),
    ]
    for (name, variant) in variants {
      let data = Data(variant.utf8)
      let general: [Transaction]?
      do {
        general = try MonthFileCodec.decode(data, path: "m.json").transactions(of: month)
      } catch {
        general = nil
      }
      if let direct = data.withUnsafeBytes({ SearchRecordLine.month(month, $0) }) {
        #expect(general == direct, "\(name): read line by line, refused by the general reader")
      }
      let read = try? MonthDocument.transactions(from: data, month: month, path: "m.json")
      #expect(read == general, "\(name)")
    }
    #expect(Data(text.utf8).withUnsafeBytes { SearchRecordLine.month(month, $0) }?.count == 3)
  }
}
