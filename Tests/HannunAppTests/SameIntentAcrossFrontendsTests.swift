import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunREPL
import HannunTestSupport
import Testing

/// The same intent through the terminal (a scripted REPL) and the one-shot command line (run in
/// process) gives the same outcome, because both run the flow Presentation writes once. The
/// web's part of the form refusal is `SameRefusalWebTests` (HannunWebTests); the web cannot
/// confirm a recurring occurrence yet.
@MainActor
@Suite("The same intent, the same outcome, in the terminal and on the command line")
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

  @Test("confirming a due occurrence over its budget warns alike in the terminal and the CLI")
  func confirmOverBudget() async throws {
    let warning = "Over the '월세' budget for October 2025 by ₩50,000 (₩650,000 of ₩600,000)"
    for name in ["repl", "cli"] {
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
  }
}
