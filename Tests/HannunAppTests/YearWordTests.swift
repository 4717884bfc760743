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
}
