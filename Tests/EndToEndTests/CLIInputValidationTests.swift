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
}
