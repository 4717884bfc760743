import Foundation
import Testing

/// `edit` and `delete` on ids printed by `add`.
@Suite("Editing commands")
struct EditingCommandsTests {
  /// The entry with `id` on `date`, from `day --json`.
  private func entry(_ id: String, on date: String, in sandbox: Sandbox) async throws
    -> [String: Any]?
  {
    objects(try await sandbox.day(date)["transactions"]).first { $0["id"] as? String == id }
  }

  @Test("edit ID --amount changes only the amount")
  func editAmount() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add(
        "expense", "12000", category: "food", memo: "lunch", date: "2025-11-03")
      let other = try await sandbox.add("income", "700", date: "2025-11-03")
      let before = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      let untouched = try #require(try await entry(other, on: "2025-11-03", in: sandbox))

      let edited = try await sandbox.succeed(["edit", id, "--amount", "5000"])
      #expect(edited.out == id + "\n")

      let after = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      #expect(decimal(after["amount"]) == 5000)
      for key in ["id", "date", "kind", "category", "memo"] {
        #expect(
          (after[key] as? String) == (before[key] as? String), "\(key) is unchanged")
      }
      let otherAfter = try #require(try await entry(other, on: "2025-11-03", in: sandbox))
      #expect(NSDictionary(dictionary: otherAfter).isEqual(to: untouched))
      let month = try await sandbox.month("2025-11")
      #expect(decimal(month["expense"]) == 5000)
      #expect(decimal(month["income"]) == 700)
    }
  }

  @Test("edit --json prints the changed entry; a unique id prefix finds the entry")
  func editJSONAndPrefix() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      let result = try await sandbox.succeed(
        ["edit", String(id.prefix(6)), "--memo", "dinner", "--category", "eating out", "--json"])
      let changed = try result.object()
      #expect(changed["id"] as? String == id)
      #expect(changed["memo"] as? String == "dinner")
      #expect(changed["category"] as? String == "eating out")
      #expect(result.out.contains(#""amount":12000,"#))
      let listed = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      #expect(NSDictionary(dictionary: listed).isEqual(to: changed))
    }
  }

  @Test("edit ID --date moves the entry to another month, with the totals")
  func editDateAcrossMonths() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      _ = try await sandbox.add("expense", "1000", date: "2025-11-20")
      _ = try await sandbox.add("income", "9", date: "2025-12-15")
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 13000)
      #expect(decimal(try await sandbox.month("2025-12")["expense"]) == 0)

      _ = try await sandbox.succeed(["edit", id, "--date", "2025-12-01"])

      let november = try await sandbox.month("2025-11")
      let december = try await sandbox.month("2025-12")
      #expect(decimal(november["expense"]) == 1000)
      #expect(decimal(december["expense"]) == 12000)
      #expect(decimal(december["income"]) == 9)
      #expect(decimal(december["balance"]) == -11991)
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).isEmpty)
      let moved = try #require(try await entry(id, on: "2025-12-01", in: sandbox))
      #expect(moved["date"] as? String == "2025-12-01")
      #expect(decimal(moved["amount"]) == 12000)
      let dayOne = objects(december["days"]).first
      #expect(decimal(dayOne?["expense"]) == 12000)
    }
  }

  @Test("edit ID --income flips the kind and the totals follow")
  func editKind() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let result = try await sandbox.succeed(["edit", id, "--income", "--json"])
      #expect(try result.object()["kind"] as? String == "income")
      let day = try await sandbox.day("2025-11-03")
      #expect(decimal(day["income"]) == 12000)
      #expect(decimal(day["expense"]) == 0)
      let month = try await sandbox.month("2025-11")
      #expect(decimal(month["balance"]) == 12000)

      _ = try await sandbox.succeed(["edit", id, "--expense"])
      #expect(decimal(try await sandbox.month("2025-11")["balance"]) == -12000)
    }
  }

  @Test("delete ID removes the entry and prints its id")
  func delete() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let kept = try await sandbox.add("expense", "300", date: "2025-11-04")
      let result = try await sandbox.succeed(["delete", id])
      #expect(result.out == id + "\n")
      let day = try await sandbox.day("2025-11-03")
      #expect(objects(day["transactions"]).isEmpty)
      #expect(decimal(day["expense"]) == 0)
      #expect(try await entry(kept, on: "2025-11-04", in: sandbox) != nil)
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 300)

      let again = try await sandbox.run(["delete", id])
      #expect(again.status == 2, "a deleted id is unknown: \(again)")
    }
  }

  @Test("delete --json prints the removed entry")
  func deleteJSON() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("income", "3만5천", memo: "gift", date: "2025-11-03")
      let removed = try await sandbox.succeed(["delete", id, "--json"]).object()
      #expect(removed["id"] as? String == id)
      #expect(removed["memo"] as? String == "gift")
      #expect(decimal(removed["amount"]) == 35000)
    }
  }

  @Test(
    "edit or delete of an unknown id: status 2, one line, nothing changed",
    arguments: [
      ["edit", "zzzzzzzz", "--amount", "5000"], ["delete", "zzzzzzzz"],
      ["edit", "zzzzzzzz", "--income"], ["delete", "zzzzzzzz", "--json"],
    ])
  func unknownID(arguments: [String]) async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let before = try sandbox.snapshot()
      let result = try await sandbox.run(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.err.hasSuffix("\n"))
      #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result)")
      #expect(result.err.contains("zzzzzzzz"))
      #expect(try sandbox.snapshot() == before)
    }
  }

  @Test("A bad new value for an existing entry changes nothing")
  func badEditValue() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let before = try sandbox.snapshot()
      for arguments in [
        ["edit", id, "--amount", "0"], ["edit", id, "--date", "2025-02-30"],
        ["edit", id, "--category", ""], ["edit", id, "--amount", "12.5"],
        ["edit", id, "--memo", "a\u{1B}[2Jb"],
      ] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result)")
        #expect(try sandbox.snapshot() == before, "\(arguments)")
      }
    }
  }
}
