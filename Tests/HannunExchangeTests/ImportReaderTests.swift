import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

private let today = Fixtures.day("2025-11-20")

private func reader(_ mapping: [String] = [], category: String = "미분류") throws
  -> StatementReader
{
  try StatementReader(currency: .krw, today: today, defaultCategory: category, mapping: mapping)
}

@Suite("CSV records, RFC 4180")
struct CSVTableTests {
  @Test("quoted commas, doubled quotes and line breaks stay in their field; lines are counted")
  func quoting() {
    let text = "a,b,c\r\n\"1,5\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nx,y,z\n"
    let records = CSVTable.records(text)
    #expect(
      records == [
        CSVRecord(line: 1, fields: ["a", "b", "c"]),
        CSVRecord(line: 2, fields: ["1,5", "say \"hi\"", "two\nlines"]),
        CSVRecord(line: 4, fields: ["x", "y", "z"]),
      ])
  }

  @Test("blank lines are skipped, a last line without a break is read, lone CRs end records")
  func blankLinesAndEndings() {
    #expect(
      CSVTable.records("a\n\n\r\nb\rc")
        == [
          CSVRecord(line: 1, fields: ["a"]), CSVRecord(line: 4, fields: ["b"]),
          CSVRecord(line: 5, fields: ["c"]),
        ])
    #expect(CSVTable.records("") == [])
    #expect(CSVTable.records("\"\"\n,\n") == [CSVRecord(line: 2, fields: ["", ""])])
  }
}

@Suite("Decoding a statement's bytes")
struct ImportTextTests {
  @Test("UTF-8 with and without a byte-order mark")
  func utf8() throws {
    #expect(try ImportText.decode(Array("날짜,금액".utf8)) == "날짜,금액")
    #expect(try ImportText.decode([0xEF, 0xBB, 0xBF] + Array("날짜".utf8)) == "날짜")
  }

  @Test("CP949 bytes (invalid UTF-8) are converted")
  func cp949() throws {
    // "날짜,적요\n점심" in CP949 (EUC-KR): 날 B3AF 짜 C2A5 적 C0FB 요 BFE4 점 C1A1 심 BDC9.
    let bytes: [UInt8] = [
      0xB3, 0xAF, 0xC2, 0xA5, 0x2C, 0xC0, 0xFB, 0xBF, 0xE4, 0x0A, 0xC1, 0xA1, 0xBD, 0xC9,
    ]
    #expect(try ImportText.decode(bytes) == "날짜,적요\n점심")
  }

  @Test("bytes that are neither UTF-8 nor CP949 are refused")
  func undecodable() {
    #expect(throws: ImportError.undecodable) { try ImportText.decode([0xFF, 0xFF, 0x80]) }
  }
}

@Suite("Reading a CSV statement")
struct StatementReaderTests {
  @Test("a Korean bank: 거래일자 with a time, 적요, separate 출금 and 입금 columns")
  func koreanBank() throws {
    let text = """
      거래일자,적요,출금,입금,잔액
      2025.11.03 14:22,"점심, 김밥",12000,,100000
      2025.11.04 09:00,월급,0,"3,000,000",3100000
      """
    let rows = try reader().read(text)
    #expect(rows.map(\.line) == [2, 3])
    #expect(
      rows.map(\.draft) == [
        try TransactionDraft(
          day: Fixtures.day("2025-11-03"), kind: .expense, amount: Fixtures.amount(12_000),
          category: "미분류", memo: "점심, 김밥"),
        try TransactionDraft(
          day: Fixtures.day("2025-11-04"), kind: .income, amount: Fixtures.amount(3_000_000),
          category: "미분류", memo: "월급"),
      ])
  }

  @Test("English headers; a signed amount is an expense when negative")
  func englishSigned() throws {
    let text =
      "Date,Description,Amount,Category\n2025-11-03,coffee,-4500,cafe\n"
      + "2025-11-04,refund,(1200),\n2025-11-05,salary,3만,pay\n"
    let rows = try reader(category: "uncategorized").read(text).map(\.draft)
    #expect(rows.map(\.kind) == [.expense, .expense, .income])
    #expect(rows.map(\.amount.minorUnits) == [4_500, 1_200, 30_000])
    #expect(rows.map(\.category) == ["cafe", "uncategorized", "pay"])
  }

  @Test("a kind column decides over the sign, in Hannun's words and a bank's")
  func kindColumn() throws {
    let text =
      "날짜,구분,금액,분류,메모\n2025-11-03,입금,5000,용돈,\n2025-11-04,지출,-3000,식비,x\n"
      + "2025-11-05,income,100,a,\n"
    let rows = try reader().read(text).map(\.draft)
    #expect(rows.map(\.kind) == [.income, .expense, .income])
    #expect(rows.map(\.amount.minorUnits) == [5_000, 3_000, 100])
  }

  @Test("Hannun's own CSV export reads back as the same entries")
  func ownExport() throws {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 12_000, category: "식비", memo: "점심, \"김밥\""),
      .fixture(id: "b", day: "2025-11-04", kind: .income, amount: 3_000_000, category: "월급"),
    ]
    let text = CSVExport.text(entries, currency: .krw, byteOrderMark: true)
    let decoded = try ImportText.decode(Array(text.utf8))
    #expect(try reader().read(decoded).map(\.draft) == entries.map(TransactionDraft.init))
  }

  @Test("a quote a combining mark follows reads back exactly from Hannun's own export")
  func ownExportCombiningQuote() throws {
    let texts = ["\"\u{301}", "점심 \"\u{301}김밥\"", "a,\"\u{20DD}", "\"\u{FE0F}\"\u{301}x"]
    let entries: [Transaction] = texts.enumerated().map { index, text in
      .fixture(
        id: "c\(index)", day: "2025-11-03", amount: Int64(100 + index),
        category: "식비\(index)", memo: text)
    }
    let exported = CSVExport.text(entries, currency: .krw)
    let read = try reader().read(try ImportText.decode(Array(exported.utf8))).map(\.draft)
    let sorted = entries.sorted(by: Transaction.listOrder)
    #expect(read == sorted.map(TransactionDraft.init))
    // Scalar by scalar: String's == would let a canonically equivalent text pass.
    #expect(
      read.map { Array($0.memo.unicodeScalars) } == sorted.map { Array($0.memo.unicodeScalars) })
  }

  @Test("formulas neutralised by the export, and memos that start with a quote, read back exactly")
  func ownExportFormulas() throws {
    let texts = [
      "=HYPERLINK(\"http://x\")", "+1", "-5 refund", "@SUM(A1)", "'quoted", "''twice", "'=both",
      "'", "plain", "a'b",
    ]
    let entries: [Transaction] = texts.enumerated().map { index, text in
      .fixture(
        id: "e\(index)", day: "2025-11-03", amount: Int64(100 + index),
        category: text, memo: text)
    }
    let exported = CSVExport.text(entries, currency: .krw)
    #expect(!exported.contains(",=") && !exported.contains(",+") && !exported.contains(",@"))
    let read = try reader().read(try ImportText.decode(Array(exported.utf8))).map(\.draft)
    #expect(read == entries.sorted(by: Transaction.listOrder).map(TransactionDraft.init))
    // Another program's statement keeps its leading quote: only Hannun's header says otherwise.
    let other = try reader().read("date,amount,memo\n2025-11-03,-1,'=x\n").map(\.draft)
    #expect(other.map(\.memo) == ["'=x"])
  }

  @Test("--map names any other header; a mapping to a missing header is refused")
  func mapping() throws {
    let text = "Posted,Value,Payee\n2025-11-03,-12000,market\n"
    let rows = try reader(["date=Posted", "amount=Value"]).read(text).map(\.draft)
    #expect(rows.map(\.memo) == ["market"])
    #expect(throws: ImportError.missingColumn(.date)) { try reader().read(text) }
    #expect(throws: ImportError.unknownHeader(field: .date, header: "When")) {
      try reader(["date=When"]).read(text)
    }
    #expect(throws: ImportError.unknownField("day")) { try reader(["day=Posted"]) }
    #expect(throws: ImportError.badMapping("date")) { try reader(["date"]) }
  }

  @Test("a bad row in the middle rejects the file with its line, column and reason")
  func badRows() throws {
    let text = "날짜,금액,메모\n2025-11-03,1000,a\n2025-13-40,1000,b\n2025-11-05,x,c\n"
    #expect(
      throws: ImportError.badRow(
        line: 3, column: "날짜", problem: .date(.noSuchMonth("2025-13-40")))
    ) { try reader().read(text) }
    let amount = "날짜,금액,메모\n2025-11-03,1000,a\n\n2025-11-05,열두개,c\n"
    #expect(
      throws: ImportError.badRow(line: 4, column: "금액", problem: .amount(.malformed("열두개")))
    ) { try reader().read(amount) }
    let both = "date,deposit,withdrawal\n2025-11-03,100,200\n"
    #expect(throws: ImportError.badRow(line: 2, column: "deposit", problem: .bothAmounts)) {
      try reader().read(both)
    }
    let neither = "date,deposit,withdrawal\n2025-11-03,,\n"
    #expect(throws: ImportError.badRow(line: 2, column: "withdrawal", problem: .noAmount)) {
      try reader().read(neither)
    }
  }

  @Test(
    "a bank's date and time of day counts by its date",
    arguments: [
      ("2015.11.01 00:02", "2015-11-01"), ("2015-11-01 00:02:03", "2015-11-01"),
      ("2015/11/01 오후 3:04", "2015-11-01"), ("2015.11.01. 23:59", "2015-11-01"),
      ("2015-11-01T14:22:00+09:00", "2015-11-01"), ("2015.11.01\u{3000}00:02", "2015-11-01"),
      ("어제 10:00", "2025-11-19"), ("2015. 11. 01", "2015-11-01"),
    ])
  func dateAndTime(text: String, expected: String) throws {
    let rows = try reader().read("거래일시,출금,입금\n\(text),1000,\n\(text),,2000\n")
    #expect(rows.map(\.draft.day) == [Fixtures.day(expected), Fixtures.day(expected)])
  }

  @Test("rows of one day at different times share the day; each row keeps its own")
  func manyTimesOfOneDay() throws {
    let text = """
      거래일시,출금,입금
      2015.11.01 00:02,1000,
      2015.11.01 13:45,2000,
      2015.11.02 00:02,,3000
      2015.11.01,4000,
      2015-11-02 09:00:00,5000,

      """
    let rows = try reader().read(text)
    #expect(
      rows.map(\.draft.day.iso)
        == ["2015-11-01", "2015-11-01", "2015-11-02", "2015-11-01", "2015-11-02"])
  }

  @Test(
    "a date and time whose date is wrong is refused by the whole text, as before",
    arguments: [
      "2015.13.01 00:02", "2015.02.30 00:02", "20151101 000200", "20151101 00:02", " 00:02",
      "Today 10:00", "2015.11.01:00:02", "2015년 11월 1일 09:30",
    ])
  func dateAndTimeRefused(text: String) throws {
    #expect(
      throws: ImportError.badRow(
        line: 3, column: "거래일시",
        problem: .date(.malformedDate(text.trimmingCharacters(in: .whitespaces))))
    ) { try reader().read("거래일시,출금,입금\n2015.11.01 00:02,1,\n\(text),1,\n") }
  }

  @Test("a memo over two lines becomes one line; an empty file has no header")
  func oneLineAndEmpty() throws {
    let rows = try reader().read("날짜,금액,내용\n2025-11-03,-1,\"첫째\r\n둘째\"\n")
    #expect(rows.map(\.draft.memo) == ["첫째 둘째"])
    #expect(throws: ImportError.noHeader) { try reader().read("\n\n") }
  }
}

@Suite("Reading an hledger/ledger journal")
struct JournalReaderTests {
  let reader = JournalReader(currency: .krw, today: today)

  @Test("the export reads back as the same entries, memo-less ones included")
  func roundTrip() {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 12_000, category: "식비", memo: "점심 김밥"),
      .fixture(id: "b", day: "2025-11-04", kind: .income, amount: 3_000_000, category: "월급"),
      .fixture(id: "c", day: "2025-11-05", amount: 4_500, category: "cafe", memo: "latte #2"),
    ]
    let read = reader.read(JournalExport.text(entries, currency: .krw))
    #expect(read.skipped.isEmpty)
    #expect(read.rows.map(\.draft) == entries.map(TransactionDraft.init))
  }

  @Test("categories and memos that no account or description can spell come back exactly")
  func exactRoundTrip() {
    let names = [
      "a:b", "a-b", "a;b", "a,b", "two  spaces", "two spaces", "tab\u{3000}wide", "* star",
      "! bang", "(12) code", "quote \"q\"", "back\\slash", "식비:외식", "식비-외식", "x  ;  y",
      "\u{202E}bidi", "trail;", ":", ";", "-", "@", "=1", "'", "emoji 👨‍👩‍👧", "a\u{200B}b", "Üß",
      "last",
    ]
    var entries: [Transaction] = []
    for (index, name) in names.enumerated() {
      let kind: TransactionKind = index.isMultiple(of: 2) ? .expense : .income
      entries.append(
        .fixture(
          id: "c\(index)", day: "2025-11-03", kind: kind, amount: Int64(100 + index),
          category: name, memo: names[(index + 1) % names.count]))
      entries.append(
        .fixture(
          id: "m\(index)", day: "2025-11-04", kind: kind, amount: Int64(100 + index),
          category: name, memo: index.isMultiple(of: 3) ? name : ""))
    }
    let read = reader.read(JournalExport.text(entries, currency: .krw))
    #expect(read.skipped.isEmpty)
    let expected = entries.sorted(by: Transaction.listOrder).map(TransactionDraft.init)
    #expect(read.rows.map(\.draft) == expected)
  }

  @Test("a tag whose account or description was edited in the file is not believed")
  func staleTags() {
    let text = """
      2025-11-03 lunch  ; id:a, memo: "lunch; late"
          expenses:food-out    100 KRW  ; category: "food:out"
          assets:cash

      2025-11-04 a, b  ; id:b, memo: "a;  b"
          expenses:dining    200 KRW  ; category: "food:out"
          assets:cash

      2025-11-05 x  ; category: "broken
          expenses:y    300 KRW  ; category: not json
          assets:cash
      """
    let read = reader.read(text)
    #expect(read.rows.map(\.draft.category) == ["food:out", "dining", "y"])
    #expect(read.rows.map(\.draft.memo) == ["lunch", "a;  b", "x"])
  }

  @Test("anything but a two-posting expenses:/income: transaction is listed, not guessed")
  func skipped() {
    let text = """
      ; a comment
      account assets:cash

      2025/11/03 * (12) 점심  ; note
          expenses:식비   12,000원
          assets:bank

      2025-11-04 split
          expenses:a  1000 KRW
          expenses:b  2000 KRW
          assets:cash

      2025-11-05 transfer
          assets:bank  5000 KRW
          assets:cash

      2025-11-06 refund
          expenses:식비  -3000 KRW
          assets:cash

      2025-11-07 dollars
          expenses:travel  10 USD
          assets:cash

      ~ monthly
          expenses:rent  500000
          assets:cash
      """
    let read = reader.read(text)
    #expect(read.rows.map(\.line) == [4])
    #expect(read.rows.first?.draft.memo == "점심")
    #expect(read.rows.first?.draft.category == "식비")
    #expect(read.rows.first?.draft.amount.minorUnits == 12_000)
    #expect(
      read.skipped.map(\.reason) == [
        .postings(3), .noCategoryAccount, .reversed, .amount("10 USD"), .rule,
      ])
    #expect(read.skipped.map(\.line) == [8, 13, 17, 21, 25])
  }

  @Test("an amount in the ledger's currency is read however its code is written around it")
  func commodityForms() {
    let amounts = [
      "1000 KRW", "KRW 1000", "\"KRW\" 1000", "1000\"KRW\"", "KRW1000", "1,000원", " 1000 ",
      "1000 USD", "5 @ 3 KRW", "KRW", "1000 K", "1000 ₩", "１０００ KRW", "1000\tKRW",
    ]
    let text = amounts.enumerated().map { number, amount in
      "2025-11-\(String(format: "%02d", number + 1)) x\n    expenses:a  \(amount)\n    assets:cash\n"
    }.joined(separator: "\n")
    let read = reader.read(text)
    // What the reader gave before its ASCII amounts were read by their bytes.
    #expect(read.rows.map(\.draft.amount.minorUnits) == Array(repeating: 1000, count: 9))
    #expect(read.rows.map(\.line) == [1, 5, 9, 13, 17, 21, 25, 49, 53])
    #expect(
      read.skipped.map(\.reason) == [
        .amount("1000 USD"), .amount("5 @ 3 KRW"), .amount("KRW"), .amount("1000 K"),
        .amount("1000 ₩"),
      ])
  }

  @Test("income with the amount on the income side, negative, as hledger writes it")
  func incomeSide() {
    let read = reader.read("2025-11-04 pay\n    income:salary  -3000000 KRW\n    assets:cash\n")
    #expect(read.rows.map(\.draft.kind) == [.income])
    #expect(read.rows.map(\.draft.amount.minorUnits) == [3_000_000])
  }
}
