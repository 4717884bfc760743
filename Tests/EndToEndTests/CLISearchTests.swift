import Foundation
import Testing

@Suite("hannun find, the built binary")
struct CLISearchTests {
  @Test("find --json: the matches newest first as in day --json, totals, bounds included")
  func findJSON() async throws {
    try await withSandbox { sandbox in
      let lunch = try await sandbox.add(
        "expense", "12000", category: "식비", memo: "점심 Coffee", date: "2025-11-03")
      let beans = try await sandbox.add(
        "expense", "3만", category: "coffee", date: "2025-11-20")
      _ = try await sandbox.add("expense", "4500", category: "카페", memo: "tea", date: "2025-11-21")
      let refund = try await sandbox.add(
        "income", "5000", category: "refund", memo: "COFFEE refund", date: "2024-02-29")

      let all = try await sandbox.succeed(["find", "coffee", "--json"])
      #expect(all.out.filter { $0 == "\n" }.count == 1, "one line of JSON")
      let object = try all.object()
      #expect(
        objects(object["transactions"]).compactMap { $0["id"] as? String } == [
          beans, lunch, refund,
        ])
      #expect(decimal(object["income"]) == 5000 && decimal(object["expense"]) == 42000)
      let day = try await sandbox.day("2025-11-03")
      let dayEntry = try #require(objects(day["transactions"]).first)
      let found = try #require(
        objects(object["transactions"]).first { $0["id"] as? String == lunch })
      #expect(NSDictionary(dictionary: found) == NSDictionary(dictionary: dayEntry))

      let bounded = try await sandbox.succeed([
        "find", "--kind", "expense", "--from", "2025-11-03", "--to", "2025-11-20", "--min", "1만2천",
        "--max", "30,000", "--json",
      ]).object()
      #expect(
        objects(bounded["transactions"]).compactMap { $0["id"] as? String } == [beans, lunch])

      let text = try await sandbox.succeed(["find", "커피", "--locale", "ko"])
      #expect(text.out == "찾기 \"커피\"\n0건   수입 ₩0   지출 ₩0\n  찾은 내역이 없습니다.\n")
    }
  }

  @Test("bad find input exits 2 with one line in the user's language and writes nothing")
  func badInput() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let backwards = try await sandbox.run(
        ["find", "--from", "2025-11-04", "--to", "2025-11-03", "--locale", "ko"])
      #expect(backwards.status == 2, "\(backwards)")
      #expect(
        backwards.err
          == "hannun: --from 2025-11-04이(가) --to 2025-11-03보다 늦습니다. 앞의 날을 --from에 적으세요\n")
      let amount = try await sandbox.run(["find", "--min", "12a", "--locale", "en"])
      #expect(
        amount.status == 2 && amount.err.hasPrefix("hannun: '12a' is not an amount"), "\(amount)")
    }
  }
}
