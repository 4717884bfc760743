import Foundation
import HTTPTypes
import HannunDomain
import HannunKit
import HannunPresentation
import HannunREPL
import HannunTestSupport
import HannunWeb
import HannunWebTesting
import Hummingbird
import Testing

/// A budget refused in the terminal (a scripted REPL), on the one-shot command line (in process)
/// and on the web (`hannun serve`'s routes, in process) is said in the same sentence, because all
/// three fill the one budget form (``BudgetFormViewModel``) with what was typed.
@MainActor
@Suite("The same bad budget, the same refusal, in the terminal, on the command line and the web")
struct SameBudgetRefusalTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-same-budget") }

  private func options(_ data: URL, startsCalendar: Bool = true) -> LedgerSession.Options {
    LedgerSession.Options(
      dataPath: data.path(percentEncoded: false), localeIdentifier: "en_US", currency: .krw,
      clock: .fixed(at: Fixtures.day("2025-11-14")), startsCalendar: startsCalendar,
      environment: [:], currentDirectory: folder.url.path)
  }

  /// Runs `lines` in a REPL over the ledger in `data`, wired as `hannun` wires it.
  private func repl(_ lines: [String], data: URL) async throws -> String {
    let session = try await LedgerSession.open(options(data))
    var transcript = ""
    let repl = REPLSession(
      coordinator: session.coordinator, reader: ScriptedLineReader(lines: lines), theme: .plain,
      interactive: false, write: { transcript += $0 })
    repl.newLedgerNotice = session.pendingNewLedgerNotice
    repl.changes = session.changes
    _ = await repl.run()
    return transcript
  }

  /// Posts the budgets page's set form with `fields`, as a browser would.
  /// - Returns: The status and the page the post answers with.
  private func web(_ fields: String, data: URL) async throws -> (HTTPResponse.Status, String) {
    let session = try await LedgerSession.open(options(data, startsCalendar: false))
    let server = WebServer(
      session: session,
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    return try await server.application().test(.router) { client in
      let budgets = try await client.execute(uri: "/budgets", method: .get)
      let page = String(buffer: budgets.body)
      let cookies = budgets.headers[values: .setCookie].map { $0.split(separator: ";")[0] }
      guard let start = page.range(of: "name=\"csrf\" value=\""),
        let end = page[start.upperBound...].firstIndex(of: "\"")
      else { return (budgets.status, page) }
      var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
      headers[.cookie] = cookies.joined(separator: "; ")
      let set = try await client.execute(
        uri: "/budgets/set", method: .post, headers: headers,
        body: ByteBuffer(string: "csrf=\(page[start.upperBound..<end])&\(fields)"))
      return (set.status, String(buffer: set.body))
    }
  }

  /// The refusal each frontend said: the REPL's `error:` line, the command line's `hannun:`
  /// line, the web page's alert.
  private func said(
    _ amount: String, month: String = "2025-03"
  ) async throws -> (terminal: String?, oneShot: String, web: String?, status: Int32) {
    let transcript = try await repl(
      ["budget set \(amount) 식비 --from \(month)", "quit"], data: folder.appending("repl"))
    let terminal = transcript.split(separator: "\n").first { $0.hasPrefix("error: ") }?
      .dropFirst("error: ".count)
    let run = await hannun(
      [
        "budget", "set", amount, "--category", "식비", "--from", month, "--locale", "en",
        "--currency", "KRW",
      ], data: folder.appending("cli"))
    let (_, page) = try await web(
      "category=%EC%8B%9D%EB%B9%84&amount=\(amount)&month=\(month)", data: folder.appending("web"))
    let alert = page.range(of: "role=\"alert\">").flatMap { start in
      page[start.upperBound...].range(of: "</p>").map { page[start.upperBound..<$0.lowerBound] }
    }
    let oneShot = run.err.hasPrefix("hannun: ") ? String(run.err.dropFirst(8).dropLast()) : run.err
    return (terminal.map(String.init), oneShot, alert.map(String.init), run.status)
  }

  @Test(
    "a budget amount of -5, 0, abc or too much is refused alike in all three, nothing written",
    arguments: ["-5", "0", "abc", "99999999999999999999"])
  func badAmount(_ amount: String) async throws {
    let (terminal, oneShot, web, status) = try await said(amount)
    #expect(status == 2)
    #expect(terminal == oneShot, "terminal: \(terminal ?? "-")\ncommand line: \(oneShot)")
    #expect(web == HTML.escape(oneShot), "web: \(web ?? "-")\ncommand line: \(oneShot)")
    let error = try #require(
      #expect(throws: AmountInputError.self) { try AmountParser(currency: .krw).parse(amount) })
    #expect(
      oneShot == EnglishMessages(currency: .krw).describe(budget: .field(.amount, .amount(error))))
    for name in ["repl", "cli", "web"] {
      #expect(!folder.contains("\(name)/ledger/budgets.json"), "\(name)")
    }
  }

  @Test("a bad month and a bad amount: all three say the month's refusal first")
  func monthFirst() async throws {
    let expected = EnglishMessages(currency: .krw).describe(DateInputError.noSuchMonth("2025-13"))
    let terminal = try await repl(
      ["budget set abc --from 2025-13", "quit"], data: folder.appending("repl"))
    #expect(terminal.contains(expected), "\(terminal)")
    let oneShot = await hannun(
      ["budget", "set", "abc", "--from", "2025-13", "--locale", "en", "--currency", "KRW"],
      data: folder.appending("cli"))
    #expect(oneShot.err == "hannun: \(expected)\n", "\(oneShot)")
    let (_, page) = try await web("amount=abc&month=2025-13", data: folder.appending("web"))
    #expect(page.contains("role=\"alert\">\(HTML.escape(expected))</p>"), "\(page)")
  }
}

/// A change to one due occurrence that changes nothing is refused alike in the terminal and on
/// the command line (the web's part is `HouseholdMonthTests`), because both fill the one
/// occurrence form (``OccurrenceFormViewModel``).
@MainActor
@Suite("The same empty occurrence change, the same refusal, in the terminal and the command line")
struct SameOccurrenceRefusalTests {
  @Test("changing an occurrence to its planned amount writes nothing and says so in both")
  func unchanged() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-same-occurrence")
    let expected = DisplayLanguage.english.emptyOccurrenceChange
    for name in ["repl", "cli"] {
      let run = await hannun(
        [
          "recurring", "add", "--monthly", "25", "650000", "--category", "월세", "--from",
          "2025-10-01", "--currency", "KRW",
        ], data: folder.appending(name))
      #expect(run.status == 0, "\(run)")
    }
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.appending("repl").path(percentEncoded: false), localeIdentifier: "en_US",
        clock: .fixed(at: Fixtures.day("2025-11-26")), environment: [:],
        currentDirectory: folder.url.path))
    var transcript = ""
    let repl = REPLSession(
      coordinator: session.coordinator,
      reader: ScriptedLineReader(lines: ["change r1 2025-10-25 amount 650000", "quit"]),
      theme: .plain, interactive: false, write: { transcript += $0 })
    _ = await repl.run()
    #expect(transcript.contains("error: \(expected)"), "\(transcript)")
    let oneShot = await hannun(
      ["change", "r1", "2025-10-25", "--amount", "650000", "--locale", "en"],
      data: folder.appending("cli"))
    #expect(oneShot.status == 2, "\(oneShot)")
    #expect(oneShot.err == "hannun: \(expected)\n", "\(oneShot)")
    for name in ["repl", "cli"] {
      let plan = try String(
        contentsOf: folder.appending("\(name)/ledger/recurring.json"), encoding: .utf8)
      #expect(!plan.contains("changed"), "\(name): \(plan)")
    }
  }
}
