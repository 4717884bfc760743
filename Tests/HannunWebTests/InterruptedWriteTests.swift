import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// A server stopped between a write and the record of its outcome (killed, a power cut): the
/// ledger holds the write, the outcomes' file does not. The same form sent again to the server
/// started again answers as the first time did — the page it landed on, no refusal — and
/// writes nothing more.
///
/// The stop is made by a first server that writes with a key, then its outcomes' file made as
/// that stop leaves it: every line of an outcome taken out (what was on the disk before the
/// write stays). A second server then starts over the same ledger and files.
@Suite("A write interrupted before its outcome was recorded is answered, not written again")
struct InterruptedWriteTests {
  static let token = String(repeating: "ab", count: 32)

  /// What one replay saw: both answers, the page the second opens, and the ledger after.
  struct Replay {
    var first: TestResponse
    var again: TestResponse
    /// The page the second answer sends the browser to, as the new server draws it (empty when
    /// it sends nowhere).
    var page: String
    var repository: InMemoryTransactionRepository

    /// The page an answer sends the browser to, without its one-time `said=` token.
    static func place(_ response: TestResponse) -> String? {
      response.headers[.location].map {
        $0.components(separatedBy: "&said=")[0].components(separatedBy: "?said=")[0]
      }
    }

    /// The second answer is the first's: the same page, no refusal.
    func sameAnswer() {
      #expect(first.status == .seeOther)
      #expect(again.status == .seeOther)
      #expect(Self.place(again) == Self.place(first))
    }
  }

  /// Signs a phone in to a server over `repository`, opens `page`, posts `fields` with the key
  /// of its form that posts to `action` (the one holding `containing`) and the page's values of
  /// the fields `fromPage` names (an edit form has no key: `keyed` false), stops the server as if
  /// between the write and its outcome, and posts the same form to a new server (in `language`
  /// when given), opening the page it answers with. With `upload`, the form is on the preview
  /// of that file uploaded from `page`. The forms `prepare` lists are posted first, each from
  /// `page`, as this phone's earlier writes.
  static func replay(
    _ repository: InMemoryTransactionRepository, page: String, _ action: String,
    containing: String = "", _ fields: [String: String], fromPage: [String] = [],
    keyed: Bool = true, language: DisplayLanguage? = nil, upload: String? = nil,
    prepare: [(String, [String: String])] = [],
    between: @Sendable (InMemoryTransactionRepository) async throws -> Void = { _ in }
  ) async throws -> Replay {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-interrupted-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var settings = WebServer.Configuration(
      listen: ListenAddress(host: "0.0.0.0", port: 8080), token: token, language: .english)
    settings.sessionFile = folder + "/serve-token.sessions"
    let configuration = settings
    let server = { @MainActor in
      await WebServer(
        repository: repository, currency: .krw, clock: .fixed(at: WebHarness.today),
        makeID: Fixtures.sequentialIDs(prefix: "w"), configuration: configuration)
    }
    let before = await server()
    let (phone, sent, first) = try await before.application().test(.router) { client in
      var phone = Browser()
      _ = try await phone.get(client, "/signin")
      _ = try await phone.post(client, "/signin", ["token": token])
      for (action, fields) in prepare {
        _ = try await phone.get(client, page)
        #expect(try await phone.post(client, action, fields).status == .seeOther)
      }
      var form = try await phone.get(client, page).text
      if let upload { form = try await phone.upload(client, name: "card.csv", upload).text }
      var sent = fields
      if keyed {
        let key: String = try #require(form.formKey(action, containing: containing))
        sent["key"] = key
      }
      for name in fromPage {
        let value: String = try #require(form.inputValue(name))
        sent[name] = value
      }
      return (phone, sent, try await phone.post(client, action, sent))
    }
    // The stop: the outcome never reached the file.
    let file = folder + "/serve-token.sessions.writes"
    // (A write without a key, an edit, keeps no line.)
    let text =
      FileManager.default.fileExists(atPath: file)
      ? try String(contentsOfFile: file, encoding: .utf8) : ""
    let lines = text.split(separator: "\n")
    let kept = lines.filter { line in
      let status = line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first
      return !(300..<400).contains(status.flatMap { Int($0) } ?? 0)
    }
    if !text.isEmpty {
      try kept.map { $0 + "\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
    }
    try await between(repository)
    let after = await server()
    let (again, page) = try await after.application().test(.router) { client in
      var phone = phone
      if let language { _ = try await phone.get(client, "/?lang=\(language.rawValue)") }
      let again = try await phone.post(client, action, sent)
      guard let location = again.headers[.location] else { return (again, "") }
      return (again, try await phone.get(client, location).text)
    }
    return Replay(first: first, again: again, page: page, repository: repository)
  }

  /// Two entries, rent planned on the 25th and a phone bill due since the 10th.
  static func ledger(budgets: BudgetPlan = .empty) async -> InMemoryTransactionRepository {
    let repository = InMemoryTransactionRepository(WriteKeyTests.entries)
    await repository.replacePlanUnannounced(WriteKeyTests.plan)
    await repository.replaceBudgetPlanUnannounced(budgets)
    return repository
  }

  static let dueDay = "/month/2025-11?day=2025-11-14"

  @Test("a delete sent again after the stop lands on the entry's day, not on 'no such entry'")
  func delete() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/entries/a1/delete", "/entries/a1/delete", [:],
      fromPage: ["version", "day"])
    replay.sameAnswer()
    #expect(await repository.all.map(\.id.rawValue) == ["a2"])
  }

  @Test("an entry moved to another day, sent again after the stop, lands as moved, no conflict")
  func move() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/entries/a1/edit", "/entries/a1",
      [
        "kind": "expense", "amount": "4500", "category": "cafe", "memo": "",
        "date": "2025-11-20", "month": "2025-11",
      ], fromPage: ["version"], keyed: false)
    replay.sameAnswer()
    let moved = try #require(await repository.all.first { $0.id.rawValue == "a1" })
    #expect(moved.day == Fixtures.day("2025-11-20"))
    #expect(await repository.all.count == 2)
  }

  @Test("a due entry confirmed, sent again after the stop, is one entry and no refusal")
  func confirm() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.dueDay, "/due/confirm", containing: "value=\"r2\"",
      ["rule": "r2", "date": "2025-11-10"])
    replay.sameAnswer()
    let day = Fixtures.day("2025-11-10")
    #expect(try await repository.transactions(in: day...day).count == 1)
    #expect(replay.page.has("Confirmed: phone"))
  }

  @Test("every due entry confirmed, sent again after the stop, is each one entry")
  func confirmAll() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(repository, page: Self.dueDay, "/due/confirm-all", [:])
    replay.sameAnswer()
    #expect(try await repository.transactions(matching: TransactionQuery()).count == 3)
    #expect(replay.page.has("Confirmed 1 recurring entry"))
  }

  @Test("a due entry skipped, sent again after the stop, answers as skipped")
  func skip() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.dueDay, "/due/skip", containing: "value=\"r2\"",
      ["rule": "r2", "date": "2025-11-10"])
    replay.sameAnswer()
    #expect(try await repository.recurringPlan().decisions.count == 1)
    #expect(replay.page.has("Skipped phone on 2025-11-10 this time"))
  }

  @Test("a due entry changed, sent again after the stop, answers as changed")
  func change() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/due/change?rule=r2&date=2025-11-10", "/due/change",
      ["rule": "r2", "date": "2025-11-10", "amount": "6만", "memo": "", "day": "2025-11-12"])
    replay.sameAnswer()
    let key = OccurrenceKey(rule: RecurringRuleID("r2"), date: Fixtures.day("2025-11-10"))
    #expect(try await repository.recurringPlan().occurrence(key).amount == Fixtures.amount(60_000))
    #expect(replay.page.has("Changed this time only: phone"))
  }

  @Test("a due entry's day alone changed (its amount left blank), sent again, answers as changed")
  func changeDayAlone() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/due/change?rule=r2&date=2025-11-10", "/due/change",
      ["rule": "r2", "date": "2025-11-10", "amount": "", "memo": "", "day": "13일"])
    replay.sameAnswer()
    let key = OccurrenceKey(rule: RecurringRuleID("r2"), date: Fixtures.day("2025-11-10"))
    let now = try await repository.recurringPlan().occurrence(key)
    #expect(now.day == Fixtures.day("2025-11-13") && now.amount == Fixtures.amount(50_000))
  }

  @Test("a budget set, sent again after the stop, answers as set")
  func setBudget() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/budgets?month=2025-11", "/budgets/set",
      ["category": "food", "amount": "1만", "month": "2025-11"])
    replay.sameAnswer()
    #expect(
      try await repository.budgetPlan().limits(in: Fixtures.month("2025-11")).map(\.limit)
        == [Fixtures.amount(10_000)])
    #expect(replay.page.has("budget is"))
  }

  @Test("a budget set, sent again after the stop from a Korean page, says so in Korean")
  func setBudgetKorean() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/budgets?month=2025-11", "/budgets/set",
      ["category": "food", "amount": "1만", "month": "2025-11"], language: .korean)
    replay.sameAnswer()
    #expect(replay.page.has("예산을 한 달"))
    #expect(
      try await repository.budgetPlan().limits(in: Fixtures.month("2025-11")).map(\.limit)
        == [Fixtures.amount(10_000)])
  }

  @Test("a budget removed, sent again after the stop, answers as removed")
  func removeBudget() async throws {
    let food = BudgetPlan(changes: [
      BudgetChange(
        scope: try BudgetScope(category: "food"), from: Fixtures.month("2025-11"),
        limit: Fixtures.amount(10_000))
    ])
    let repository = await Self.ledger(budgets: food)
    let replay = try await Self.replay(
      repository, page: "/budgets?month=2025-11", "/budgets/remove",
      ["category": "food", "month": "2025-11"])
    replay.sameAnswer()
    #expect(try await repository.budgetPlan().limits(in: Fixtures.month("2025-11")).isEmpty)
  }

  @Test("a rule added, sent again after the stop, is one rule")
  func addRule() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/recurring", "/recurring",
      [
        "schedule": "monthly", "when": "5", "kind": "expense", "amount": "3만",
        "category": "gym", "memo": "", "from": "2025-11-01",
      ])
    replay.sameAnswer()
    #expect(try await repository.recurringPlan().rules.count == 3)
    #expect(replay.page.has("Added rule r"))
  }

  @Test("a rule removed, sent again after the stop, says no 'unknown rule'")
  func removeRule() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/recurring", "/recurring/remove", containing: "value=\"r1\"",
      ["rule": "r1"])
    replay.sameAnswer()
    #expect(try await repository.recurringPlan().rules.map(\.id.rawValue) == ["r2"])
    #expect(replay.page.has("Removed rule r1; the entries it became stay"))
    #expect(!replay.page.lowercased().contains("unknown rule"))
  }

  @Test("a category renamed, sent again after the stop, answers as renamed")
  func rename() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/categories", "/categories/rename", containing: "value=\"cafe\"",
      ["old": "cafe", "new": " coffee "])
    replay.sameAnswer()
    let categories = try await repository.transactions(matching: TransactionQuery()).map(\.category)
    #expect(categories.sorted() == ["coffee", "food"])
    #expect(replay.page.has("renamed category cafe to coffee (1 entry)"), "\(replay.page)")
  }

  @Test("a category merged with its budget, sent again after the stop, says the merge it made")
  func merge() async throws {
    let cafe = BudgetPlan(changes: [
      BudgetChange(
        scope: .category("cafe"), from: Fixtures.month("2025-10"), limit: Fixtures.amount(30_000))
    ])
    let repository = await Self.ledger(budgets: cafe)
    let replay = try await Self.replay(
      repository, page: "/categories", "/categories/rename", containing: "value=\"cafe\"",
      ["old": "cafe", "new": "food"])
    replay.sameAnswer()
    let categories = try await repository.transactions(matching: TransactionQuery()).map(\.category)
    #expect(categories == ["food", "food"])
    // The line kept before the write, as the first answer said it.
    #expect(replay.page.has("merged 1 entry of cafe into food with 1 budget"), "\(replay.page)")
  }

  @Test("a mood set, sent again after the stop, answers as set")
  func mood() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/month/2025-11?day=2025-11-12", "/moods",
      ["day": "2025-11-12", "mood": "calm", "note": "quiet"])
    replay.sameAnswer()
    let day = Fixtures.day("2025-11-12")
    #expect(try await repository.moods(in: day...day)[day] == DayMood(.calm, note: "quiet"))
  }

  @Test("an import confirmed, sent again after the stop, lands where it did and says what it did")
  func importConfirm() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: "/import", "/import/confirm", [:], fromPage: ["preview"],
      upload: ImportPageTests.csv)
    replay.sameAnswer()
    #expect(replay.page.has("Imported 3"))
    #expect(!replay.page.has("no longer open"))
    #expect(await repository.all.count == WriteKeyTests.entries.count + 3)
  }

  static let taxi = [
    "kind": "expense", "amount": "9000", "category": "taxi", "memo": "", "date": "2025-11-20",
    "month": "2025-11",
  ]
  static let taxiDay = "/month/2025-11?day=2025-11-20"

  @Test("an undo sent again after the stop (and this phone's history) lands as the first did")
  func undo() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.taxiDay, "/undo", ["back": Self.taxiDay],
      prepare: [("/entries", Self.taxi)])
    replay.sameAnswer()
    #expect(!replay.page.has("Nothing to undo"))
    #expect(await repository.all.map(\.id.rawValue).sorted() == ["a1", "a2"])
  }

  @Test("a redo sent again after the stop (and this phone's history) lands as the first did")
  func redo() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.taxiDay, "/redo", ["back": Self.taxiDay],
      prepare: [("/entries", Self.taxi), ("/undo", ["back": Self.taxiDay])])
    replay.sameAnswer()
    #expect(await repository.all.count == 3)
    #expect(await repository.all.filter { $0.category == "taxi" }.count == 1)
  }

  static let moodDay = "/month/2025-11?day=2025-11-12"
  static let calm = ["day": "2025-11-12", "mood": "calm", "note": "quiet"]

  @Test("a mood's undo sent again after the stop (and this phone's history) lands as the first did")
  func undoMood() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.moodDay, "/undo", ["back": Self.moodDay],
      prepare: [("/moods", Self.calm)])
    replay.sameAnswer()
    #expect(!replay.page.has("Nothing to undo"))
    let day = Fixtures.day("2025-11-12")
    #expect(try await repository.moods(in: day...day).isEmpty)
  }

  @Test("a mood's redo sent again after the stop (and this phone's history) lands as the first did")
  func redoMood() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.moodDay, "/redo", ["back": Self.moodDay],
      prepare: [("/moods", Self.calm), ("/undo", ["back": Self.moodDay])])
    replay.sameAnswer()
    #expect(!replay.page.has("Nothing to redo"))
    let day = Fixtures.day("2025-11-12")
    #expect(try await repository.moods(in: day...day)[day] == DayMood(.calm, note: "quiet"))
  }

  @Test("the undo of a rename only budgets had, sent again after the stop, lands as the first did")
  func undoBudgetOnlyRename() async throws {
    let books = BudgetPlan(changes: [
      BudgetChange(
        scope: .category("books"), from: Fixtures.month("2025-10"), limit: Fixtures.amount(20_000))
    ])
    let repository = await Self.ledger(budgets: books)
    let replay = try await Self.replay(
      repository, page: Self.moodDay, "/undo", ["back": Self.moodDay],
      prepare: [("/categories/rename", ["old": "books", "new": "reading"])])
    replay.sameAnswer()
    #expect(!replay.page.has("Nothing to undo"))
    #expect(try await repository.budgetPlan() == books)
  }

  @Test("the redo of a rename only rules had, sent again after the stop, lands as the first did")
  func redoRuleOnlyRename() async throws {
    let repository = await Self.ledger()
    let replay = try await Self.replay(
      repository, page: Self.moodDay, "/redo", ["back": Self.moodDay],
      prepare: [
        ("/categories/rename", ["old": "rent", "new": "housing"]),
        ("/undo", ["back": Self.moodDay]),
      ])
    replay.sameAnswer()
    #expect(!replay.page.has("Nothing to redo"))
    let categories = try await repository.recurringPlan().rules.map(\.category)
    #expect(categories.sorted() == ["housing", "phone"])
  }

  @Test("an import over a budget, sent again after the stop, warns of the budget as the first did")
  func importOverBudget() async throws {
    let taxi = BudgetPlan(changes: [
      BudgetChange(
        scope: .category("taxi"), from: Fixtures.month("2025-11"), limit: Fixtures.amount(5_000))
    ])
    let repository = await Self.ledger(budgets: taxi)
    let replay = try await Self.replay(
      repository, page: "/import", "/import/confirm", [:], fromPage: ["preview"],
      upload: ImportPageTests.csv)
    replay.sameAnswer()
    #expect(replay.page.has("Imported 3"))
    // The first answer's warning (`Over the 'taxi' budget for …`), kept before the write.
    #expect(replay.page.has("Over the &#39;taxi&#39; budget"), "\(replay.page)")
    #expect(await repository.all.count == WriteKeyTests.entries.count + 3)
  }

  static let taxiBudget = BudgetPlan(changes: [
    BudgetChange(
      scope: .category("taxi"), from: Fixtures.month("2025-11"), limit: Fixtures.amount(5_000))
  ])

  @Test("a redo that brings an expense over its budget, sent again after the stop, warns again")
  func redoOverBudget() async throws {
    let repository = await Self.ledger(budgets: Self.taxiBudget)
    let replay = try await Self.replay(
      repository, page: Self.taxiDay, "/redo", ["back": Self.taxiDay],
      prepare: [("/entries", Self.taxi), ("/undo", ["back": Self.taxiDay])])
    replay.sameAnswer()
    #expect(replay.page.has("Over the &#39;taxi&#39; budget"), "\(replay.page)")
    #expect(await repository.all.filter { $0.category == "taxi" }.count == 1)
  }

  @Test("a write never made before the stop (its intent alone on the disk) is made on the retry")
  func notMadeBeforeTheStop() async throws {
    let repository = await Self.ledger()
    // The first server writes; the ledger is then put back as if the stop came before the
    // write: the retry finds nothing made, and makes it.
    let replay = try await Self.replay(
      repository, page: "/recurring", "/recurring/remove", containing: "value=\"r1\"",
      ["rule": "r1"],
      between: { repository in await repository.replacePlanUnannounced(WriteKeyTests.plan) })
    #expect(replay.again.status == .seeOther)
    #expect(try await repository.recurringPlan().rules.map(\.id.rawValue) == ["r2"])
    #expect(replay.again.headers[.location]?.contains("said=") == true)
  }

  @Test("an add the waiting queue sends again after a restart before its answer is saved once")
  func waitingQueueAfterRestart() async throws {
    let repository = await Self.ledger()
    let fields = [
      "kind": "expense", "amount": "7000", "category": "market", "memo": "fish",
      "date": "2025-11-12", "month": "2025-11", "key": "mqkeysadd0",
    ]
    // As the queue sends it: a fresh page for the browser's token, then the entry with its key.
    let send = { @Sendable (server: WebServer) async throws -> TestResponse in
      try await server.application().test(.router) { client in
        var phone = Browser()
        _ = try await phone.get(client, "/month/2025-11")
        return try await phone.post(client, "/entries", fields)
      }
    }
    let configuration = WebServer.Configuration(
      listen: ListenAddress(host: "127.0.0.1", port: 80), language: .english)
    let server = { @MainActor in
      await WebServer(
        repository: repository, currency: .krw, clock: .fixed(at: WebHarness.today),
        configuration: configuration)
    }
    let first = try await send(await server())
    // The answer lost with the server: the queue kept the entry and sends it to the new one.
    let again = try await send(await server())
    #expect(first.status == .seeOther)
    #expect(again.status == .seeOther)
    #expect(again.headers[.location] == first.headers[.location])
    #expect(await repository.all.filter { $0.id.rawValue == "mqkeysadd0" }.count == 1)
    #expect(await repository.all.count == WriteKeyTests.entries.count + 1)
  }
}
