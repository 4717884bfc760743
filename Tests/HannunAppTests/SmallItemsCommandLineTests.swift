import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("Smaller command-line behaviour: years, mood --json, day --json")
struct SmallItemsCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-small-items") }

  private func json(_ run: Run) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
  }

  @Test("a year that is not one is refused as a year (YYYY), not as a month")
  func yearErrors() async throws {
    let report = await hannun(["report", "--year", "20x6", "--locale", "ko"], data: data)
    #expect(report.status == 2, "\(report)")
    #expect(report.err == "hannun: '20x6'은(는) 연도가 아닙니다. YYYY(예: 2025)로 적어 주세요\n")
    let year = await hannun(["year", "20266", "--locale", "en"], data: data)
    #expect(year.status == 2, "\(year)")
    #expect(year.err == "hannun: '20266' is not a year; use YYYY, for example 2025\n")
    let categories = await hannun(["categories", "--year", "25", "--locale", "en"], data: data)
    #expect(categories.err.contains("'25' is not a year"), "\(categories)")
    #expect(!folder.contains("data/ledger"))
  }

  @Test("mood --json prints the day's mood after setting, showing and clearing it")
  func moodJSON() async throws {
    let set = try json(
      await hannun(
        ["mood", "2025-11-03", "joy", "--note", "payday", "--json", "--currency", "KRW"],
        data: data))
    #expect(set["date"] as? String == "2025-11-03")
    #expect(set["mood"] as? String == "joy" && set["note"] as? String == "payday", "\(set)")
    let shown = try json(await hannun(["mood", "2025-11-03", "--json"], data: data))
    #expect(shown["mood"] as? String == "joy" && shown["note"] as? String == "payday")
    let cleared = try json(await hannun(["mood", "2025-11-03", "--clear", "--json"], data: data))
    #expect(cleared["mood"] is NSNull && cleared["note"] as? String == "", "\(cleared)")
    let none = try json(await hannun(["mood", "2025-11-04", "--json"], data: data))
    #expect(none["date"] as? String == "2025-11-04" && none["mood"] is NSNull)
    let text = await hannun(["mood", "2025-11-03", "calm", "--locale", "en"], data: data)
    #expect(text.out == "2025-11-03 😌 calm\n" || text.out.hasPrefix("2025-11-03 "), "\(text)")
  }

  @Test("day --json carries the day's mood and its planned items, as day prints them")
  func dayJSON() async throws {
    _ = await hannun(
      [
        "recurring", "add", "--monthly", "25", "65만", "--category", "월세", "--from", "2099-01-01",
        "--currency", "KRW",
      ], data: data)
    _ = await hannun(
      ["add", "--expense", "12000", "--category", "식비", "--date", "2099-01-25"], data: data)
    _ = await hannun(["mood", "2099-01-25", "tired", "--note", "rent day"], data: data)
    let day = try json(await hannun(["day", "2099-01-25", "--json"], data: data))
    #expect(day["date"] as? String == "2099-01-25")
    #expect((day["transactions"] as? [Any])?.count == 1, "the existing keys stay: \(day)")
    #expect((day["expense"] as? NSNumber)?.intValue == 12000, "planned is kept out of totals")
    #expect(day["mood"] as? String == "tired" && day["moodNote"] as? String == "rent day")
    let planned = try #require(day["planned"] as? [[String: Any]], "\(day)")
    #expect(planned.count == 1)
    #expect(planned.first?["rule"] as? String == "r1")
    #expect((planned.first?["amount"] as? NSNumber)?.intValue == 650_000)
    let text = await hannun(["day", "2099-01-25", "--locale", "en"], data: data)
    #expect(text.out.contains("월세") && text.out.contains("rent day"), "day prints both: \(text)")

    let plain = try json(await hannun(["day", "2099-01-24", "--json"], data: data))
    #expect(plain["mood"] is NSNull && plain["moodNote"] as? String == "")
    #expect((plain["planned"] as? [Any])?.isEmpty == true, "\(plain)")
  }
}

@MainActor
@Suite("Amount errors in the ledger's currency, in process")
struct LedgerCurrencyAmountTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-amount-forms") }

  @Test("add and find suggest the forms of the ledger's own currency")
  func forms() async throws {
    let krw = await hannun(
      ["add", "--expense", "12a", "--category", "x", "--currency", "KRW", "--locale", "ko"],
      data: data)
    #expect(krw.status == 2, "\(krw)")
    #expect(krw.err.contains("₩12,000") && krw.err.contains("3만5천"), "\(krw)")
    #expect(!krw.err.contains("$"), "a KRW ledger is not offered dollars: \(krw)")
    let usd = await hannun(
      ["add", "--expense", "12a", "--category", "x", "--currency", "USD", "--locale", "en"],
      data: folder.appending("usd"))
    #expect(usd.status == 2, "\(usd)")
    #expect(usd.err.contains("$12.50") && !usd.err.contains("₩") && !usd.err.contains("만"))
    _ = await hannun(
      ["add", "--expense", "1", "--category", "x", "--currency", "KRW"], data: data)
    let find = await hannun(["find", "--min", "abc", "--locale", "en"], data: data)
    #expect(find.status == 2 && find.err.contains("₩12,000") && !find.err.contains("$"))
  }

  @Test("budget set, recurring add and change suggest the forms of the ledger's own currency")
  func formsOfOtherCommands() async throws {
    _ = await hannun(
      ["add", "--expense", "1", "--category", "x", "--currency", "KRW"], data: data)
    for arguments in [
      ["budget", "set", "3만x"], ["recurring", "add", "3만x", "--monthly", "3", "--category", "x"],
    ] {
      let run = await hannun(arguments + ["--locale", "ko"], data: data)
      #expect(run.status == 2, "\(arguments): \(run)")
      #expect(run.err.contains("₩12,000") && !run.err.contains("$"), "\(arguments): \(run)")
    }
  }
}
