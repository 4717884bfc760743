import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Input the built binary refuses: currencies, invisible categories")
struct CLIInputValidationTests {
  @Test(
    "--currency with three letters that are no circulating currency is refused, in both languages")
  func unknownCurrency() async throws {
    try await withSandbox { sandbox in
      for (locale, words) in [("en", "is not a currency code Hannun knows"), ("ko", "통화 코드가 아닙니다")]
      {
        let result = try await sandbox.run([
          "add", "--expense", "1000", "--category", "food", "--date", "2025-11-03", "--currency",
          "ZZZ", "--locale",
          locale,
        ])
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("ZZZ") && result.err.contains(words), "\(result)")
      }
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath + "/ledger"))
      _ = try await sandbox.add("expense", "1000", date: "2025-11-03", currency: "EUR")
    }
  }

  @Test("a category of only invisible characters is refused; beside a visible one it is kept")
  func invisibleCategory() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "1000", date: "2025-11-01")
      let before = try sandbox.snapshot()
      for category in ["\u{200B}", "\u{200D}", "\u{FE0F}", "\u{200B}\u{200D}\u{FE0F}"] {
        let result = try await sandbox.run([
          "add", "--expense", "1000", "--date", "2025-11-03", "--category", category,
          "--locale", "en",
        ])
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("only invisible characters"), "\(result)")
      }
      #expect(try sandbox.snapshot() == before)
      _ = try await sandbox.add("expense", "1000", category: "커피\u{200B}", date: "2025-11-03")
    }
  }

  @Test("import of a FIFO is refused at once, naming it; nothing is written")
  func fifo() async throws {
    try await withSandbox { sandbox in
      let fifo = sandbox.root.appending(path: "statement.csv").path
      #expect(mkfifo(fifo, 0o600) == 0)
      // Were the import to wait for a writer, this one would come after five seconds.
      let writer = Task.detached {
        try? await Task.sleep(for: .seconds(5))
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 {
          _ = "date,amount\n2025-11-03,-1\n".withCString { write(descriptor, $0, 26) }
          close(descriptor)
        }
      }
      defer { writer.cancel() }
      let started = Date()
      for (locale, words) in [("en", "is not a regular file"), ("ko", "보통 파일이 아닙니다")] {
        let result = try await sandbox.run(["import", fifo, "--locale", locale])
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains(fifo) && result.err.contains(words), "\(result)")
      }
      let json = try await sandbox.run(["import", fifo, "--format", "json"])
      #expect(json.status == 1 && json.err.contains("not a regular file"), "\(json)")
      #expect(Date().timeIntervalSince(started) < 5)
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath))
    }
  }

  @Test("a ragged row, an over-long line or an over-large file is refused by line, exit status 2")
  func statementLimits() async throws {
    try await withSandbox { sandbox in
      let ragged = sandbox.root.appending(path: "ragged.csv")
      try Data("date,amount,memo\n2025-11-03,-1,a\n2025-11-04,-2\n".utf8).write(to: ragged)
      let refused = try await sandbox.run(["import", ragged.path, "--locale", "en"])
      #expect(refused.status == 2, "\(refused)")
      #expect(refused.err.contains("line 3 has 2 fields; the header has 3"), "\(refused)")
      let korean = try await sandbox.run(["import", ragged.path, "--locale", "ko"])
      #expect(korean.err.contains("3번째 줄의 칸이 2개입니다"), "\(korean)")

      // A 1 MiB header line: refused at line 1 without being read whole.
      let long = sandbox.root.appending(path: "long.csv")
      try Data(("date,amount," + String(repeating: "x", count: 1 << 20) + "\n").utf8).write(
        to: long)
      let line = try await sandbox.run(["import", long.path, "--locale", "en"])
      #expect(line.status == 2, "\(line)")
      #expect(line.err.contains("line 1 is longer than 64 KiB"), "\(line)")

      // 200 MiB, sparse: refused by its size before anything is read.
      let big = sandbox.root.appending(path: "big.csv").path
      let descriptor = open(big, O_WRONLY | O_CREAT, 0o600)
      #expect(descriptor >= 0 && ftruncate(descriptor, 200 << 20) == 0)
      close(descriptor)
      let large = try await sandbox.run(["import", big, "--locale", "en"])
      #expect(large.status == 2, "\(large)")
      #expect(large.err.contains("larger than 64 MiB"), "\(large)")
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath))
    }
  }
}
