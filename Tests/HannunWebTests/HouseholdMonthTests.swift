import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunWeb

/// The month page shows the ledger the terminal shows: planned and due recurring entries, what
/// is left of the budget and a warning after a write that spends, and each day's mood.
@Suite("The household on the month page")
struct HouseholdMonthTests {
  static let entries = [
    Transaction.fixture(id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe"),
    Transaction.fixture(
      id: "a2", day: "2025-11-14", kind: .income, amount: 3_200_000, category: "salary"),
  ]
  /// Rent on the 25th (planned, not due on the 14th) and a phone bill on the 10th (due).
  static let plan = RecurringPlan.fixture([
    .fixture(id: 1, amount: 650_000, category: "rent", from: "2025-11-01"),
    .fixture(
      id: 2, .monthly(day: 10), amount: 50_000, category: "phone", memo: "<i>bill</i>",
      from: "2025-11-01"),
  ])

  /// A harness whose ledger has the entries, the rules and `budgets`.
  @MainActor
  static func harness(budgets: BudgetPlan = .empty) async -> WebHarness {
    let harness = await WebHarness(entries)
    await harness.repository.replacePlanUnannounced(plan)
    await harness.repository.replaceBudgetPlanUnannounced(budgets)
    return harness
  }

  @Test("planned entries are marked and dim, apart from the real totals, with the planned line")
  func planned() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-25").text
      // The real totals leave the plans out.
      #expect(page.has("<dd id=\"expense\" class=\"out\">₩4,500</dd>"))
      #expect(
        page.has(
          "<p id=\"planned\" class=\"planned\"><span class=\"mark\">~ planned</span> "
            + "<span class=\"in\">Income ₩0</span> <span class=\"out\">Expense ₩700,000</span>"))
      #expect(page.has("<span class=\"out planned\" title=\"planned ₩650,000\">~-650K</span>"))
      #expect(
        page.has("<li class=\"entry planned expense\" data-rule=\"r1\" data-date=\"2025-11-25\">"))
      // The 25th is not due yet: no buttons on it.
      let item = try #require(page.components(separatedBy: "data-rule=\"r1\"").last)
      #expect(!item.prefix(while: { $0 != "\n" }).contains("/due/confirm"))
    }
  }

  @Test("a due entry is confirmed once from the page, and the page says so")
  func confirmDue() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(page.has("<section id=\"due\"><h2>Recurring entries due</h2>"))
      #expect(page.has("data-rule=\"r2\" data-date=\"2025-11-10\""))
      // Ledger text is escaped in the due list too.
      #expect(page.has("<span class=\"memo\">&lt;i&gt;bill&lt;/i&gt;</span>"))
      #expect(!page.has("<i>bill</i>"))
      let confirmed = try await browser.post(
        client, "/due/confirm", ["rule": "r2", "date": "2025-11-10"])
      #expect(confirmed.status == .seeOther)
      let location = try #require(confirmed.headers[.location])
      #expect(location.hasPrefix("/month/2025-11?day=2025-11-10&said="))
      let stored = try await harness.repository.transactions(
        in: Fixtures.day("2025-11-10")...Fixtures.day("2025-11-10"))
      #expect(stored.map(\.amount) == [Fixtures.amount(50_000)])
      let after = try await browser.get(client, location).text
      #expect(after.has("Confirmed: phone ₩50,000 on 2025-11-10"))
      #expect(!after.has("<section id=\"due\">"))
      #expect(after.has("<dd id=\"expense\" class=\"out\">₩54,500</dd>"))
      // The same confirmation again is refused and writes nothing.
      let again = try await browser.post(
        client, "/due/confirm", ["rule": "r2", "date": "2025-11-10"])
      #expect(again.status == .notFound)
      #expect(again.text.errorText?.contains("nothing was changed") == true)
      let still = try await harness.repository.transactions(
        in: Fixtures.day("2025-11-10")...Fixtures.day("2025-11-10"))
      #expect(still.count == 1)
    }
  }

  @Test("a due entry can be skipped, or changed this time with the refusal shown as typed")
  func skipAndChange() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/month/2025-11?day=2025-11-14")
      let form = try await browser.get(client, "/due/change?rule=r2&date=2025-11-10").text
      #expect(form.has("<form id=\"change-occurrence\" method=\"post\" action=\"/due/change\">"))
      #expect(form.inputValue("amount") == "50000")
      let refused = try await browser.post(
        client, "/due/change",
        ["rule": "r2", "date": "2025-11-10", "amount": "lots", "memo": "x", "day": "2025-11-10"])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.inputValue("amount") == "lots")
      #expect(refused.text.errorText != nil)
      #expect(try await harness.repository.recurringPlan().decisions.isEmpty)
      let changed = try await browser.post(
        client, "/due/change",
        [
          "rule": "r2", "date": "2025-11-10", "amount": "6만", "memo": "<i>bill</i>",
          "day": "2025-11-12",
        ])
      #expect(changed.status == .seeOther)
      let plan = try await harness.repository.recurringPlan()
      let key = OccurrenceKey(rule: RecurringRuleID("r2"), date: Fixtures.day("2025-11-10"))
      let now = try plan.occurrence(key)
      #expect(now.amount == Fixtures.amount(60_000) && now.day == Fixtures.day("2025-11-12"))
      let after = try await browser.get(client, try #require(changed.headers[.location])).text
      #expect(after.has("Changed this time only: phone ₩60,000 on 2025-11-12"))
      let skipped = try await browser.post(
        client, "/due/skip", ["rule": "r2", "date": "2025-11-10"])
      #expect(skipped.status == .seeOther)
      let page = try await browser.get(client, try #require(skipped.headers[.location])).text
      #expect(page.has("Skipped phone on 2025-11-12 this time; the rule stays as it is"))
      #expect(!page.has("<section id=\"due\">"))
      #expect(try await harness.repository.transactions(matching: TransactionQuery()).count == 2)
    }
  }

  @Test("what is left of the budget shows, and a save or confirmation that spends over warns")
  func budgets() async throws {
    let harness = await Self.harness(
      budgets: .fixture([(nil, "2025-11", 100_000), ("phone", "2025-11", 40_000)]))
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(page.has("<dt>Budget</dt><dd id=\"budget\" class=\"in\">₩95,500 left</dd>"))
      let confirmed = try await browser.post(
        client, "/due/confirm", ["rule": "r2", "date": "2025-11-10"])
      #expect(confirmed.status == .seeOther)
      // The page's own script refetches it after the write: that does not take the warning.
      let live = try await browser.get(client, "/month/2025-11?day=2025-11-10").text
      #expect(live.errorText == nil)
      let warned = try await browser.get(client, try #require(confirmed.headers[.location])).text
      #expect(
        warned.errorText
          == "Over the &#39;phone&#39; budget for November 2025 by ₩10,000 (₩50,000 of ₩40,000)")
      #expect(warned.has("<dd id=\"budget\" class=\"in\">₩45,500 left</dd>"))
      // Said once: the same address again has no warning.
      let calm = try await browser.get(client, try #require(confirmed.headers[.location])).text
      #expect(calm.errorText == nil)
      let added = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "5만", "category": "food", "date": "2025-11-14"])
      #expect(added.status == .seeOther)
      let over = try await browser.get(client, try #require(added.headers[.location])).text
      #expect(over.has("Over the budget for November 2025 by ₩4,500 (₩104,500 of ₩100,000)"))
      #expect(over.has("<dd id=\"budget\" class=\"out over\">₩4,500 over</dd>"))
    }
  }

  @Test("the day heading has the day's totals and mood; the emotion mode shows moods in cells")
  func moods() async throws {
    let harness = await Self.harness()
    await harness.repository.replaceMoodUnannounced(
      DayMood(.joy, note: "<b>payday</b>"), on: Fixtures.day("2025-11-14"))
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(
        page.has(
          "<p id=\"day-summary\"><span class=\"in\">Income ₩3,200,000</span> "
            + "<span class=\"out\">Expense ₩0</span> <span class=\"mood\">Mood 😊 joy</span> "
            + "<span class=\"mood-note\">&lt;b&gt;payday&lt;/b&gt;</span></p>"))
      #expect(!page.has("<b>payday</b>"))
      #expect(page.has("<a id=\"mode\" href=\"/month/2025-11?day=2025-11-14&amp;mode=emotion\">"))
      let emotion = try await browser.get(client, "/month/2025-11?day=2025-11-14&mode=emotion")
      #expect(
        emotion.text.has(
          "<span class=\"mood\" title=\"joy\" role=\"img\" aria-label=\"joy\">😊</span>"))
      #expect(!emotion.text.has("+3.2M"))
      // The mode is remembered, as the language is.
      #expect(browser.cookies["hannun_mode"] == "emotion")
      let again = try await browser.get(client, "/month/2025-11?day=2025-11-03").text
      #expect(again.has("<a id=\"mode\" href=\"/month/2025-11?day=2025-11-03&amp;mode=amounts\">"))
    }
  }

  @Test("in Korean the same parts read in Korean")
  func korean() async throws {
    let harness = await Self.harness(budgets: .fixture([(nil, "2025-11", 100_000)]))
    try await harness.test { client in
      var browser = Browser()
      browser.language = "ko"
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-25").text
      #expect(page.has("<dt>예산</dt><dd id=\"budget\" class=\"in\">₩95,500 남음</dd>"))
      #expect(page.has("<h2>확정을 기다리는 반복 항목</h2>"))
      #expect(page.has("<span class=\"mark\">~ 예정</span>"))
      #expect(page.has(">확정</button>") && page.has(">건너뛰기</button>"))
      #expect(page.has(">기분 보기</a>"))
    }
  }

  @Test("a day's mood is set from the page as one undo step; a refused note writes nothing")
  func setMood() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      #expect(page.has("<form id=\"mood\" method=\"post\" action=\"/moods\">"))
      let set = try await browser.post(
        client, "/moods", ["day": "2025-11-12", "mood": "calm", "note": "<i>quiet</i>"])
      #expect(set.status == .seeOther)
      #expect(set.headers[.location] == "/month/2025-11?day=2025-11-12")  // nothing to say
      let stored = try await harness.repository.moods(
        in: Fixtures.day("2025-11-12")...Fixtures.day("2025-11-12"))
      #expect(stored[Fixtures.day("2025-11-12")] == DayMood(.calm, note: "<i>quiet</i>"))
      let after = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      #expect(after.has("<span class=\"mood\">Mood 😌 calm</span>"))
      #expect(after.has("<input type=\"radio\" name=\"mood\" value=\"calm\" checked>"))
      let refused = try await browser.post(
        client, "/moods",
        ["day": "2025-11-12", "mood": "joy", "note": String(repeating: "x", count: 500)])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.errorText != nil)
      let still = try await harness.repository.moods(
        in: Fixtures.day("2025-11-12")...Fixtures.day("2025-11-12"))
      #expect(still[Fixtures.day("2025-11-12")]?.mood == .calm)
      _ = try await browser.post(client, "/undo", [:])
      let undone = try await harness.repository.moods(
        in: Fixtures.day("2025-11-12")...Fixtures.day("2025-11-12"))
      #expect(undone.isEmpty)
    }
  }
}
