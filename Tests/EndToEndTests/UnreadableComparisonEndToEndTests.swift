import Foundation
import Testing

// A report compares its span with the span before. When only that span before cannot be read
// (its month file lost while the index lists it), `report` and `year` still show their own span,
// exit 0, and say why the comparison is missing; a span of their own that cannot be read is
// refused as before.

@Suite("A report whose comparison month is lost, end to end")
struct UnreadableComparisonEndToEndTests {
  @Test("report of November over a lost October: text and JSON show November and name October")
  func reportOverLostComparison() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "5000", category: "식비", date: "2026-10-03")
      _ = try await sandbox.add("expense", "7000", category: "교통", date: "2026-11-03")
      let october = sandbox.monthFile("2026-10")
      try FileManager.default.removeItem(at: october)

      let text = try await sandbox.run(["report", "2026-11"])
      #expect(text.status == 0, "\(text)")
      #expect(text.err.isEmpty, "\(text)")
      #expect(text.out.contains("7,000") && text.out.contains("교통"), "\(text)")
      // At 80 columns a path longer than a line is cut, as the calendar cuts it; joined again
      // (the cut's line break and indent taken out) it is the file's.
      let unwrapped = { (out: String) in out.replacingOccurrences(of: "\n  ", with: "") }
      #expect(
        unwrapped(text.out).contains(october.path) && text.out.contains("index lists it"),
        "\(text)")
      #expect(text.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")

      let json = try await sandbox.run(["report", "2026-11", "--json"])
      #expect(json.status == 0 && json.err.isEmpty, "\(json)")
      let object = try json.object()
      #expect(decimal(object["expense"]) == 7000, "\(object)")
      #expect(object["previous"] is NSNull, "\(object)")
      let problem = object["previousProblem"] as? String ?? ""
      #expect(problem.contains(october.path), "\(object)")

      let korean = try await sandbox.run(
        ["report", "2026-11"], environment: ["LANG": "ko_KR.UTF-8"])
      #expect(korean.status == 0, "\(korean)")
      #expect(
        unwrapped(korean.out).contains(october.path) && korean.out.contains("사라진 것입니다"),
        "\(korean)")
      #expect(!korean.out.contains("index lists it"), "no English in Korean: \(korean)")

      // October's own report is refused, naming its file, as before.
      let own = try await sandbox.run(["report", "2026-10"])
      #expect(own.status == 1 && own.out.isEmpty && own.err.contains(october.path), "\(own)")
    }
  }

  @Test("year 2026 over a lost month of 2025 shows 2026")
  func yearOverLostYearBefore() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "7000", category: "교통", date: "2026-11-03")
      _ = try await sandbox.add("expense", "900", category: "x", date: "2025-02-03")
      let february = sandbox.monthFile("2025-02")
      try FileManager.default.removeItem(at: february)
      let year = try await sandbox.run(["year", "2026"])
      #expect(year.status == 0 && year.err.isEmpty, "\(year)")
      #expect(year.out.contains("7,000"), "\(year)")
      let json = try await sandbox.run(["year", "2026", "--json"])
      #expect(json.status == 0, "\(json)")
      #expect(decimal(try json.object()["expense"]) == 7000, "\(json)")
      let own = try await sandbox.run(["year", "2025"])
      #expect(own.status == 1 && own.err.contains(february.path), "\(own)")
    }
  }
}
