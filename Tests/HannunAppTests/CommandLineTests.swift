import Foundation
import HannunApp
import HannunServe
import HannunTestSupport
import Synchronization
import Testing

/// What one command line did, run in process.
struct Run: CustomStringConvertible {
  let status: Int32
  let out: String
  let err: String
  var description: String { "status \(status)\nout: \(out)\nerr: \(err)" }
}

/// Collects what a command writes, from any thread.
private final class Capture: Sendable {
  let text = Mutex("")
  func append(_ more: String) { text.withLock { $0 += more } }
  var value: String { text.withLock { $0 } }
}

/// Runs `hannun ARGUMENTS --data DATA` in this process, with output captured.
@MainActor
func hannun(_ arguments: [String], data: URL?) async -> Run {
  // `serve` runs in this process, as in `hannun-serve`, rather than replacing it.
  HannunServe.install()
  let out = Capture()
  let err = Capture()
  let all = arguments + (data.map { ["--data", $0.path(percentEncoded: false)] } ?? [])
  let status = await Console.$output.withValue(
    { out.append($0) },
    operation: {
      await Console.$errorOutput.withValue(
        { err.append($0) }, operation: { await HannunMain.run(arguments: all) })
    })
  return Run(status: status, out: out.value, err: err.value)
}

@MainActor
@Suite("The hannun command line, in process")
struct CommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-app-tests") }

  @Test("add prints the new id; day --json shows the entry; delete removes it directly")
  func addDayDelete() async throws {
    let added = await hannun(
      [
        "add", "--expense", "3만5천", "--category", "식비", "--memo", "점심", "--date", "2025-11-03",
        "--locale", "ko",
      ], data: data)
    #expect(added.status == 0, "\(added)")
    let id = added.out.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!id.isEmpty)
    #expect(added.err.contains("KRW"), "the first write says which currency it chose: \(added)")
    let second = await hannun(["add", "--income", "1", "--category", "x"], data: data)
    #expect(second.status == 0 && second.err.isEmpty, "only the first write says so: \(second)")

    let day = await hannun(["day", "2025-11-03", "--json"], data: data)
    #expect(day.status == 0)
    #expect(day.out.contains("\"id\":\"\(id)\"") && day.out.contains("35000"), "\(day)")

    let deleted = await hannun(["delete", id], data: data)
    #expect(deleted.status == 0 && deleted.out == id + "\n", "\(deleted)")
    let again = await hannun(["delete", id], data: data)
    #expect(again.status == 2, "an unknown id is bad input: \(again)")
  }

  @Test("bad input exits 2 with one line in the user's language, and writes nothing")
  func badInput() async throws {
    let korean = await hannun(
      ["add", "--expense", "12a", "--category", "x", "--locale", "ko"], data: data)
    #expect(korean.status == 2)
    #expect(korean.err.hasPrefix("hannun: '12a'은(는) 금액이 아닙니다"), "\(korean)")
    let english = await hannun(
      ["add", "--expense", "12a", "--category", "x", "--locale", "en"], data: data)
    #expect(english.status == 2)
    #expect(english.err.hasPrefix("hannun: '12a' is not an amount"), "\(english)")
    let noCategory = await hannun(["add", "--expense", "1", "--locale", "ko"], data: data)
    #expect(noCategory.status == 2 && noCategory.err.contains("--category"), "\(noCategory)")
    let noChange = await hannun(["edit", "abc", "--locale", "en"], data: data)
    #expect(noChange.status == 2 && noChange.err.contains("edit needs something to change"))
    #expect(!folder.contains("data/ledger"), "nothing was written")
  }

  @Test("usage errors exit 2; --version and --help exit 0")
  func usage() async throws {
    let unknown = await hannun(["frobnicate"], data: data)
    #expect(unknown.status == 2, "\(unknown)")
    let version = await hannun(["--version"], data: nil)
    #expect(version.status == 0 && !version.out.isEmpty)
    let help = await hannun(["--help"], data: nil)
    #expect(help.status == 0 && help.out.contains("USAGE"), "\(help)")
  }

  @Test("a ledger that cannot be read exits 1, naming the file")
  func unreadable() async throws {
    _ = await hannun(
      ["add", "--income", "1000", "--category", "x", "--date", "2025-11-03"], data: data)
    let month = data.appending(path: "ledger/2025/2025-11.json")
    try Data("not json".utf8).write(to: month)
    let run = await hannun(["month", "2025-11", "--json"], data: data)
    #expect(run.status == 1, "\(run)")
    #expect(run.err.contains(month.path(percentEncoded: false)), "\(run)")
  }

  @Test("month --json is the contract's object")
  func monthJSON() async throws {
    _ = await hannun(
      ["add", "--income", "3200000", "--category", "급여", "--date", "2025-11-10"], data: data)
    let run = await hannun(["month", "2025-11", "--json"], data: data)
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
    #expect(object?["month"] as? String == "2025-11")
    #expect((object?["income"] as? NSNumber)?.intValue == 3_200_000)
  }
}

@MainActor
@Suite("hannun report, in process")
struct ReportCommandTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-report-tests") }

  @Test("a year's report as JSON sums every month; bad spans are refused in the user's language")
  func report() async throws {
    for (month, amount) in [("01", "1000"), ("06", "3000")] {
      _ = await hannun(
        [
          "add", "--expense", amount, "--category", "식비", "--date", "2025-\(month)-10",
          "--currency", "KRW",
        ],
        data: data)
    }
    _ = await hannun(
      ["add", "--income", "10000", "--category", "급여", "--date", "2025-06-25"], data: data)
    let run = await hannun(["report", "--year", "2025", "--json"], data: data)
    #expect(run.status == 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    #expect(object["from"] as? String == "2025-01" && object["to"] as? String == "2025-12")
    #expect((object["expense"] as? NSNumber)?.intValue == 4000)
    #expect((object["balance"] as? NSNumber)?.intValue == 6000)
    #expect((object["months"] as? [Any])?.count == 12)

    let text = await hannun(["report", "2025-06", "--locale", "ko"], data: data)
    #expect(text.status == 0 && text.out.hasPrefix("2025년 6월 보고서"), "\(text)")

    let backwards = await hannun(
      ["report", "--from", "2025-06", "--to", "2025-01", "--locale", "ko"], data: data)
    #expect(backwards.status == 2 && backwards.err.contains("--from 2025-06"), "\(backwards)")
    let both = await hannun(["report", "2025-06", "--year", "2025"], data: data)
    #expect(both.status == 2, "\(both)")
    let badMonth = await hannun(["report", "2025-13"], data: data)
    #expect(badMonth.status == 2, "\(badMonth)")
  }
}

@MainActor
@Suite("hannun year, in process")
struct YearCommandTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-year-tests") }

  @Test("the twelve months' totals as JSON, and twelve calendars as text")
  func year() async throws {
    _ = await hannun(
      [
        "add", "--expense", "2500", "--category", "식비", "--date", "2025-03-10", "--currency", "KRW",
      ],
      data: data)
    let run = await hannun(["year", "2025", "--json"], data: data)
    #expect(run.status == 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let months = try #require(object["months"] as? [[String: Any]])
    #expect(months.count == 12)
    #expect(months[2]["month"] as? String == "2025-03")
    #expect((months[2]["expense"] as? NSNumber)?.intValue == 2500)
    #expect((months[2]["balance"] as? NSNumber)?.intValue == -2500)
    let text = await hannun(["year", "2025", "--locale", "ko"], data: data)
    #expect(text.status == 0 && text.out.contains("12월") && text.out.contains("-2,500"), "\(text)")
    let bad = await hannun(["year", "25"], data: data)
    #expect(bad.status == 2, "\(bad)")
  }
}

@MainActor
@Suite("hannun find, in process")
struct FindCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-find-tests") }

  @Test("find prints the matches newest first with their total, in Korean and English")
  func text() async throws {
    for (memo, date) in [
      ("Iced coffee", "2025-11-03"), ("coffee beans", "2025-11-20"), ("tea", "2025-11-21"),
    ] {
      let added = await hannun(
        [
          "add", "--expense", "4500", "--category", "카페", "--memo", memo, "--date", date,
          "--currency", "KRW",
        ], data: data)
      #expect(added.status == 0, "\(added)")
    }
    let korean = await hannun(["find", "COFFEE", "--locale", "ko"], data: data)
    #expect(korean.status == 0, "\(korean)")
    let lines = korean.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(korean)")
    #expect(lines[0] == "찾기 \"COFFEE\"")
    #expect(lines[1] == "2건   수입 ₩0   지출 ₩9,000")
    #expect(lines[2].hasPrefix("  1. 2025-11-20  지출 -₩4,500  카페  coffee beans"))
    #expect(lines[3].hasPrefix("  2. 2025-11-03  지출 -₩4,500  카페  Iced coffee "))
    let english = await hannun(
      ["find", "--category", "카페", "--from", "2025-11-20", "--locale", "en"], data: data)
    #expect(
      english.out.hasPrefix(
        "Search · category 카페 · 2025-11-20 –\n2 found   Income ₩0   Expense ₩9,000\n"), "\(english)"
    )
    let json = await hannun(["find", "tea", "--json"], data: data)
    #expect(
      json.out.hasPrefix(#"{"transactions":[{"id":"#)
        && json.out.hasSuffix(#""income":0,"expense":4500}"# + "\n"), "\(json)")
  }

  @Test("a backwards span or a bad kind exits 2 with one line")
  func badInput() async throws {
    let amounts = await hannun(
      ["find", "--min", "2만", "--max", "1만", "--locale", "en"], data: data)
    #expect(amounts.status == 2)
    #expect(amounts.err == "hannun: --min is larger than --max; give the smaller amount to --min\n")
    let kind = await hannun(["find", "--kind", "both", "--locale", "en"], data: data)
    #expect(kind.status == 2 && kind.err.contains("'both'"), "\(kind)")
    let date = await hannun(["find", "--to", "2025-02-30", "--locale", "en"], data: data)
    #expect(date.status == 2 && date.err.contains("2025-02-30"), "\(date)")
  }
}
