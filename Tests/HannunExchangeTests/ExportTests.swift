import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

@Suite("CSV export")
struct CSVExportTests {
  @Test("a header, one CRLF line per entry in list order, exact amounts")
  func layout() {
    let entries: [Transaction] = [
      .fixture(id: "b2", day: "2025-11-04", kind: .income, amount: 3_000_000, category: "월급"),
      .fixture(id: "a1", day: "2025-11-03", amount: 12_000, category: "식비", memo: "점심"),
    ]
    let text = CSVExport.text(entries, currency: .krw)
    #expect(
      text
        == "date,kind,amount,category,memo,id\r\n"
        + "2025-11-03,expense,12000,식비,점심,a1\r\n"
        + "2025-11-04,income,3000000,월급,,b2\r\n")
    let dollars = CSVExport.text([.fixture(id: "c", amount: 1_250)], currency: .usd)
    #expect(dollars.contains(",expense,12.50,food,,c\r\n"))
  }

  @Test("commas, quotes, CR and LF are quoted with quotes doubled; nothing else is")
  func quoting() {
    #expect(CSVExport.field("plain 메모") == "plain 메모")
    #expect(CSVExport.field("a,b") == "\"a,b\"")
    #expect(CSVExport.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVExport.field("two\nlines") == "\"two\nlines\"")
    #expect(CSVExport.field("cr\rhere") == "\"cr\rhere\"")
    #expect(CSVExport.field("") == "")
    let entry = Transaction.fixture(id: "q", memo: "커피, \"라떼\"\n두 잔")
    #expect(
      CSVExport.text([entry], currency: .krw).hasSuffix(
        ",food,\"커피, \"\"라떼\"\"\n두 잔\",q\r\n"))
  }

  @Test("a quote a combining mark follows is doubled like any other: quoting is by scalar")
  func quoteBeforeCombiningMark() {
    // `"` + U+0301 is one Character, so a replacement by Characters never sees the quote.
    for value in [
      "\"\u{301}", "a\"\u{301}b", "\"\u{301}\"", "say \"\u{20DD}hi\"\u{FE0F}", "\"\u{200D}",
    ] {
      let field = CSVExport.field(value)
      let inside = field.unicodeScalars.dropFirst().dropLast()
      #expect(field.unicodeScalars.first == "\"" && field.unicodeScalars.last == "\"")
      // Every quote inside comes in a pair, and undoubling the pairs gives the value back.
      let quotes = inside.filter { $0 == "\"" }.count
      let original = value.unicodeScalars.filter { $0 == "\"" }.count
      #expect(quotes == 2 * original, "\(field.unicodeScalars.map { String($0.value, radix: 16) })")
      var undoubled = String.UnicodeScalarView()
      var pending = false
      for scalar in inside {
        if scalar == "\"", !pending {
          pending = true
          continue
        }
        pending = false
        undoubled.append(scalar)
      }
      #expect(String(undoubled) == value)
    }
  }

  @Test("a category or memo a spreadsheet would run as a formula is written after a quote")
  func formulas() {
    for start in ["=", "+", "-", "@", "'"] {
      #expect(CSVExport.neutralized(start + "1+2") == "'" + start + "1+2")
    }
    #expect(CSVExport.neutralized("\tx") == "'\tx")
    #expect(CSVExport.neutralized("\rx") == "'\rx")
    #expect(CSVExport.neutralized("a=b") == "a=b")
    #expect(CSVExport.neutralized("") == "")
    let entry = Transaction.fixture(
      id: "f", amount: 12_000, category: "@SUM(A1)", memo: "=HYPERLINK(\"http://x\",\"y\")")
    #expect(
      CSVExport.text([entry], currency: .krw).hasSuffix(
        ",expense,12000,'@SUM(A1),\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",f\r\n"))
    // Amounts are unsigned numbers (the kind gives the sign), never quoted.
    let income = Transaction.fixture(id: "g", kind: .income, amount: 1, category: "-")
    #expect(CSVExport.text([income], currency: .usd).contains(",income,0.01,'-,,g\r\n"))
    #expect(CSVExport.restored("'=x") == "=x")
    #expect(CSVExport.restored("''x") == "'x")
    #expect(CSVExport.restored("x'") == "x'")
  }

  @Test("a byte-order mark only when asked; text fields pass through the given escaping")
  func bomAndEscaping() {
    let entry = Transaction.fixture(id: "e", memo: "a\u{1B}b")
    #expect(CSVExport.text([entry], currency: .krw, byteOrderMark: true).hasPrefix("\u{FEFF}date,"))
    #expect(!CSVExport.text([entry], currency: .krw).hasPrefix("\u{FEFF}"))
    let escaped = CSVExport.text([entry], currency: .krw) {
      $0.replacingOccurrences(of: "\u{1B}", with: "^[")
    }
    #expect(escaped.contains(",a^[b,"))
  }
}

@Suite("Journal export")
struct JournalExportTests {
  @Test("one transaction per entry against assets:cash, the memo as description, the id as a tag")
  func layout() {
    let entries: [Transaction] = [
      .fixture(id: "a1", day: "2025-11-03", amount: 12_000, category: "식비", memo: "점심 김밥"),
      .fixture(id: "b2", day: "2025-11-25", kind: .income, amount: 1_234_56, category: "salary"),
    ]
    #expect(
      JournalExport.text(entries, currency: .usd)
        == """
        ; Hannun ledger, USD

        2025-11-03 점심 김밥  ; id:a1
            expenses:식비    120.00 USD
            assets:cash

        2025-11-25 salary  ; id:b2
            assets:cash    1234.56 USD
            income:salary

        """)
  }

  @Test("names and descriptions stay on one line and one account")
  func plainText() {
    #expect(JournalExport.account("expenses", "a:b") == "expenses:a-b")
    #expect(JournalExport.account("expenses", "two  spaces\there") == "expenses:two spaces here")
    #expect(JournalExport.plain(" memo; with\nnewline\u{202E} ") == "memo, with newline")
  }

  @Test("distinct categories stay distinct accounts, however an account spells them")
  func distinctAccounts() {
    let names = JournalExport.accountNames(["a:b", "a-b", "a;b", "a,b", "x  y", "x y", "c:d"])
    #expect(names["a-b"] == "a-b" && names["a,b"] == "a,b" && names["x y"] == "x y")
    #expect(names["a:b"] == "a-b ~2" && names["a;b"] == "a,b ~2" && names["x  y"] == "x y ~2")
    #expect(names["c:d"] == "c-d")
    #expect(Set(names.values).count == names.count)
    #expect(JournalExport.isAccountName("a-b ~2", of: "a:b"))
    #expect(JournalExport.isAccountName("a-b", of: "a:b"))
    #expect(!JournalExport.isAccountName("a-b ~", of: "a:b"))
    #expect(!JournalExport.isAccountName("a-b ~x", of: "a:b"))
    let text = JournalExport.text(
      [.fixture(id: "a", category: "a:b"), .fixture(id: "b", category: "a-b")], currency: .krw)
    #expect(text.contains("    expenses:a-b ~2    12000 KRW  ; category: \"a:b\"\n"))
    #expect(text.contains("    expenses:a-b    12000 KRW\n"))
  }

  @Test("a name the account or description cannot spell is kept exactly in a comment tag")
  func exactNames() {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 4_500, category: "카페:라떼", memo: "a;  b"),
      .fixture(id: "b", day: "2025-11-04", kind: .income, amount: 100, category: "x;y"),
      .fixture(id: "c", day: "2025-11-05", amount: 100, category: "식비", memo: "식비"),
    ]
    #expect(
      JournalExport.text(entries, currency: .krw)
        == """
        ; Hannun ledger, KRW

        2025-11-03 a, b  ; id:a, memo: "a;  b"
            expenses:카페-라떼    4500 KRW  ; category: "카페:라떼"
            assets:cash

        2025-11-04 x,y  ; id:b
            assets:cash    100 KRW
            income:x,y  ; category: "x;y"

        2025-11-05 식비  ; id:c, memo: "식비"
            expenses:식비    100 KRW
            assets:cash

        """)
  }
}
