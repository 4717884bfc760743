import Foundation
import HannunDomain
import Testing

@testable import HannunData

/// How a totals year was read before it was read from its bytes: the file's members read into
/// strings by ``IndexFileReader``, then each line split by characters, the month's array copied
/// for every line. `nil`: the file is refused.
private func oldTotals(_ data: Data) -> [YearMonth: [CategoryTotal]?]? {
  guard let members = IndexFileReader.read(data), let lines = members.lists["totals"],
    (members.schemaVersion ?? 0) == supportedSchemaVersion
  else { return nil }
  var year: [YearMonth: [CategoryTotal]?] = [:]
  for line in lines {
    let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
    guard let month = IndexFileReader.month(fields[0]) else { return nil }
    if fields.count == 2 && fields[1] == "overflow" {
      year[month] = .some(nil)
      continue
    }
    guard fields.count == 5, let kind = TransactionKind(rawValue: String(fields[1])),
      let amount = Int64(fields[2]), amount >= 0, let count = Int(fields[3]), count > 0,
      !fields[4].isEmpty
    else { return nil }
    let total = CategoryTotal(
      kind: kind, category: String(fields[4]), amount: Money(minorUnits: amount), count: count)
    var totals = (year[month] ?? []) ?? []
    totals.append(total)
    year[month] = .some(totals)
  }
  return year
}

/// A totals year read as ``LedgerIndex/totals(_:)`` reads its lines (each from its bytes where
/// that agrees with the character split), after ``IndexFileReader`` made them strings.
private func linesTotals(_ data: Data) -> [YearMonth: [CategoryTotal]?]? {
  IndexFileReader.read(data).flatMap { members in
    members.lists["totals"].flatMap {
      try? LedgerIndex.totals(
        StoredTotalsYear(schemaVersion: members.schemaVersion ?? 0, totals: $0))
    }
  }
}

@Suite("A totals year is read from its file's bytes, with the answers of the old decoding")
struct TotalsDecodingTests {
  /// Categories a person may type, and some no one would: spaces inside, quotes and backslashes
  /// (escaped in the file), line and paragraph separators, emoji.
  private static let categories = [
    "식비", "교통", "coffee", "eating out", "  two  spaces ", "say \"hi\"", "back\\slash",
    "tab\there", "new\nline", "sep\u{2028}arator", "🍜 국수", "e\u{301}", "x", "ﾊﾞ",
    "한 글 자 모 음 다 섯", "/slash",
  ]

  /// Categories that start with a scalar joining the space before it into one character: a
  /// line split by characters does not split there, so the old decoding refused such a file.
  private static let joining = ["\u{301}mark first", "\u{200D}joiner", "\u{FF9E}sound mark"]

  private func randomYear(
    _ random: inout SystemRandomNumberGenerator, joining: Bool = false
  ) -> [YearMonth: [CategoryTotal]?] {
    let categories = Self.categories + (joining ? Self.joining : [])
    var year: [YearMonth: [CategoryTotal]?] = [:]
    let number = Int.random(in: 1900...2100, using: &random)
    for month in 1...12 where Int.random(in: 0..<4, using: &random) > 0 {
      guard let key = try? YearMonth(year: number, month: month) else { continue }
      if Int.random(in: 0..<15, using: &random) == 0 {
        year[key] = .some(nil)
        continue
      }
      var totals: [CategoryTotal] = []
      for category in categories.shuffled(using: &random)
        .prefix(Int.random(in: 1...8, using: &random))
      {
        totals.append(
          CategoryTotal(
            kind: Bool.random(using: &random) ? .expense : .income, category: category,
            amount: Money(minorUnits: Int64.random(in: 0...Int64.max, using: &random)),
            count: Int.random(in: 1...5_000, using: &random)))
      }
      year[key] = .some(totals)
    }
    return year
  }

  /// The lines of a file with `lines` as its totals.
  private func file(_ lines: [String], version: Int = 1) -> Data {
    StoredTotalsYear(schemaVersion: version, totals: lines).encoded()
  }

  @Test("Files as Hannun writes them read back as written and as the old decoding read them")
  func writtenFiles() throws {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let year = randomYear(&random)
      let data = LedgerIndex.storedTotals(year).encoded()
      let read = try #require(LedgerIndex.totals(decoding: data))
      #expect(read == year)
      #expect(read == oldTotals(data))
      #expect(read == linesTotals(data))
    }
    var refused = 0
    for _ in 0..<100 {
      let data = LedgerIndex.storedTotals(randomYear(&random, joining: true)).encoded()
      let read = LedgerIndex.totals(decoding: data)
      #expect(read == oldTotals(data))
      if read == nil { refused += 1 }
    }
    #expect(refused > 0)
  }

  @Test("Hand-made lines, good and damaged, get the old decoding's answer, refusals included")
  func handMadeLines() {
    let good = "2025-11 expense 4500 3 식비"
    let lines: [(String, refused: Bool)] = [
      (good, false), ("2025-11 income 0 1 월급 보너스", false), ("2025-11 overflow", false),
      ("2025-11 expense +4500 +3 식비", false), ("2025-11 expense -0 1 식비", false),
      ("2025-11 expense 9223372036854775807 1 x", false),
      ("2025-11 expense 4500 3 e\u{301}", false), ("2025-11 expense 4500 3 a b c d", false),
      ("2025-11 expense 4500 3 ﾊﾞ", false),
      ("", true), ("2025-11", true), ("2025-11 ", true), ("2025-13 expense 1 1 x", true),
      ("2025-1 expense 1 1 x", true), ("2025/11 expense 1 1 x", true),
      ("２025-11 expense 1 1 x", true), ("2025-11 Expense 1 1 x", true),
      ("2025-11 transfer 1 1 x", true), ("2025-11 expense -5 1 x", true),
      ("2025-11 expense 1 0 x", true), ("2025-11 expense 1 -1 x", true),
      ("2025-11 expense 1 1 ", true), ("2025-11 expense 1 1", true),
      ("2025-11 expense 9223372036854775808 1 x", true), ("2025-11 expense 1.5 1 x", true),
      ("2025-11 expense 1_000 1 x", true), ("2025-11 expense + 1 x", true),
      ("2025-11 expense 1 1 \u{301}mark", true), ("2025-11 expense 1 1 \u{200D}joiner", true),
      ("2025-11 expense 1 1 \u{FF9E}mark", true), ("2025-11 expense 1 \u{301}1 x", true),
      ("2025-11 \u{301}expense 1 1 x", true), ("2025-11  expense 1 1 x", true),
      ("2025-11 overflow x", true), ("2025-11 overflow ", true), ("2025-11 Overflow", true),
      ("2025-11\texpense 1 1 x", true), ("2025-11 expense 1 ١ x", true),
    ]
    for (line, refused) in lines {
      for data in [file([line]), file(["2025-10 income 5 1 a", line, good])] {
        let new = LedgerIndex.totals(decoding: data)
        #expect(new == oldTotals(data), "\(line.debugDescription)")
        #expect(new == linesTotals(data), "\(line.debugDescription)")
        #expect((new == nil) == refused, "\(line.debugDescription)")
      }
    }
  }

  @Test("Months spread over the file, and overflow before or after totals, gather as before")
  func monthOrder() throws {
    let lines = [
      "2025-03 expense 1 1 a", "2025-01 income 2 1 b", "2025-03 expense 3 1 c",
      "2025-05 expense 4 1 d", "2025-05 overflow", "2025-06 overflow", "2025-06 income 5 1 e",
      "2025-03 expense 1 1 a", "2025-07 overflow", "2025-07 overflow",
    ]
    let data = file(lines)
    let read = try #require(LedgerIndex.totals(decoding: data))
    #expect(read == oldTotals(data))
    #expect(read[try YearMonth(year: 2025, month: 3)]??.count == 3)
    #expect(read[try YearMonth(year: 2025, month: 5)] == .some(nil))
    #expect(read[try YearMonth(year: 2025, month: 6)]??.count == 1)
    #expect(read[try YearMonth(year: 2025, month: 7)] == .some(nil))
  }

  @Test("Damaged files are refused as before, and other members are checked as before")
  func damagedFiles() {
    let line = #""2025-11 expense 4500 3 식비""#
    let texts = [
      #"{"schemaVersion":1,"totals":[\#(line)]}"#,
      #"  {"schemaVersion":1,"totals":[\#(line)]} trailing"#,
      #"{"schemaVersion":2,"totals":[\#(line)]}"#, #"{"totals":[\#(line)]}"#,
      #"{"schemaVersion":1}"#, "{}", "", "[]", #"{"schemaVersion":1,"totals":[]}"#,
      #"{"schemaVersion":1,"totals":{}}"#, #"{"schemaVersion":1,"totals":{"a":"b"}}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"totals":[]}"#,
      #"{"schemaVersion":1,"totals":["bad"],"totals":[\#(line)]}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"totals":{"a":"b"}}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"other":2}"#,
      #"{"other":1,"schemaVersion":2,"totals":[\#(line)]}"#,
      #"{"schemaVersion":1.0,"totals":[\#(line)]}"#,
      #"{"schemaVersion":"1","totals":[\#(line)]}"#,
      #"{"schemaVersion":1,"totals":[\#(line),3]}"#,
      #"{"schemaVersion":1,"totals":[\#(line),]}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"ids":["a",1]}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"ids":["a","b"],"t":{"x":"y"}}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"t":{"x":1}}"#,
      #"{"schemaVersion":1,"totals":["2025-11\u0020expense 4500 3 식비"]}"#,
      #"{"schemaVersion":1,"totals":["2025-11 expense 4500 3 \ud55c"]}"#,
      #"{"schemaVersion":1,"totals":["2025-11 expense 4500 3 \ud800"]}"#,
      #"{"schemaVersion":1,"totals":["2025-11 expense 4500 3 \q"]}"#,
      #"{"schemaVersion":1,"totals":["2025-11 expense 4500 3 a]}"#,
      #"{"schemaVersion":1,"totals":[\#(line)]"#,
      #"{"schemaVersion":1,"tot\u0061ls":[\#(line)]}"#,
      #"{"schemaVersion":1,"totals":[\#(line)],"totals":["2025-12 overflow"]}"#,
    ]
    var datas = texts.map { Data($0.utf8) }
    // Invalid UTF-8 in a line, in a category and in another member.
    let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE0, 0x80]]
    for bytes in bad {
      datas.append(
        Data(#"{"schemaVersion":1,"totals":["2025-11 expense 1 1 "#.utf8) + bytes
          + Data(#""]}"#.utf8))
      datas.append(
        Data(#"{"schemaVersion":1,"totals":[""#.utf8) + bytes + Data(#"",\#(line)]}"#.utf8))
      datas.append(
        Data(#"{"schemaVersion":1,"totals":[\#(line)],"x":[""#.utf8) + bytes + Data(#""]}"#.utf8))
    }
    var refusedCount = 0
    for data in datas {
      let new = LedgerIndex.totals(decoding: data)
      #expect(new == oldTotals(data), "\(String(decoding: data, as: UTF8.self).debugDescription)")
      if new == nil { refusedCount += 1 }
    }
    #expect(refusedCount > datas.count / 2)
  }

  @Test("Written files cut, bytes changed or bytes dropped get the old decoding's answer")
  func mutatedFiles() {
    var random = SystemRandomNumberGenerator()
    let replacements: [UInt8] = Array(" \"\\,:[]{}0123456789-+ \n\tuexo".utf8) + [0xFF, 0xCC, 0x81]
    var refused = 0
    var total = 0
    for _ in 0..<60 {
      let written = [UInt8](
        LedgerIndex.storedTotals(randomYear(&random)).encoded())
      guard !written.isEmpty else { continue }
      for _ in 0..<40 {
        var bytes = written
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes[at] = replacements.randomElement(using: &random) ?? 0x20
        default: bytes.remove(at: at)
        }
        let data = Data(bytes)
        let new = LedgerIndex.totals(decoding: data)
        #expect(new == oldTotals(data), "\(String(decoding: data, as: UTF8.self).debugDescription)")
        total += 1
        if new == nil { refused += 1 }
      }
    }
    #expect(refused > 0 && refused < total)
  }
}
