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

/// The same intent through the terminal (a scripted REPL), the one-shot command line (run in
/// process) and the web (`hannun serve`'s routes, in process) gives the same outcome, because all
/// three run the flow Presentation writes once. The web's part of the form refusal is
/// `SameRefusalWebTests` (HannunWebTests).
@MainActor
@Suite("The same intent, the same outcome, in the terminal, on the command line and on the web")
struct SameIntentAcrossFrontendsTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-same-intent") }

  /// Runs `lines` in a REPL over the ledger in `data`, wired as `hannun` wires it, on `today`.
  private func repl(_ lines: [String], data: URL, today: String) async throws -> String {
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: data.path(percentEncoded: false), localeIdentifier: "en_US", currency: .krw,
        clock: .fixed(at: Fixtures.day(today)), environment: [:],
        currentDirectory: folder.url.path))
    var transcript = ""
    let repl = REPLSession(
      coordinator: session.coordinator, reader: ScriptedLineReader(lines: lines), theme: .plain,
      interactive: false, write: { transcript += $0 })
    repl.newLedgerNotice = session.pendingNewLedgerNotice
    repl.changes = session.changes
    _ = await repl.run()
    return transcript
  }

  /// Confirms `rule`'s occurrence on `date` on the web page of the ledger in `data`, as a browser
  /// would (the month page, then its confirm button), on `today`.
  /// - Returns: The page the confirm's redirect opens.
  private func webConfirm(rule: String, date: String, data: URL, today: String) async throws
    -> String
  {
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: data.path(percentEncoded: false), localeIdentifier: "en_US", currency: .krw,
        clock: .fixed(at: Fixtures.day(today)), startsCalendar: false, environment: [:],
        currentDirectory: folder.url.path))
    let server = WebServer(
      session: session,
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    return try await server.application().test(.router) { client in
      let month = try await client.execute(uri: "/", method: .get)
      let page = String(buffer: month.body)
      let cookies = month.headers[values: .setCookie].map { $0.split(separator: ";")[0] }
      guard let start = page.range(of: "name=\"csrf\" value=\""),
        let end = page[start.upperBound...].firstIndex(of: "\"")
      else { return page }
      let csrf = page[start.upperBound..<end]
      var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
      headers[.cookie] = cookies.joined(separator: "; ")
      let confirmed = try await client.execute(
        uri: "/due/confirm", method: .post, headers: headers,
        body: ByteBuffer(string: "csrf=\(csrf)&rule=\(rule)&date=\(date)"))
      guard confirmed.status == .seeOther, let location = confirmed.headers[.location] else {
        return "status \(confirmed.status): " + String(buffer: confirmed.body)
      }
      headers[.contentType] = nil
      let after = try await client.execute(uri: location, method: .get, headers: headers)
      return String(buffer: after.body)
    }
  }

  @Test("an entry whose amount and day are both refused: each says the amount's refusal first")
  func formRefusalOrder() async throws {
    let expected = EnglishMessages(currency: .krw).describe(AmountInputError.malformed("abc"))
    let terminal = try await repl(
      ["add expense abc food --date 31", "quit"], data: folder.appending("repl"),
      today: "2025-11-14")
    #expect(terminal.contains(expected), "\(terminal)")
    let oneShot = await hannun(
      [
        "add", "--expense", "abc", "--category", "food", "--date", "31", "--locale", "en",
        "--currency", "KRW",
      ], data: folder.appending("cli"))
    #expect(oneShot.status == 2, "\(oneShot)")
    #expect(oneShot.err.contains(expected), "\(oneShot)")
    #expect(!folder.contains("cli/ledger") && !folder.contains("repl/ledger"))
  }

  @Test("importing entries over a budget warns alike in the terminal and the CLI")
  func importOverBudget() async throws {
    let warning = "Over the '월세' budget for November 2025 by ₩50,000 (₩650,000 of ₩600,000)"
    let csv = folder.appending("bank.csv")
    try Data("date,memo,amount,category\n2025-11-03,rent,-650000,월세\n".utf8).write(to: csv)
    for name in ["repl", "cli"] {
      let run = await hannun(
        ["budget", "set", "60만", "--category", "월세", "--from", "2025-01", "--currency", "KRW"],
        data: folder.appending(name))
      #expect(run.status == 0, "\(run)")
    }
    let path = csv.path(percentEncoded: false)
    let terminal = try await repl(
      ["import \(path)", "quit"], data: folder.appending("repl"), today: "2025-11-26")
    #expect(terminal.contains(warning), "\(terminal)")
    let oneShot = await hannun(["import", path, "--locale", "en"], data: folder.appending("cli"))
    #expect(oneShot.status == 0, "\(oneShot)")
    #expect(oneShot.err == warning + "\n", "\(oneShot)")
  }

  @Test("confirming a due occurrence over its budget warns alike in the terminal, CLI and web")
  func confirmOverBudget() async throws {
    let warning = "Over the '월세' budget for October 2025 by ₩50,000 (₩650,000 of ₩600,000)"
    for name in ["repl", "cli", "web"] {
      let data = folder.appending(name)
      for arguments in [
        ["budget", "set", "60만", "--category", "월세", "--from", "2025-01", "--currency", "KRW"],
        [
          "recurring", "add", "--monthly", "25", "650000", "--category", "월세", "--from",
          "2025-10-01", "--until", "2025-11-30",
        ],
      ] {
        let run = await hannun(arguments, data: data)
        #expect(run.status == 0, "\(arguments): \(run)")
      }
    }
    let terminal = try await repl(
      ["confirm r1 2025-10-25", "quit"], data: folder.appending("repl"), today: "2025-11-26")
    #expect(terminal.contains(warning), "\(terminal)")
    let oneShot = await hannun(
      ["confirm", "r1", "2025-10-25", "--locale", "en"], data: folder.appending("cli"))
    #expect(oneShot.status == 0, "\(oneShot)")
    #expect(oneShot.err == warning + "\n", "\(oneShot)")
    let web = try await webConfirm(
      rule: "r1", date: "2025-10-25", data: folder.appending("web"), today: "2025-11-26")
    #expect(web.contains("role=\"alert\">\(HTML.escape(warning))</p>"), "\(web)")
  }
}
