import Foundation
import Testing

/// One refused command line and what its message must mention.
struct BadInput: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  /// Text the one-line message must contain (the bad value, where there is one).
  let mentions: [String]

  init(_ arguments: [String], mentions: [String]) {
    self.arguments = arguments
    self.mentions = mentions
  }

  var testDescription: String {
    arguments.map {
      $0.contains(" ") || $0.isEmpty || $0.contains("\n") ? "\($0.debugDescription)" : $0
    }
    .joined(separator: " ")
  }

  static let all: [BadInput] = [
    BadInput(["day", "2025-02-30"], mentions: ["2025-02-30"]),
    BadInput(["day", "2025-13-01"], mentions: ["2025-13-01"]),
    BadInput(["day", "banana"], mentions: ["banana"]),
    BadInput(["week", "2025-02-29"], mentions: ["2025-02-29"]),
    BadInput(["month", "2025-13"], mentions: ["2025-13"]),
    BadInput(["month", "2025-00"], mentions: ["2025-00"]),
    BadInput(["month", "banana"], mentions: ["banana"]),
    BadInput(["month", "--first-weekday", "8"], mentions: ["8"]),
    BadInput(["month", "2025-11", "--first-weekday", "0"], mentions: ["0"]),
    BadInput(["week", "--first-weekday", "0"], mentions: ["0"]),
    BadInput(["week", "2025-11-05", "--first-weekday", "8"], mentions: ["8"]),
    BadInput(["add", "--expense", "12a", "--category", "x"], mentions: ["12a"]),
    BadInput(["add", "--expense", "0", "--category", "x"], mentions: ["'0'"]),
    BadInput(["add", "--expense", "-5", "--category", "x"], mentions: ["-5"]),
    BadInput(["add", "--income", "-12.5", "--category", "x"], mentions: ["-12.5"]),
    BadInput(["add", "--expense", "NaN", "--category", "x"], mentions: ["NaN"]),
    BadInput(["add", "--expense", "inf", "--category", "x"], mentions: ["inf"]),
    BadInput(
      ["add", "--expense", "99999999999999999999", "--category", "x"],
      mentions: ["99999999999999999999"]),
    BadInput(["add", "100", "x"], mentions: ["--category x"]),
    BadInput(["add", "--expense", "--category", "x"], mentions: ["amount"]),
    BadInput(["add", "--expense", "100"], mentions: ["--category"]),
    BadInput(["add", "--expense", "100", "--category", ""], mentions: ["category"]),
    BadInput(["add", "--expense", "100", "--category", "   "], mentions: ["category"]),
    BadInput(["add", "--income", "--expense", "100", "--category", "x"], mentions: ["--income"]),
    BadInput(["add", "--expense", "12.5", "--category", "x"], mentions: ["12.5", "KRW"]),
    BadInput(["add", "--expense", "$12", "--category", "x"], mentions: ["$12"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--date", "2025-02-30"],
      mentions: ["2025-02-30"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--date", "11/03/2025"],
      mentions: ["11/03/2025"]),
    BadInput(
      ["add", "--expense", "100", "--category", String(repeating: "c", count: 41)],
      mentions: ["41"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--memo", String(repeating: "m", count: 201)],
      mentions: ["memo", "201"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--memo", "first\nsecond"],
      mentions: ["memo"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--memo", "csi\u{9B}31m"],
      mentions: ["memo"]),
    BadInput(["add", "--expense", "100", "--category", "tab\there"], mentions: ["category"]),
    BadInput(
      ["add", "--expense", "100", "--category", "x", "--currency", "USD"],
      mentions: ["KRW", "USD"]),
    BadInput(["month", "2025-11", "--currency", "KRWX"], mentions: ["KRWX"]),
    BadInput(["month", "2025-11", "--locale", "fr"], mentions: ["fr"]),
    BadInput(["month", "2025-11", "--color", "sometimes"], mentions: ["sometimes"]),
    BadInput(["frobnicate"], mentions: ["frobnicate"]),
    BadInput(["edit", "nosuchid", "--amount", "5000"], mentions: ["nosuchid"]),
    BadInput(["edit", "nosuchid"], mentions: ["edit needs something to change"]),
    BadInput(["delete", "nosuchid"], mentions: ["nosuchid"]),
  ]
}

/// Every refusal: exit status 2, one line on standard error, nothing on standard output, and a
/// data directory that is byte-for-byte what it was.
@Suite("CLI bad input")
struct CLIBadInputTests {
  @Test("Refused with status 2, one line, and the ledger untouched", arguments: BadInput.all)
  func refused(input: BadInput) async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      let before = try sandbox.snapshot()
      #expect(before.exists)

      let result = try await sandbox.run(input.arguments)

      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line: \(result)")
      let message = String(lines.first ?? "")
      #expect(message.count > "hannun: ".count, "a message: \(result)")
      for phrase in input.mentions {
        #expect(message.contains(phrase), "the message mentions \(phrase): \(message)")
      }
      #expect(!result.stderrHasESC)
      let after = try sandbox.snapshot()
      #expect(after == before, "the data directory changed:\nbefore\n\(before)\nafter\n\(after)")
    }
  }

  @Test("Refused writes leave no directory behind in a fresh data directory")
  func refusedAddCreatesNothing() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(["add", "--expense", "12a", "--category", "x"])
      #expect(result.status == 2)
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath), "\(result)")
    }
  }
}
