import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunWeb

/// The household's pages beside the calendar: budgets, recurring rules, search, categories,
/// and redo — each page's figures, its escaped ledger text, and its forms changing the ledger.
@Suite("The household's pages")
struct HouseholdPagesTests {
  static let entries = [
    Transaction.fixture(
      id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe",
      memo: "<script>alert(1)</script>"),
    Transaction.fixture(id: "a2", day: "2025-11-05", amount: 12_000, category: "food"),
    Transaction.fixture(
      id: "a3", day: "2025-11-14", kind: .income, amount: 3_200_000, category: "salary"),
  ]

  @Test("budgets are seen, set, changed and removed; a refused limit keeps what was typed")
  func budgets() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let empty = try await browser.get(client, "/budgets").text
      #expect(empty.has("<h1 id=\"title\">Budgets</h1>"))
      #expect(empty.has("This month has no budget"))
      #expect(empty.has("<form id=\"set-budget\" method=\"post\" action=\"/budgets/set\">"))
      let refused = try await browser.post(
        client, "/budgets/set", ["category": "food", "amount": "lots", "month": "2025-11"])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.inputValue("amount") == "lots")
      #expect(refused.text.errorText != nil)
      #expect(try await harness.repository.budgetPlan().isEmpty)
      let set = try await browser.post(
        client, "/budgets/set", ["category": "food", "amount": "1만", "month": "2025-11"])
      #expect(set.status == .seeOther)
      let location = try #require(set.headers[.location])
      #expect(location.hasPrefix("/budgets?month=2025-11&said="))
      let page = try await browser.get(client, location).text
      #expect(page.has("The &#39;food&#39; budget is ₩10,000 a month from November 2025"))
      #expect(
        page.has(
          "<tr class=\"over\" data-scope=\"food\"><th scope=\"row\">food</th><td>₩10,000</td>"
            + "<td>₩12,000</td><td class=\"out\">₩2,000 over</td>"))
      // Changed: the same scope set again.
      _ = try await browser.post(
        client, "/budgets/set", ["category": "", "amount": "50000", "month": "2025-11"])
      let both = try await browser.get(client, "/budgets?month=2025-11").text
      #expect(both.has("<td class=\"in\">₩33,500 left</td>"))
      // The month page shows what is left too.
      let month = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(month.has("<dd id=\"budget\" class=\"in\">₩33,500 left</dd>"))
      let removed = try await browser.post(
        client, "/budgets/remove", ["category": "food", "month": "2025-11"])
      #expect(removed.status == .seeOther)
      let after = try await browser.get(client, try #require(removed.headers[.location])).text
      #expect(after.has("No &#39;food&#39; budget from November 2025 on"))
      #expect(!after.has("data-scope=\"food\""))
      #expect(
        try await harness.repository.budgetPlan().limits(in: Fixtures.month("2025-11")).count == 1)
    }
  }

  @Test("search finds by words and category, escapes memos, and opens each entry")
  func search() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/search?q=alert").text
      #expect(page.has("<p id=\"found\">1 entry <span class=\"in\">Income ₩0</span>"))
      #expect(page.has("<span class=\"memo\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
      #expect(!page.has("<script>alert"))
      #expect(page.has("<a class=\"edit\" href=\"/entries/a1/edit\">"))
      #expect(page.has("<a class=\"when\" href=\"/month/2025-11?day=2025-11-03\">"))
      let none = try await browser.get(client, "/search?q=nothing-like-it").text
      #expect(none.has("Nothing found"))
      let category = try await browser.get(client, "/search?category=salary").text
      #expect(category.has("data-id=\"a3\"") && !category.has("data-id=\"a1\""))
    }
  }

  @Test("categories are listed with totals; a rename merges and is one undo step")
  func categories() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/categories").text
      #expect(page.has("<tr data-category=\"food\">"))
      #expect(page.has("<td class=\"out\">₩12,000</td><td>1</td>"))
      let renamed = try await browser.post(
        client, "/categories/rename", ["old": "cafe", "new": "food"])
      #expect(renamed.status == .seeOther)
      let merged = try await browser.get(client, try #require(renamed.headers[.location])).text
      #expect(merged.has("merged 1 entry of cafe into food"))
      #expect(!merged.has("data-category=\"cafe\""))
      #expect(merged.has("<td class=\"out\">₩16,500</td><td>2</td>"))
      let refused = try await browser.post(
        client, "/categories/rename", ["old": "nothing", "new": "food"])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.errorText != nil)
      let undone = try await browser.post(
        client, "/undo", ["back": "/month/2025-11?day=2025-11-03"])
      #expect(undone.status == .seeOther)
      let entry = try await harness.repository.transaction(withID: TransactionID("a1"))
      #expect(entry?.category == "cafe")
    }
  }

  @Test("recurring rules are listed and removed")
  func recurring() async throws {
    let harness = await WebHarness(Self.entries)
    await harness.repository.replacePlanUnannounced(
      .fixture([.fixture(id: 1, amount: 650_000, category: "<b>rent</b>", from: "2025-11-01")]))
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/recurring").text
      #expect(page.has("<span class=\"schedule\">monthly on the 25th</span>"))
      #expect(page.has("<span class=\"category\">&lt;b&gt;rent&lt;/b&gt;</span>"))
      #expect(page.has("-₩650,000"))
      let removed = try await browser.post(client, "/recurring/remove", ["rule": "r1"])
      #expect(removed.status == .seeOther)
      let after = try await browser.get(client, try #require(removed.headers[.location])).text
      #expect(after.has("Removed rule r1; the entries it became stay"))
      #expect(after.has("There are no recurring rules"))
      #expect(try await harness.repository.recurringPlan().rules.isEmpty)
    }
  }

  @Test("redo makes the undone change again; with nothing undone it says so")
  func redo() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/").text
      #expect(page.has("<form id=\"redo\" method=\"post\" action=\"/redo\">"))
      let nothing = try await browser.post(client, "/redo", [:])
      #expect(nothing.status == .conflict)
      #expect(nothing.text.errorText == "There is nothing to redo")
      _ = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "7000", "category": "taxi", "date": "2025-11-12"])
      _ = try await browser.post(client, "/undo", [:])
      #expect(
        try await harness.repository.transactions(matching: TransactionQuery(text: "taxi")).isEmpty)
      await harness.repository.replaceBudgetPlanUnannounced(.fixture([("taxi", "2025-11", 5_000)]))
      let redone = try await browser.post(client, "/redo", [:])
      #expect(redone.status == .seeOther)
      // A redo that spends warns as a save does.
      let location = try #require(redone.headers[.location])
      #expect(location.hasPrefix("/month/2025-11?day=2025-11-12&said="))
      let warned = try await browser.get(client, location).text
      #expect(warned.errorText?.contains("budget for November 2025 by ₩2,000") == true)
      #expect(
        try await harness.repository.transactions(matching: TransactionQuery(text: "taxi")).count
          == 1)
    }
  }

  @Test("in Korean the pages read in Korean")
  func korean() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      browser.language = "ko"
      let budgets = try await browser.get(client, "/budgets").text
      #expect(budgets.has("<h1 id=\"title\">예산</h1>") && budgets.has("이 달에는 예산이 없습니다"))
      let search = try await browser.get(client, "/search?q=food").text
      #expect(search.has("1건"))
      let categories = try await browser.get(client, "/categories").text
      #expect(categories.has(">이름 바꾸기</button>"))
      let month = try await browser.get(client, "/").text
      #expect(month.has("<nav id=\"features\">") && month.has(">다시 하기</button>"))
    }
  }

  @Test("exports download as csv, journal and the json backup; a bad request names the reason")
  func exports() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/export").text
      #expect(page.has("<form id=\"export\" method=\"get\" action=\"/export/download\">"))
      let csv = try await browser.get(
        client, "/export/download?format=csv&from=2025-11-01&to=2025-11-10")
      #expect(csv.status == .ok)
      #expect(csv.headers[.contentDisposition] == "attachment; filename=\"hannun.csv\"")
      #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
      #expect(csv.text.contains("2025-11-03,expense,4500,cafe,<script>alert(1)</script>,a1"))
      #expect(!csv.text.contains("salary"))
      let journal = try await browser.get(client, "/export/download?format=journal")
      #expect(journal.headers[.contentDisposition] == "attachment; filename=\"hannun.journal\"")
      #expect(journal.text.contains("salary"))
      let json = try await browser.get(client, "/export/download?format=json")
      #expect(json.headers[.contentDisposition] == "attachment; filename=\"hannun-backup.json\"")
      #expect(json.text.contains("\"hannun-backup\""))
      let backwards = try await browser.get(
        client, "/export/download?format=csv&from=2025-11-10&to=2025-11-01")
      #expect(backwards.status == .unprocessableContent)
      #expect(backwards.headers[.contentDisposition] == nil)
      #expect(backwards.text.errorText != nil)
      let unknown = try await browser.get(client, "/export/download?format=xls")
      #expect(
        unknown.text.errorText == "there is no format &#39;xls&#39;; choose csv, journal or json")
    }
  }

  @Test("the report charts category shares and months in SVG with figures in text; the year too")
  func reports() async throws {
    let harness = await WebHarness(
      Self.entries + [
        Transaction.fixture(id: "a4", day: "2025-10-08", amount: 30_000, category: "<b>gift</b>")
      ])
    try await harness.test { client in
      var browser = Browser()
      let month = try await browser.get(client, "/report").text
      #expect(month.has("<h1 id=\"title\">November 2025</h1>"))
      #expect(month.has("<dd id=\"report-out\">₩16,500</dd>"))
      #expect(month.has("<svg class=\"chart\""))
      #expect(month.has("<title id=\"shares-expense-title\">Expense by category</title>"))
      // Every bar says its category, share and amount in text, and bars differ in pattern.
      #expect(month.has(">food 73% ₩12,000</text>"))
      #expect(
        month.has("fill=\"url(#expense-solid)\"") && month.has("fill=\"url(#expense-hatch)\""))
      #expect(month.has("<tr><th scope=\"row\">cafe</th><td>27%</td><td>₩4,500</td>"))
      let span = try await browser.get(client, "/report?from=2025-10&to=2025-11").text
      #expect(span.has("<section id=\"months\">"))
      #expect(span.has(">&lt;b&gt;gift&lt;/b&gt; 65% ₩30,000</text>"))
      #expect(!span.has("<b>gift</b>"))
      #expect(span.has("<td class=\"out\">₩30,000</td>"))
      let backwards = try await browser.get(client, "/report?from=2025-11&to=2025-10")
      #expect(backwards.status == .unprocessableContent)
      let year = try await browser.get(client, "/year?year=2025").text
      #expect(year.has("<h1 id=\"title\">2025</h1>"))
      #expect(year.has("<a href=\"/month/2025-10?day=2025-10-01\">October 2025</a>"))
      #expect(year.has("<a id=\"next\" href=\"/year?year=2026\">"))
      #expect(year.has("<dd id=\"report-in\">₩3,200,000</dd>"))
      browser.language = "ko"
      browser.cookies["hannun_lang"] = nil
      let korean = try await browser.get(client, "/year?year=2025").text
      #expect(korean.has("<h1 id=\"title\">2025년</h1>") && korean.has("달별 수입(채움)과 지출(빗금)"))
    }
  }

  @Test("the mood report shows each mood's days, spending and daily average")
  func moodReport() async throws {
    let harness = await WebHarness(Self.entries)
    await harness.repository.replaceMoodUnannounced(DayMood(.sad), on: Fixtures.day("2025-11-05"))
    await harness.repository.replaceMoodUnannounced(DayMood(.joy), on: Fixtures.day("2025-11-03"))
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/moods?from=2025-11&to=2025-11").text
      #expect(page.has("<h1 id=\"title\">Spending by mood</h1>"))
      #expect(
        page.has(
          "<tr data-mood=\"sad\"><th scope=\"row\">😢 sad</th><td>1</td><td>₩12,000</td>"
            + "<td>₩12,000</td>"))
      #expect(
        page.has("<tr data-mood=\"joy\"><th scope=\"row\">😊 joy</th><td>1</td><td>₩4,500</td>"))
      // The 14 days of November up to today, less the two with a mood.
      #expect(page.has("<th scope=\"row\">No mood</th><td>12</td><td>₩0</td>"))
      browser.language = "ko"
      let korean = try await browser.get(client, "/moods").text
      #expect(korean.has("기분별 지출") && korean.has("😢 슬픔"))
    }
  }

  @Test("a recurring rule is added from its page; a refused schedule keeps what was typed")
  func addRule() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/recurring").text
      #expect(page.has("<form id=\"add-rule\" method=\"post\" action=\"/recurring\">"))
      let refused = try await browser.post(
        client, "/recurring",
        [
          "schedule": "monthly", "when": "32", "kind": "expense", "amount": "65만",
          "category": "rent", "memo": "", "from": "",
        ])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.errorText != nil)
      #expect(refused.text.inputValue("when") == "32")
      #expect(try await harness.repository.recurringPlan().rules.isEmpty)
      let added = try await browser.post(
        client, "/recurring",
        [
          "schedule": "monthly", "when": "25", "kind": "expense", "amount": "65만",
          "category": "rent", "memo": "<i>home</i>", "from": "2025-11-01", "until": "2026-10-31",
        ])
      #expect(added.status == .seeOther)
      let rules = try await harness.repository.recurringPlan().rules
      #expect(rules.map(\.schedule) == [.monthly(day: 25)])
      #expect(rules.first?.amount == Fixtures.amount(650_000))
      #expect(rules.first?.end == Fixtures.day("2026-10-31"), "the last day is taken too")
      let after = try await browser.get(client, try #require(added.headers[.location])).text
      #expect(after.has("Added rule r1: monthly on the 25th"))
      #expect(after.has("<span class=\"memo\">&lt;i&gt;home&lt;/i&gt;</span>"))
      // The month page plans it on the 25th.
      let month = try await browser.get(client, "/month/2025-11?day=2025-11-25").text
      #expect(month.has("data-rule=\"r1\" data-date=\"2025-11-25\""))
    }
  }
}
