import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Commands read from a pipe run as a script; like a shell script run with `set -e` in spirit,
/// the script's exit status says whether every command went through, so that the script that
/// feeds it can tell.
@MainActor
@Suite("REPL script: the exit status")
struct ScriptExitStatusTests {
  private func run(_ lines: [String], interactive: Bool = false) async throws -> (
    status: Int32, transcript: String
  ) {
    let repository = InMemoryTransactionRepository()
    let clock = LedgerClock.fixed(at: try Day(iso: "2025-11-14"))
    let coordinator = await startedCoordinator(
      entries: repository, store: repository, clock: clock)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines: lines), theme: .plain,
      interactive: interactive, write: { transcript += $0 })
    let status = await session.run()
    return (status, transcript)
  }

  @Test("0 when every command went through, to quit or to the end of input")
  func allWell() async throws {
    for lines in [["add expense 4500 cafe", "month", "quit"], ["add expense 4500 cafe"]] {
      let result = try await run(lines)
      #expect(result.status == 0, "\(result.transcript)")
    }
  }

  @Test(
    "1 when any command was refused, though the commands after it still run",
    arguments: [
      ["frobnicate", "add expense 4500 cafe"], ["add expense 4500 cafe", "delete 99", "quit"],
      ["add expense -5 cafe"], ["day 32", "month"],
    ])
  func refused(lines: [String]) async throws {
    let result = try await run(lines)
    #expect(result.status == 1, "\(result.transcript)")
    #expect(result.transcript.contains("error: "), "\(result.transcript)")
  }

  @Test("a person at a terminal saw each error: the session ends with 0")
  func interactive() async throws {
    let result = try await run(["frobnicate", "quit"], interactive: true)
    #expect(result.status == 0)
  }
}
