import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("hannun budget, in process")
struct BudgetCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-budget-tests") }

  private func ok(_ arguments: [String]) async -> Run {
    let run = await hannun(arguments, data: data)
    #expect(run.status == 0, "\(arguments): \(run)")
    return run
  }

  @Test("--json prints exactly the contract, with a budget that changes mid-year")
  func jsonContract() async throws {
    _ = await ok([
      "budget", "set", "30만", "--category", "식비", "--from", "2025-01", "--currency", "KRW",
    ])
    _ = await ok(["budget", "set", "200만", "--from", "2025-01"])
    _ = await ok(["budget", "set", "40만", "--category", "식비", "--from", "2025-07"])
    _ = await ok(["add", "--expense", "25만", "--category", "식비", "--date", "2025-03-03"])
    _ = await ok(["add", "--expense", "45만", "--category", "식비", "--date", "2025-11-03"])
    _ = await ok(["add", "--income", "300만", "--category", "급여", "--date", "2025-11-25"])
    let march = await ok(["budget", "2025-03", "--json"])
    #expect(
      march.out
        == #"{"month":"2025-03","total":{"limit":2000000,"spent":250000,"remaining":1750000},"#
        + #""categories":[{"category":"식비","limit":300000,"spent":250000,"remaining":50000}]}"#
        + "\n")
    let november = await ok(["budget", "2025-11", "--json"])
    #expect(
      november.out
        == #"{"month":"2025-11","total":{"limit":2000000,"spent":450000,"remaining":1550000},"#
        + #""categories":[{"category":"식비","limit":400000,"spent":450000,"remaining":-50000}]}"#
        + "\n")
    let before = await ok(["budget", "2024-12", "--json"])
    #expect(before.out == #"{"month":"2024-12","total":null,"categories":[]}"# + "\n")
  }

  @Test("amounts in a currency with cents are exact decimals")
  func cents() async throws {
    _ = await ok(["budget", "set", "$1,250.50", "--from", "2025-11", "--currency", "USD"])
    _ = await ok(["add", "--expense", "1300.75", "--category", "food", "--date", "2025-11-02"])
    let run = await ok(["budget", "2025-11", "--json"])
    #expect(
      run.out
        == #"{"month":"2025-11","total":{"limit":1250.50,"spent":1300.75,"remaining":-50.25},"#
        + #""categories":[]}"# + "\n")
  }

  @Test("remove takes a budget away from a month on; the months before keep it")
  func removeFromMonthOn() async throws {
    _ = await ok(["budget", "set", "30만", "--category", "식비", "--from", "2025-01"])
    let removed = await ok([
      "budget", "remove", "--category", "식비", "--from", "2025-07", "--locale", "ko",
    ])
    #expect(removed.out == "2025년 7월부터 '식비' 예산을 없앴습니다\n")
    let june = await ok(["budget", "2025-06", "--json"])
    #expect(june.out.contains(#""category":"식비","limit":300000"#))
    let july = await ok(["budget", "2025-07", "--json"])
    #expect(july.out.contains(#""categories":[]"#))
    let again = await hannun(
      ["budget", "remove", "--category", "식비", "--from", "2025-08", "--locale", "en"], data: data)
    #expect(again.status == 2, "\(again)")
    #expect(
      again.err == "hannun: the category '식비' has no budget from 2025-08 on; nothing was changed\n")
  }

  @Test("the category may be a word after the amount or before it, as in the REPL, or --category")
  func categoryWord() async throws {
    _ = await ok(["budget", "set", "30만", "식비", "--from", "2025-01", "--currency", "KRW"])
    _ = await ok(["budget", "set", "교통", "10만", "--from", "2025-01"])
    _ = await ok(["budget", "set", "5만", "--category", "문화", "--from", "2025-01"])
    let january = await ok(["budget", "2025-01", "--json"])
    for (category, limit) in [("식비", 300000), ("교통", 100000), ("문화", 50000)] {
      #expect(january.out.contains(#""category":"\#(category)","limit":\#(limit)"#), "\(january)")
    }
    #expect(january.out.contains(#""total":null"#))
    let removed = await ok(["budget", "remove", "교통", "--from", "2025-03", "--locale", "ko"])
    #expect(removed.out == "2025년 3월부터 '교통' 예산을 없앴습니다\n")
    let march = await ok(["budget", "2025-03", "--json"])
    #expect(!march.out.contains("교통"))
    let twice = await hannun(
      ["budget", "set", "1", "식비", "--category", "교통", "--locale", "ko"], data: data)
    #expect(twice.status == 2, "\(twice)")
    #expect(twice.err.contains("분류를 '식비'와(과) --category 교통, 두 번 적었습니다"), "\(twice)")
  }

  @Test("an add or edit that goes over a budget says so on standard error, in both languages")
  func overBudgetNotice() async throws {
    _ = await ok([
      "budget", "set", "10만", "--category", "식비", "--from", "2025-01", "--currency", "KRW",
    ])
    let under = await ok([
      "add", "--expense", "6만", "--category", "식비", "--date", "2025-11-03", "--locale", "ko",
    ])
    #expect(!under.err.contains("예산"), "\(under)")
    let over = await ok([
      "add", "--expense", "5만", "--category", "식비", "--date", "2025-11-04", "--locale", "ko",
    ])
    #expect(over.err == "2025년 11월 '식비' 예산을 ₩10,000 넘었습니다 (₩110,000 / ₩100,000)\n")
    let id = over.out.trimmingCharacters(in: .whitespacesAndNewlines)
    let edited = await ok(["edit", id, "--amount", "7만", "--locale", "en"])
    #expect(
      edited.err == "Over the '식비' budget for November 2025 by ₩30,000 (₩130,000 of ₩100,000)\n")
    let json = await ok([
      "add", "--expense", "1", "--category", "식비", "--date", "2025-11-05", "--json",
    ])
    #expect(json.out.hasPrefix("{") && json.err.contains("식비"), "stdout stays JSON: \(json)")
  }

  @Test("confirming recurring entries over a budget says so, as an add does")
  func confirmOverBudgetNotice() async throws {
    _ = await ok([
      "budget", "set", "60만", "--category", "월세", "--from", "2025-01", "--currency", "KRW",
    ])
    _ = await ok([
      "recurring", "add", "--monthly", "25", "650000", "--category", "월세", "--from",
      "2025-10-01", "--until", "2025-11-30",
    ])
    let one = await ok(["confirm", "r1", "2025-10-25", "--locale", "ko"])
    #expect(one.err == "2025년 10월 '월세' 예산을 ₩50,000 넘었습니다 (₩650,000 / ₩600,000)\n")
    let all = await ok(["confirm", "--all", "--json", "--locale", "en"])
    #expect(all.out.hasPrefix("{"), "stdout stays JSON: \(all)")
    #expect(
      all.err == "Over the '월세' budget for November 2025 by ₩50,000 (₩650,000 of ₩600,000)\n")
  }

  @Test("the text view and the month's report show spent and limit with bars within 80 columns")
  func textViews() async throws {
    _ = await ok([
      "budget", "set", "20만", "--category", "식비", "--from", "2025-11", "--currency", "KRW",
    ])
    _ = await ok(["budget", "set", "100만", "--from", "2025-11"])
    _ = await ok(["add", "--expense", "25만", "--category", "식비", "--date", "2025-11-03"])
    let text = await ok(["budget", "2025-11", "--locale", "en"])
    #expect(
      text.out == """
        Budgets: November 2025
          All   ₩250,000 / ₩1,000,000  ████████▌                           ₩750,000 left
          식비  ₩250,000 /   ₩200,000  ██████████████████████████████████  ₩50,000 over

        """)
    let report = await ok(["report", "2025-11", "--locale", "ko"])
    #expect(
      report.out.hasSuffix(
        "예산\n"
          + text.out.split(separator: "\n").dropFirst().map {
            $0.replacingOccurrences(of: "All ", with: "전체").replacingOccurrences(
              of: "left", with: "남음"
            )
            .replacingOccurrences(of: "over", with: "초과") + "\n"
          }.joined()))
    let reportJSON = await ok(["report", "2025-11", "--json"])
    #expect(!reportJSON.out.contains("budget"), "the report's JSON contract is unchanged")
  }

  @Test("bad budget commands exit 2 with one line, and write nothing")
  func badInput() async throws {
    for (arguments, message) in [
      (["budget", "set"], "budget set needs an amount"),
      (["budget", "set", "0"], "'0' is not an amount greater than zero; a budget is a positive"),
      (["budget", "set", "1", "--category", ""], "the category is missing"),
      (["budget", "lunch"], "'lunch' is not a month (YYYY-MM), set or remove"),
      (["budget", "2025-13"], "'2025-13' has no such month"),
      (["budget", "set", "1", "--from", "2025-1x"], "is not a month"),
      (["budget", "--category", "식비"], "--category and --from go with budget set"),
      (["budget", "set", "1", "식비", "교통"], "'교통' is more than budget takes"),
      (["budget", "remove", "식비", "교통"], "'교통' is more than budget takes"),
      (
        ["budget", "set", "1", "식비", "--category", "교통"],
        "the category is given twice, '식비' and --category 교통",
      ),
    ] {
      let run = await hannun(arguments + ["--locale", "en"], data: data)
      #expect(run.status == 2, "\(arguments): \(run)")
      #expect(run.err.contains(message), "\(arguments): \(run)")
      #expect(!folder.contains("data/ledger"), "\(arguments)")
    }
  }

  @Test("a damaged budgets.json is named, and neither read around nor overwritten")
  func damaged() async throws {
    _ = await ok(["budget", "set", "1", "--from", "2025-01"])
    let file = data.appending(path: "ledger/budgets.json")
    try Data("{oops".utf8).write(to: file)
    let shown = await hannun(["budget", "2025-01", "--locale", "en"], data: data)
    #expect(shown.status == 1 && shown.err.contains(file.path(percentEncoded: false)), "\(shown)")
    let set = await hannun(["budget", "set", "2", "--from", "2025-01"], data: data)
    #expect(set.status == 1, "\(set)")
    #expect(try String(decoding: Data(contentsOf: file), as: UTF8.self) == "{oops")
  }
}

@MainActor
@Suite("hannun budget: negative amounts")
struct BudgetNegativeAmountTests {
  @Test("a negative limit is refused as an amount, not as an unknown option")
  func negative() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-budget-negative")
    let data = folder.appending("data")
    let english = await hannun(["budget", "set", "-5", "--locale", "en"], data: data)
    #expect(english.status == 2)
    #expect(
      english.err
        == "hannun: '-5' is not an amount greater than zero; a budget is a positive limit\n")
    let korean = await hannun(["--locale", "ko", "budget", "set", "-5"], data: data)
    #expect(korean.err.hasPrefix("hannun: '-5'은(는) 0보다 큰 금액이 아닙니다. 예산은"), "\(korean)")
    #expect(!folder.contains("data"))
  }
}
