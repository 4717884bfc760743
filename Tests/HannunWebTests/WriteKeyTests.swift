import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// Every web write form beside the entry forms carries an idempotency key: each kind of write,
/// posted twice with one key (a retry after a lost answer, a replayed form), writes once and
/// answers both times with the same outcome.
@Suite("Every household write carries a key: posted twice, written once")
struct WriteKeyTests {
  static let entries = [
    Transaction.fixture(id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe"),
    Transaction.fixture(id: "a2", day: "2025-11-05", amount: 12_000, category: "food"),
  ]
  /// Rent on the 25th (planned) and a phone bill on the 10th (due on the 14th).
  static let plan = RecurringPlan.fixture([
    .fixture(id: 1, amount: 650_000, category: "rent", from: "2025-11-01"),
    .fixture(id: 2, .monthly(day: 10), amount: 50_000, category: "phone", from: "2025-11-01"),
  ])

  @MainActor
  static func harness(budgets: BudgetPlan = .empty) async -> WebHarness {
    let harness = await WebHarness(entries)
    await harness.repository.replacePlanUnannounced(plan)
    await harness.repository.replaceBudgetPlanUnannounced(budgets)
    return harness
  }

  /// Posts `fields` twice to `uri` with the key of the page's form that posts there (the one
  /// holding `containing`), and checks both answers are the same redirect.
  static func twice(
    _ browser: inout Browser, _ client: any TestClientProtocol, page: String, _ uri: String,
    _ fields: [String: String], containing: String = ""
  ) async throws -> TestResponse {
    let key = try #require(page.formKey(uri, containing: containing))
    #expect(IdempotencyKey.id(key) != nil)
    let fields = fields.merging(["key": key]) { $1 }
    let first = try await browser.post(client, uri, fields)
    let second = try await browser.post(client, uri, fields)
    #expect(first.status == .seeOther)
    #expect(second.status == .seeOther)
    #expect(second.headers[.location] == first.headers[.location])
    return first
  }

  @Test("a recurring rule added twice with one key is one rule")
  func addRule() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/recurring").text
      _ = try await Self.twice(
        &browser, client, page: page, "/recurring",
        [
          "schedule": "monthly", "when": "25", "kind": "expense", "amount": "65만",
          "category": "rent", "memo": "", "from": "2025-11-01",
        ])
      #expect(try await harness.repository.recurringPlan().rules.count == 1)
    }
  }

  @Test("a rule removed twice with one key: the second answer is the first's, no refusal")
  func removeRule() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/recurring").text
      let first = try await Self.twice(
        &browser, client, page: page, "/recurring/remove", ["rule": "r1"],
        containing: "value=\"r1\"")
      let after = try await browser.get(client, try #require(first.headers[.location])).text
      #expect(after.has("Removed rule r1"))
      #expect(after.errorText == nil)
      #expect(try await harness.repository.recurringPlan().rules.map(\.id.rawValue) == ["r2"])
    }
  }

  @Test("a due entry confirmed twice with one key is one entry, both answers alike")
  func confirmDue() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      _ = try await Self.twice(
        &browser, client, page: page, "/due/confirm", ["rule": "r2", "date": "2025-11-10"],
        containing: "value=\"r2\"")
      let stored = try await harness.repository.transactions(
        in: Fixtures.day("2025-11-10")...Fixtures.day("2025-11-10"))
      #expect(stored.map(\.amount) == [Fixtures.amount(50_000)])
    }
  }

  @Test("the same confirmation sent at once from four requests is one entry")
  func racingConfirm() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      let key = try #require(page.formKey("/due/confirm", containing: "value=\"r2\""))
      let fields = ["rule": "r2", "date": "2025-11-10", "key": key]
      let sender = browser
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<4 {
          group.addTask {
            var copy = sender
            return try await copy.post(client, "/due/confirm", fields).status.code
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == [303, 303, 303, 303])
      let stored = try await harness.repository.transactions(
        in: Fixtures.day("2025-11-10")...Fixtures.day("2025-11-10"))
      #expect(stored.count == 1)
    }
  }

  @Test("every due entry confirmed at once, twice with one key, is each one entry")
  func confirmAllDue() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(page.has("<button type=\"submit\">Confirm all</button>"))
      let korean = try await browser.get(client, "/month/2025-11?day=2025-11-14&lang=ko").text
      #expect(korean.has("<button type=\"submit\">모두 확정</button>"))
      let first = try await Self.twice(
        &browser, client, page: korean, "/due/confirm-all", [:])
      let after = try await browser.get(client, try #require(first.headers[.location])).text
      #expect(after.has("반복 항목 1건을 확정했습니다"))
      #expect(!after.has("<section id=\"due\">"))
      let stored = try await harness.repository.transactions(matching: TransactionQuery())
      #expect(stored.count == 3)
    }
  }

  @Test("a due entry skipped twice with one key: the second answer is the first's")
  func skipDue() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      _ = try await Self.twice(
        &browser, client, page: page, "/due/skip", ["rule": "r2", "date": "2025-11-10"],
        containing: "value=\"r2\"")
      #expect(try await harness.repository.recurringPlan().decisions.count == 1)
      #expect(try await harness.repository.transactions(matching: TransactionQuery()).count == 2)
    }
  }

  @Test("a due entry changed twice with one key: the second answer is the first's")
  func changeDue() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/month/2025-11?day=2025-11-14")
      let form = try await browser.get(client, "/due/change?rule=r2&date=2025-11-10").text
      _ = try await Self.twice(
        &browser, client, page: form, "/due/change",
        ["rule": "r2", "date": "2025-11-10", "amount": "6만", "memo": "", "day": "2025-11-12"])
      let key = OccurrenceKey(rule: RecurringRuleID("r2"), date: Fixtures.day("2025-11-10"))
      let now = try await harness.repository.recurringPlan().occurrence(key)
      #expect(now.amount == Fixtures.amount(60_000) && now.day == Fixtures.day("2025-11-12"))
    }
  }

  @Test("a budget set, changed and removed twice each with one key: each answer the first's")
  func budgets() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      var page = try await browser.get(client, "/budgets?month=2025-11").text
      let firstKey = try #require(page.formKey("/budgets/set"))
      let first = ["category": "food", "amount": "1만", "month": "2025-11"]
      _ = try await Self.twice(&browser, client, page: page, "/budgets/set", first)
      page = try await browser.get(client, "/budgets?month=2025-11").text
      _ = try await Self.twice(
        &browser, client, page: page, "/budgets/set",
        ["category": "food", "amount": "2만", "month": "2025-11"])
      // The first set replayed after the change does not put the older limit back.
      _ = try await browser.post(
        client, "/budgets/set", first.merging(["key": firstKey]) { $1 })
      #expect(
        try await harness.repository.budgetPlan().limits(in: Fixtures.month("2025-11")).map(
          \.limit) == [Fixtures.amount(20_000)])
      page = try await browser.get(client, "/budgets?month=2025-11").text
      let removed = try await Self.twice(
        &browser, client, page: page, "/budgets/remove",
        ["category": "food", "month": "2025-11"])
      let after = try await browser.get(client, try #require(removed.headers[.location])).text
      #expect(after.errorText == nil)
      #expect(try await harness.repository.budgetPlan().isEmpty)
    }
  }

  @Test("a mood set twice with one key is one step; replayed after a newer mood, it writes nothing")
  func mood() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var browser = Browser()
      var page = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      let calm = ["day": "2025-11-12", "mood": "calm", "note": ""]
      let key = try #require(page.formKey("/moods"))
      _ = try await Self.twice(&browser, client, page: page, "/moods", calm)
      let day = Fixtures.day("2025-11-12")
      #expect(try await harness.repository.moods(in: day...day)[day]?.mood == .calm)
      page = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      _ = try await Self.twice(
        &browser, client, page: page, "/moods", ["day": "2025-11-12", "mood": "joy", "note": ""])
      // The first form replayed later (a queued retry) does not put its older mood back.
      let replay = try await browser.post(client, "/moods", calm.merging(["key": key]) { $1 })
      #expect(replay.status == .seeOther)
      #expect(try await harness.repository.moods(in: day...day)[day]?.mood == .joy)
    }
  }

  @Test("a category renamed (and merged) twice with one key: the second answer is the first's")
  func renameCategory() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      var page = try await browser.get(client, "/categories").text
      _ = try await Self.twice(
        &browser, client, page: page, "/categories/rename", ["old": "cafe", "new": "coffee"],
        containing: "value=\"cafe\"")
      page = try await browser.get(client, "/categories").text
      let merged = try await Self.twice(
        &browser, client, page: page, "/categories/rename", ["old": "coffee", "new": "food"],
        containing: "value=\"coffee\"")
      let after = try await browser.get(client, try #require(merged.headers[.location])).text
      #expect(after.has("merged 1 entry of coffee into food"))
      let all = try await harness.repository.transactions(matching: TransactionQuery())
      #expect(all.map(\.category) == ["food", "food"])
    }
  }

  @Test("a redo sent twice with one key makes one change again, not two")
  func redo() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      for memo in ["first", "second"] {
        _ = try await browser.post(
          client, "/entries",
          [
            "kind": "expense", "amount": "7000", "category": "taxi", "memo": memo,
            "date": "2025-11-12",
          ])
      }
      #expect(await harness.repository.all.count == 2)
      _ = try await browser.post(client, "/undo", [:])
      _ = try await browser.post(client, "/undo", [:])
      #expect(await harness.repository.all.isEmpty)
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      _ = try await Self.twice(
        &browser, client, page: page, "/redo", ["back": "/month/2025-11?day=2025-11-12"])
      let memos = await harness.repository.all.map(\.memo)
      #expect(memos == ["first"])
    }
  }

  @Test("an entry deleted twice with one key: the second answer is the first's, not a 404")
  func delete() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/entries/a1/delete").text
      let version = try #require(page.inputValue("version"))
      _ = try await Self.twice(
        &browser, client, page: page, "/entries/a1/delete", ["version": version])
      #expect(await harness.repository.all.map(\.id.rawValue) == ["a2"])
    }
  }

  @Test("a signed-in phone's write sent again after a server restart is not written again")
  func afterRestart() async throws {
    let token = String(repeating: "cd", count: 32)
    let home = ListenAddress(host: "0.0.0.0", port: 8080)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-writes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var settings = WebServer.Configuration(listen: home, token: token)
    settings.sessionFile = folder + "/serve-token.sessions"
    let configuration = settings
    let repository = InMemoryTransactionRepository()
    let rule = [
      "schedule": "monthly", "when": "25", "kind": "expense", "amount": "65만",
      "category": "rent", "memo": "", "from": "2025-11-01",
    ]
    let before = await WebServer(
      repository: repository, currency: .krw, clock: .fixed(at: WebHarness.today),
      configuration: configuration)
    let (phone, fields, first) = try await before.application().test(.router) { client in
      var phone = Browser()
      _ = try await phone.get(client, "/signin")
      _ = try await phone.post(client, "/signin", ["token": token])
      let page = try await phone.get(client, "/recurring").text
      let fields = rule.merging(["key": try #require(page.formKey("/recurring"))]) { $1 }
      let first = try await phone.post(client, "/recurring", fields)
      return (phone, fields, first.headers[.location])
    }
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: folder + "/serve-token.sessions.writes")[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let kept = try String(contentsOfFile: folder + "/serve-token.sessions.writes", encoding: .utf8)
    #expect(!kept.contains(try #require(phone.cookies["hannun_session"])))
    // A new server process over the same ledger and files.
    let after = await WebServer(
      repository: repository, currency: .krw, clock: .fixed(at: WebHarness.today),
      configuration: configuration)
    try await after.application().test(.router) { client in
      var phone = phone
      let again = try await phone.post(client, "/recurring", fields)
      #expect(again.status == .seeOther)
      // The same page, saying again what the first answer said (its one-time token is new).
      let place = { (location: String?) in location?.components(separatedBy: "?said=")[0] }
      #expect(place(again.headers[.location]) == place(first))
      let page = try await phone.get(client, try #require(again.headers[.location])).text
      #expect(page.has("Added rule r1"))
    }
    #expect(try await repository.recurringPlan().rules.count == 1)
  }

  @Test("a refused write keeps no outcome: the same key sent again after the fix writes once")
  func refusedThenFixed() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/budgets?month=2025-11").text
      let key = try #require(page.formKey("/budgets/set"))
      var fields = ["category": "food", "amount": "lots", "month": "2025-11", "key": key]
      let refused = try await browser.post(client, "/budgets/set", fields)
      #expect(refused.status == .unprocessableContent)
      fields["amount"] = "1만"
      #expect(try await browser.post(client, "/budgets/set", fields).status == .seeOther)
      #expect(try await harness.repository.budgetPlan().isEmpty == false)
    }
  }

  @Test("a key is one browser's: the same key from another browser is another write")
  func keysPerBrowser() async throws {
    let harness = await Self.harness()
    try await harness.test { client in
      var one = Browser()
      var other = Browser()
      let page = try await one.get(client, "/categories").text
      _ = try await other.get(client, "/categories")
      let key = try #require(page.formKey("/categories/rename", containing: "value=\"cafe\""))
      let first = try await one.post(
        client, "/categories/rename", ["old": "cafe", "new": "coffee", "key": key])
      #expect(first.status == .seeOther)
      let second = try await other.post(
        client, "/categories/rename", ["old": "cafe", "new": "coffee", "key": key])
      #expect(second.status == .unprocessableContent)
    }
  }
}

extension String {
  /// The `key` of the first form in the page that posts to `action` and holds `containing`.
  func formKey(_ action: String, containing: String = "") -> String? {
    let forms = components(separatedBy: "<form ").dropFirst().map {
      $0.components(separatedBy: "</form>").first ?? $0
    }
    let form = forms.first {
      $0.contains("method=\"post\"") && $0.contains("action=\"\(action)\"")
        && (containing.isEmpty || $0.contains(containing))
    }
    return form?.inputValue("key")
  }
}
