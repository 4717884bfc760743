import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("The recurring commands, in process")
struct RecurringCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-recurring-tests") }

  private func json(_ run: Run) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
  }

  @Test("add, list, edit and remove rules; ids in order")
  func rules() async throws {
    let rent = await hannun(
      [
        "recurring", "add", "--monthly", "25", "65만", "--category", "월세", "--from", "2025-01-01",
        "--locale", "ko",
      ], data: data)
    #expect(rent.status == 0 && rent.out == "r1\n", "\(rent)")
    let salary = await hannun(
      [
        "recurring", "add", "--last-business-day", "--income", "3200000", "--category", "급여",
        "--from", "2025-01-01", "--json",
      ], data: data)
    #expect(salary.out.hasPrefix(#"{"id":"r2","schedule":"last-business-day","kind":"income""#))
    let edited = await hannun(
      ["recurring", "edit", "1", "--amount", "700000", "--until", "2025-12-31"], data: data)
    #expect(edited.status == 0 && edited.out == "r1\n", "\(edited)")
    let list = try json(await hannun(["recurring", "list", "--json"], data: data))
    let rules = try #require(list["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == ["r1", "r2"])
    #expect((rules[0]["amount"] as? NSNumber)?.intValue == 700_000)
    #expect(rules[0]["until"] as? String == "2025-12-31")
    let text = await hannun(["recurring", "list", "--locale", "en"], data: data)
    #expect(text.out.contains("r1  monthly on the 25th  Expense ₩700,000  월세"), "\(text)")
    let removed = await hannun(["recurring", "remove", "r2"], data: data)
    #expect(removed.status == 0, "\(removed)")
    let after = try json(await hannun(["recurring", "list", "--json"], data: data))
    #expect((after["rules"] as? [Any])?.count == 1)
  }

  @Test("due lists, confirm posts, skip and change touch one occurrence; decided ones refuse")
  func occurrences() async throws {
    _ = await hannun(
      [
        "recurring", "add", "--yearly", "02-29", "120000", "--category", "보험", "--from",
        "2023-01-01", "--until", "2025-12-31", "--currency", "KRW",
      ], data: data)
    let due = try json(await hannun(["due", "--json"], data: data))
    let dates = (due["due"] as? [[String: Any]])?.map { $0["date"] as? String }
    #expect(dates == ["2023-02-28", "2024-02-29", "2025-02-28"])
    let skipped = await hannun(["skip", "r1", "2023-02-28"], data: data)
    #expect(skipped.status == 0, "\(skipped)")
    let changed = await hannun(
      ["change", "r1", "2024-02-29", "--amount", "130000", "--memo", "인상", "--json"], data: data)
    #expect(changed.out.contains(#""amount":130000"#) && changed.out.contains(#""memo":"인상""#))
    let confirmed = await hannun(["confirm", "r1", "2024-02-29", "--json"], data: data)
    #expect(confirmed.status == 0, "\(confirmed)")
    let posted = try json(confirmed)
    let entry = try #require((posted["transactions"] as? [[String: Any]])?.first)
    #expect(entry["date"] as? String == "2024-02-29" && entry["memo"] as? String == "인상")
    #expect((entry["amount"] as? NSNumber)?.intValue == 130_000)
    let again = await hannun(["confirm", "r1", "2024-02-29", "--locale", "ko"], data: data)
    #expect(again.status == 1 && again.err.contains("이미 내역"), "\(again)")
    let skippedAgain = await hannun(["confirm", "r1", "2023-02-28"], data: data)
    #expect(skippedAgain.status == 1 && skippedAgain.err.contains("already skipped"))
    let all = await hannun(["confirm", "--all"], data: data)
    #expect(all.out.split(separator: "\n").count == 1, "\(all)")
    let day = await hannun(["day", "2025-02-28", "--json"], data: data)
    #expect(day.out.contains(#""amount":120000,"category":"보험""#), "\(day)")
  }

  @Test("bad input says what is wrong in the user's language, exits 2 and writes nothing")
  func badInput() async throws {
    _ = await hannun(["recurring", "add", "--weekly", "fri", "1", "--category", "x"], data: data)
    let before = try Data(contentsOf: data.appending(path: "ledger/recurring.json"))
    let cases: [([String], String)] = [
      (["recurring", "add", "--monthly", "32", "1", "--category", "x"], "--monthly 25"),
      (["recurring", "add", "1", "--category", "x"], "schedule"),
      (["recurring", "add", "--monthly", "1", "--weekly", "fri", "1", "--category", "x"], "one"),
      (
        [
          "recurring", "add", "--monthly", "1", "1", "--category", "x", "--from", "2025-05-01",
          "--until", "2025-04-01",
        ], "before"
      ),
      (["recurring", "edit", "r1"], "something to change"),
      (["recurring", "remove", "r9"], "no recurring rule 'r9'"),
      (["confirm", "r1", "2025-11-20"], "does not fall on 2025-11-20"),
      (["confirm"], "a rule and a date"),
      (["skip", "r1"], "a rule and a date"),
    ]
    for (arguments, expected) in cases {
      let run = await hannun(arguments + ["--locale", "en"], data: data)
      #expect(run.status == 2, "\(arguments): \(run)")
      #expect(run.err.contains(expected), "\(arguments): \(run)")
    }
    let korean = await hannun(["recurring", "remove", "r9", "--locale", "ko"], data: data)
    #expect(korean.err.contains("'r9' 규칙이 없습니다"), "\(korean)")
    #expect(try Data(contentsOf: data.appending(path: "ledger/recurring.json")) == before)
  }
}
