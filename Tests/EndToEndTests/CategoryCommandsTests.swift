import Foundation
import Testing

@Suite("hannun categories and category rename, as a user runs the binary")
struct CategoryCommandsTests {
  @Test("list, rename from the shell, then merge and undo in the REPL, in both languages")
  func renameFromShellAndREPL() async throws {
    try await withSandbox { sandbox in
      let lunch = try await sandbox.add("expense", "12000", category: "식당", date: "2025-11-03")
      let dinner = try await sandbox.add("expense", "8000", category: "식당", date: "2024-12-31")
      _ = try await sandbox.add("expense", "30000", category: "식비", date: "2025-11-05")

      let listed = try await sandbox.succeed(["categories", "--all", "--json"]).object()
      #expect(listed["from"] is NSNull)
      let names = objects(listed["categories"]).compactMap { $0["category"] as? String }
      #expect(names == ["식비", "식당"])

      let renamed = try await sandbox.succeed([
        "category", "rename", "식당", "외식", "--locale", "en",
      ])
      #expect(renamed.out == "Renamed category 식당 to 외식 (2 entries)\n")
      #expect(try await sandbox.day("2024-12-31").description.contains("외식"))

      let session = try await sandbox.run(
        ["repl", "--locale", "ko"],
        stdin: "category rename 외식 식비\ncategories all\nundo\nquit\n")
      #expect(session.status == 0, "\(session)")
      #expect(session.out.contains("분류 합침 외식 → 식비 (2건)"), "\(session.out)")
      #expect(session.out.contains("되돌림: 분류 합침 외식 → 식비 (2건)"), "\(session.out)")
      let after = try await sandbox.succeed(["categories", "--all", "--json"]).object()
      let counts = objects(after["categories"]).map {
        "\($0["category"] as? String ?? "") \(($0["count"] as? NSNumber)?.intValue ?? 0)"
      }
      #expect(counts == ["식비 1", "외식 2"], "the undo put both entries back")
      for id in [lunch, dinner] {
        let month = try await sandbox.run(["edit", id, "--memo", "checked"])
        #expect(month.status == 0, "the entries are whole after the undo: \(month)")
      }

      let refused = try await sandbox.run(["category", "rename", "없음", "x", "--locale", "ko"])
      #expect(refused.status == 2 && refused.err.contains("'없음' 분류를 쓰는 내역이 없습니다"))
    }
  }
}
