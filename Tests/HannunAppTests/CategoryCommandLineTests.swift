import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("hannun categories and hannun category rename, in process")
struct CategoryCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-category-tests") }

  private func seed() async {
    for (kind, amount, category, date) in [
      ("--expense", "12000", "식당", "2025-11-03"), ("--expense", "8000", "식당", "2025-10-03"),
      ("--expense", "30000", "식비", "2025-11-05"), ("--income", "3000000", "월급", "2025-11-25"),
    ] {
      let run = await hannun(
        ["add", kind, amount, "--category", category, "--date", date, "--currency", "KRW"],
        data: data)
      #expect(run.status == 0, "\(run)")
    }
  }

  private func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("categories --json for a month, a year, a span and all time")
  func listJSON() async throws {
    await seed()
    let month = await hannun(["categories", "2025-11", "--json"], data: data)
    #expect(month.status == 0, "\(month)")
    let november = try object(month.out)
    #expect(november["from"] as? String == "2025-11" && november["to"] as? String == "2025-11")
    let rows = try #require(november["categories"] as? [[String: Any]])
    #expect(rows.map { $0["category"] as? String } == ["월급", "식비", "식당"])
    #expect(rows.map { ($0["count"] as? NSNumber)?.intValue } == [1, 1, 1])
    #expect(Set(rows.flatMap { $0.keys }) == ["category", "kind", "amount", "count"])
    #expect(month.out.contains(#""expense":42000"#), "\(month.out)")

    let all = try object(await hannun(["categories", "--all", "--json"], data: data).out)
    #expect(all["from"] is NSNull && all["to"] is NSNull)
    let food = try #require(
      (all["categories"] as? [[String: Any]])?.first { $0["category"] as? String == "식당" })
    #expect((food["count"] as? NSNumber)?.intValue == 2)
    #expect((food["amount"] as? NSNumber)?.intValue == 20_000)

    let year = try object(await hannun(["categories", "--year", "2025", "--json"], data: data).out)
    #expect(year["from"] as? String == "2025-01" && year["to"] as? String == "2025-12")
    let span = try object(
      await hannun(["categories", "--from", "2025-10", "--to", "2025-10", "--json"], data: data)
        .out)
    #expect((span["categories"] as? [[String: Any]])?.count == 1)
  }

  @Test("rename then merge: the entries follow, said in both languages, and --json says what")
  func renameAndMerge() async throws {
    await seed()
    let renamed = await hannun(
      ["category", "rename", "월급", "급여", "--locale", "en"], data: data)
    #expect(renamed.status == 0, "\(renamed)")
    #expect(renamed.out == "Renamed category 월급 to 급여 (1 entry)\n")
    let merged = await hannun(
      ["--locale", "ko", "category", "rename", "식당", "식비"], data: data)
    #expect(merged.out == "분류 합침 식당 → 식비 (2건)\n", "\(merged)")
    let json = await hannun(["category", "rename", "식비", "food", "--json"], data: data)
    let result = try object(json.out)
    #expect(result["from"] as? String == "식비" && result["to"] as? String == "food")
    #expect(result["merged"] as? Bool == false && (result["count"] as? NSNumber)?.intValue == 3)
    #expect(result["months"] as? [String] == ["2025-10", "2025-11"])
    let list = try object(await hannun(["categories", "--all", "--json"], data: data).out)
    #expect(
      (list["categories"] as? [[String: Any]])?.compactMap { $0["category"] as? String }
        == ["급여", "food"])
  }

  @Test(
    "a rename takes the budget and the recurring rules with it and says so; the budget still counts the month's spending"
  )
  func renameCarriesBudgetAndRules() async throws {
    for arguments in [
      ["budget", "set", "50만", "--category", "식비", "--from", "2025-11", "--currency", "KRW"],
      ["add", "--expense", "549000", "--category", "식비", "--date", "2025-11-05"],
      ["recurring", "add", "--monthly", "10", "3만", "--category", "식비", "--from", "2025-01-01"],
    ] {
      let run = await hannun(arguments, data: data)
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    let renamed = await hannun(
      ["category", "rename", "식비", "먹거리", "--locale", "ko"], data: data)
    #expect(renamed.out == "분류 이름 바꿈 식비 → 먹거리 (1건, 예산 1개, 반복 규칙 1개)\n", "\(renamed)")
    let november = await hannun(["budget", "2025-11", "--json"], data: data)
    #expect(
      november.out.contains(
        #"{"category":"먹거리","limit":500000,"spent":549000,"remaining":-49000}"#),
      "\(november)")
    #expect(!november.out.contains("식비"), "\(november)")
    let rules = await hannun(["recurring", "list", "--json"], data: data)
    #expect(rules.out.contains(#""category":"먹거리""#) && !rules.out.contains("식비"), "\(rules)")
    let merge = await hannun(
      ["budget", "set", "10만", "--category", "간식", "--from", "2025-11"], data: data)
    #expect(merge.status == 0, "\(merge)")
    _ = await hannun(
      ["add", "--expense", "1000", "--category", "간식", "--date", "2025-11-06"], data: data)
    let refused = await hannun(
      ["category", "rename", "간식", "먹거리", "--locale", "en"], data: data)
    #expect(refused.status != 0, "\(refused)")
    #expect(
      refused.err.contains("2025-11") && refused.err.contains("Nothing was changed"), "\(refused)")
  }

  @Test(
    "bad input fails with status 2 and a clear message in each language, changing nothing",
    arguments: [
      (
        ["category", "rename", "없음", "x"], "no entry has the category '없음'", "'없음' 분류를 쓰는 내역이 없습니다"
      ),
      (["category", "rename", "식비", "식비"], "the new name is the same", "새 이름이 지금 이름 '식비'"),
      (["category", "rename", "식비", " "], "the category is missing", "분류"),
      (["categories", "2025-11", "--all"], "categories takes one of", "가운데 하나만"),
      (["categories", "--from", "2025-11"], "--from and --to go together", "--from과 --to는 함께"),
    ])
  func badInput(arguments: [String], english: String, korean: String) async throws {
    await seed()
    let before = try object(await hannun(["categories", "--all", "--json"], data: data).out)
    let inEnglish = await hannun(arguments + ["--locale", "en"], data: data)
    #expect(inEnglish.status == 2, "\(inEnglish)")
    #expect(inEnglish.err.contains(english), "\(inEnglish)")
    let inKorean = await hannun(arguments + ["--locale", "ko"], data: data)
    #expect(inKorean.status == 2 && inKorean.err.contains(korean), "\(inKorean)")
    let after = try object(await hannun(["categories", "--all", "--json"], data: data).out)
    #expect(NSDictionary(dictionary: before) == NSDictionary(dictionary: after))
  }

  @Test("the text list names the period and shows each category's count and total")
  func text() async throws {
    await seed()
    let run = await hannun(["categories", "--all", "--locale", "ko"], data: data)
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "분류 · 전체 기간", "\(run.out)")
    #expect(lines.contains { $0.hasPrefix("  식당") && $0.hasSuffix("2건     ₩20,000") }, "\(run.out)")
    #expect(lines.contains { $0.hasPrefix("  월급") && $0.hasSuffix("1건  ₩3,000,000") })
    #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
  }
}
