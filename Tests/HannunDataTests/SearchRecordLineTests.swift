import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("JSON file store: search lines read directly")
struct SearchRecordLineTests {
  /// Records as Hannun stores them, with texts that try the reader: Hangul, other scripts,
  /// characters JSON escapes (a quote, a backslash, U+2028), an empty memo, twin stamps and
  /// different ones.
  static let records: [StoredTransaction] = {
    let texts = [
      "식비", "coffee", "Café au lait", "say \"hi\"", "back\\slash", "line\u{2028}sep", "😀 간식",
      "a/b", "",
    ]
    return texts.enumerated().map { position, text in
      StoredTransaction(
        id: "r\(position)k", date: "2025-11-\(10 + position)",
        kind: position % 2 == 0 ? "expense" : "income",
        amountMinor: Int64(position) * 1_234_567 + 1,
        category: text.isEmpty ? "x" : text, memo: text,
        createdAt: "2025-11-0\(1 + position % 9)T08:00:00.000Z",
        updatedAt: position % 3 == 0
          ? "2025-11-0\(1 + position % 9)T08:00:00.000Z" : "2025-11-30T23:59:59.999Z")
    }
  }()

  /// A record's line as ``MonthFileCodec`` writes it.
  private func line(_ record: StoredTransaction) -> String {
    String(decoding: MonthFileCodec.encode(record), as: UTF8.self)
  }

  /// The month file of `lines` (record lines as ``MonthFileCodec`` writes them), laid out as
  /// Hannun lays it out.
  private func monthFile(_ lines: [String]) -> [UInt8] {
    Array(
      ("{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[\n"
        + lines.joined(separator: ",\n") + "\n]}\n").utf8)
  }

  /// The entries the line reader reads from the month file of `lines`, or `nil` when it leaves
  /// them to the general reader.
  private func read(_ lines: [String]) -> [Transaction]? {
    monthFile(lines).withUnsafeBytes { SearchRecordLine.month(Fixtures.month("2025-11"), $0) }
  }

  /// The entries the general reader reads from the month file of `lines`, or why it refuses
  /// them.
  private func general(_ lines: [String]) -> Result<[Transaction], LedgerError> {
    let document = Data(monthJSON(records: lines).utf8)
    do throws(LedgerError) {
      let stored = try MonthFileCodec.decode(document, path: "m.json")
      do throws(StoredRecordProblem) {
        return .success(try stored.transactions(of: Fixtures.month("2025-11")))
      } catch {
        return .failure(.unreadableFile(path: "m.json", reason: .invalidContent(error.reason)))
      }
    } catch {
      return .failure(error)
    }
  }

  @Test("records Hannun wrote read as the general reader reads them, or not at all when escaped")
  func sameAsGeneralReader() throws {
    let lines = Self.records.map(line)
    for text in lines {
      guard case .success(let expected) = general([text]) else {
        // Refused by the rules (U+2028 in a category): the general reader names why.
        #expect(read([text]) == nil, "refused: \(text)")
        continue
      }
      if text.contains("\\") {
        #expect(read([text]) == nil, "escaped: \(text)")
      } else {
        #expect(read([text]) == expected, "\(text)")
      }
    }
    // Every plain record in one file, each category and kind after every other.
    let plain = lines.filter { !$0.contains("\\") && (try? general([$0]).get()) != nil }
    #expect(plain.count >= 6)
    #expect(read(plain) == (try general(plain).get()))
    #expect(read(plain.reversed()) == (try general(plain.reversed()).get()))
  }

  @Test("a line written any other way is left to the general reader")
  func otherLayoutsAreNotRead() {
    let plain = line(Self.records[1])
    #expect(read([plain]) != nil)
    let others = [
      recordJSON(),  // members in another order
      plain.replacingOccurrences(of: "\":", with: "\": "),  // spaces
      plain.replacingOccurrences(of: "\"amountMinor\":1234568", with: "\"amountMinor\":-1234568"),
      plain.replacingOccurrences(of: "\"amountMinor\":1234568", with: "\"amountMinor\":01234568"),
      plain.replacingOccurrences(of: "\"amountMinor\":1234568", with: "\"amountMinor\":1234568.0"),
      plain.replacingOccurrences(of: "\"amountMinor\":1234568", with: "\"amountMinor\":\"1\""),
      plain.replacingOccurrences(
        of: "\"amountMinor\":1234568", with: "\"amountMinor\":1234567890123456789"),
      String(plain.dropLast()) + ",\"note\":1}",  // a member more
      plain.replacingOccurrences(of: ",\"memo\":\"coffee\"", with: ""),  // a member less
      plain.replacingOccurrences(of: "coffee", with: "cof\tfee"),  // a control character
      plain + " ",
      String(plain.dropLast()),
    ]
    for text in others {
      #expect(read([text]) == nil, "\(text)")
    }
    // Bytes that are not UTF-8 are not read as text.
    var bytes = monthFile([plain, line(Self.records[0])])
    if let position = bytes.lastIndex(of: UInt8(ascii: "f")) { bytes[position] = 0xFF }
    #expect(bytes.withUnsafeBytes { SearchRecordLine.month(Fixtures.month("2025-11"), $0) } == nil)
  }

  @Test("fields the line reader does not read itself go to the general reader, which judges them")
  func unusualFieldsAsTheGeneralReaderJudgesThem() throws {
    let plain = line(Self.records[1])
    let stamp = "2025-11-02T08:00:00.000Z"
    // Read by the line reader, as the general reader reads them.
    let read = [
      // Stamps in another ISO 8601 form, and edited entries.
      plain.replacingOccurrences(of: stamp, with: "2025-11-02T08:00:00Z"),
      plain.replacingOccurrences(of: "2025-11-30T23:59:59.999Z", with: "2025-11-30T23:59:59+09:00"),
      plain.replacingOccurrences(of: "2025-11-30T23:59:59.999Z", with: stamp),
      // A memo and a category the rules trim, and ids of every printable ASCII character.
      plain.replacingOccurrences(of: "\"memo\":\"coffee\"", with: "\"memo\":\" coffee \""),
      plain.replacingOccurrences(of: "\"category\":\"coffee\"", with: "\"category\":\"coffee \""),
      plain.replacingOccurrences(of: "\"id\":\"r1k\"", with: "\"id\":\"!~{}[]#/\""),
    ]
    for text in read {
      #expect(text != plain)
      let expected = try general([text]).get()
      #expect(self.read([text]) == expected, "\(text)")
    }
    // Left to the general reader: ids, dates, kinds and stamps it must judge (the Kelvin sign
    // is `==` to K, so an id of it is the same id as one of K), and texts it refuses.
    let kelvin = plain.replacingOccurrences(of: "\"id\":\"r1k\"", with: "\"id\":\"r1\u{212A}\"")
    let upper = plain.replacingOccurrences(of: "\"id\":\"r1k\"", with: "\"id\":\"r1K\"")
      .replacingOccurrences(of: "2025-11-11", with: "2025-11-12")
    let left = [
      kelvin,
      plain.replacingOccurrences(of: "\"id\":\"r1k\"", with: "\"id\":\"번호1\""),
      plain.replacingOccurrences(of: "\"id\":\"r1k\"", with: "\"id\":\"r 1\""),
      plain.replacingOccurrences(of: "2025-11-11", with: "2025-11-31"),
      plain.replacingOccurrences(of: "2025-11-11", with: "2025-10-11"),
      plain.replacingOccurrences(of: "\"kind\":\"income\"", with: "\"kind\":\"Income\""),
      plain.replacingOccurrences(of: stamp, with: "2025-11-02 08:00"),
      plain.replacingOccurrences(of: "\"category\":\"coffee\"", with: "\"category\":\" \""),
      plain.replacingOccurrences(of: "\"amountMinor\":1234568", with: "\"amountMinor\":0"),
    ]
    for text in left {
      #expect(text != plain)
      #expect(self.read([text]) == nil, "\(text)")
    }
    // Two records with one id, by bytes or by `==`, are one id twice for both readers.
    for pair in [[plain, plain], [upper, kelvin]] {
      #expect(self.read(pair) == nil)
      if case .success = general(pair) { Issue.record("the general reader took \(pair)") }
    }
  }

  @Test("only Hannun's first line of the very month is taken as the header")
  func header() throws {
    let month = try YearMonth(year: 2025, month: 11)
    func isHeader(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBytes { SearchRecordLine.isHeader($0, of: month) }
    }
    #expect(isHeader(#"{"month":"2025-11","schemaVersion":1,"transactions":["#))
    #expect(!isHeader(#"{"month":"2025-10","schemaVersion":1,"transactions":["#))
    #expect(!isHeader(#"{"month":"2025-11","schemaVersion":2,"transactions":["#))
    #expect(!isHeader(#"{"month":"2025-11","note":1,"schemaVersion":1,"transactions":["#))
    #expect(!isHeader(#"{"schemaVersion":1,"month":"2025-11","transactions":["#))
  }

  @Test("the entries read line by line are those of the whole month file, with its checks")
  func entriesAsTheWholeFile() throws {
    let month = try YearMonth(year: 2025, month: 11)
    let plain = Self.records.filter { !line($0).contains("\\") }
    let text =
      "{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[\n"
      + plain.map(line).joined(separator: ",\n") + "\n]}\n"
    let bytes = Array(text.utf8)
    let headerEnd = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    var ranges: [Range<Int>] = []
    var start = headerEnd + 1
    for record in plain {
      let count = line(record).utf8.count
      ranges.append(start..<start + count)
      start += count + 2
    }
    let whole = try MonthDocument.transactions(from: Data(bytes), month: month, path: "m.json")
    let direct = bytes.withUnsafeBytes {
      SearchRecordLine.entries(of: month, $0, header: 0..<headerEnd, records: ranges)
    }
    #expect(direct == whole)
    // A record of another month, an id twice or an invalid amount fails the checks: the caller
    // then reads the file the general way, which names the problem.
    let other = try YearMonth(year: 2025, month: 10)
    let wrongMonth = bytes.withUnsafeBytes {
      SearchRecordLine.entries(of: other, $0, header: 0..<headerEnd, records: ranges)
    }
    #expect(wrongMonth == nil)
    let twice = bytes.withUnsafeBytes {
      SearchRecordLine.entries(
        of: month, $0, header: 0..<headerEnd, records: [ranges[0], ranges[0]])
    }
    #expect(twice == nil)
    var tooLarge = plain[0]
    tooLarge.amountMinor = Amount.maximumMinorUnits + 1
    let tooLargeText = Array(
      ("{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[\n" + line(tooLarge) + "\n]}\n")
        .utf8)
    let tooLargeEntries = tooLargeText.withUnsafeBytes {
      SearchRecordLine.entries(
        of: month, $0, header: 0..<headerEnd,
        records: [(headerEnd + 1)..<(headerEnd + 1 + line(tooLarge).utf8.count)])
    }
    #expect(tooLargeEntries == nil)
  }
}

@Suite("JSON file store: a search scanned on every core")
struct SearchScanTests {
  /// A ledger of `months` consecutive months from 2020-01, three entries each, written through
  /// the store (so the index describes it).
  private func ledger(_ data: URL, months: Int) async throws -> [Transaction] {
    let store = try await openStore(data)
    var entries: [Transaction] = []
    for offset in 0..<months {
      let month = try YearMonth(year: 2020 + offset / 12, month: offset % 12 + 1)
      for number in 0..<3 {
        let entry = Transaction(
          id: TransactionID("m\(offset)n\(number)"),
          day: try Day(
            year: month.year, month: month.month, day: 1 + number * 9),
          kind: number == 2 ? .income : .expense,
          amount: Fixtures.amount(Int64(1_000 * (number + 1) + offset)),
          category: number == 0 ? "식비" : "교통", memo: number == 1 ? "점심 \(offset)" : "",
          createdAt: Date(timeIntervalSince1970: Double(1_600_000_000 + offset * 10 + number)),
          updatedAt: Date(timeIntervalSince1970: Double(1_600_000_000 + offset * 10 + number)))
        entries.append(entry)
      }
    }
    try await store.apply(entries.map { .insert($0) })
    return entries
  }

  @Test("more months than the threshold are scanned side by side, and answer as one by one")
  func manyMonths() async throws {
    let months = SearchScan.parallelThreshold * 2 + 5
    #expect(
      SearchScan.workerCount(months: months) >= min(2, ProcessInfo.processInfo.activeProcessorCount)
    )
    #expect(SearchScan.workerCount(months: SearchScan.parallelThreshold - 1) == 1)
    try await withDataDirectory { data in
      let entries = try await ledger(data, months: months)
      let reference = InMemoryTransactionRepository(entries)
      let queries = [
        try TransactionQuery(category: "식비"), try TransactionQuery(kind: .income),
        try TransactionQuery(text: "점심 4"), try TransactionQuery(minimum: Fixtures.amount(2_030)),
        try TransactionQuery(), try TransactionQuery(text: "없는 말"),
      ]
      for query in queries {
        let expected = try await reference.transactions(matching: query)
        #expect(try await openStore(data).transactions(matching: query) == expected, "\(query)")
      }
    }
  }

  @Test("of two damaged months scanned side by side, the earlier is named, as one by one would")
  func firstDamageNamed() async throws {
    let months = SearchScan.parallelThreshold * 2
    try await withDataDirectory { data in
      _ = try await ledger(data, months: months)
      // Months 10 (2020-11) and 41 (2023-06): their records read, then break the rules.
      for month in ["2020-11", "2023-06"] {
        let file = monthFile(data, month)
        let text = try String(contentsOf: file, encoding: .utf8)
        try plant(
          text.replacingOccurrences(of: "\"kind\":\"expense\"", with: "\"kind\":\"spent\""),
          at: file)
      }
      for _ in 0..<5 {
        await expectUnreadable(monthFile(data, "2020-11"), reasonContaining: "spent") {
          _ = try await openStore(data).transactions(matching: TransactionQuery(category: "식비"))
        }
      }
      // A search whose bytes rule the damaged months out still answers.
      let income = try await openStore(data).transactions(matching: TransactionQuery(kind: .income))
      #expect(income.count == months)
    }
  }
}
