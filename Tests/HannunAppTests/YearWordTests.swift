import Foundation
import HannunTestSupport
import Testing

@testable import HannunApp

/// `hannun report 2026` was refused ("'2026' is not a month; use YYYY-MM") although a year alone
/// can mean nothing else there; it is that year, as `--year 2026` gives it.
@MainActor
@Suite("report and categories take a year alone as that year")
struct YearWordTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-year-word") }

  @Test("report 2025 and categories 2025 are --year 2025, in text and JSON")
  func yearAlone() async throws {
    for (day, amount) in [("2025-03-04", "12000"), ("2025-11-20", "8000"), ("2026-01-02", "500")] {
      let added = await hannun(
        ["add", amount, "--category", "food", "--date", day, "--currency", "KRW"], data: data)
      #expect(added.status == 0, "\(added)")
    }
    for command in ["report", "categories"] {
      for format in [[], ["--json"]] {
        let word = await hannun([command, "2025"] + format, data: data)
        let option = await hannun([command, "--year", "2025"] + format, data: data)
        #expect(word.status == 0 && word.out == option.out, "\(command) \(format): \(word)")
        #expect(word.out.contains("20,000") || word.out.contains("20000"), "\(word)")
      }
      let both = await hannun([command, "2025", "--year", "2025"], data: data)
      #expect(both.status == 2 && both.err.contains("one of"), "\(both)")
    }
    let notYear = await hannun(["report", "20x6"], data: data)
    #expect(notYear.status == 2 && notYear.err.contains("YYYY-MM"), "\(notYear)")
  }

  @Test("a month or year typed in full-width digits (a Korean input method's) is read as days are")
  func fullWidth() async throws {
    let added = await hannun(
      ["add", "12000", "--category", "food", "--date", "２０２５-１１-０３", "--currency", "KRW"],
      data: data)
    #expect(added.status == 0, "\(added)")
    // Before, a day took them but a month or a year did not: "'２０２５' is not a month".
    for (typed, plain) in [
      (["report", "２０２５"], ["report", "2025"]),
      (["categories", "２０２５－１１"], ["categories", "2025-11"]),
      (["month", "２０２５-１１", "--json"], ["month", "2025-11", "--json"]),
      (
        ["report", "--from", "２０２５-１０", "--to", "２０２５-１１"],
        ["report", "--from", "2025-10", "--to", "2025-11"]
      ),
      (["budget", "２０２５-１１"], ["budget", "2025-11"]),
    ] {
      let full = await hannun(typed, data: data)
      let ascii = await hannun(plain, data: data)
      #expect(full.status == 0 && full.out == ascii.out, "\(typed): \(full)")
    }
    // A refusal names the month as it was typed.
    let wrong = await hannun(["month", "２０２５-１３"], data: data)
    #expect(wrong.status != 0 && wrong.err.contains("２０２５-１３"), "\(wrong)")
  }
}
