import Foundation
import Testing

/// Language and colour of the text output.
@Suite("Terminal output")
struct TerminalOutputTests {
  @Test("--locale ko and --locale en title the month and label the totals")
  func locales() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("income", "50000", date: "2025-11-03")
      let korean = try await sandbox.succeed(["month", "2025-11", "--locale", "ko"])
      #expect(korean.out.contains("2025년 11월"))
      #expect(korean.out.contains("수입"))
      #expect(korean.out.contains("지출"))
      #expect(!korean.out.contains("November"))
      let english = try await sandbox.succeed(["month", "2025-11", "--locale", "en"])
      #expect(english.out.contains("November 2025"))
      #expect(english.out.contains("Income"))
      #expect(!english.out.contains("수입"))
      let day = try await sandbox.succeed(["day", "2025-11-03", "--locale", "en"])
      #expect(day.out.contains("Mon 3 November 2025"))
      #expect(day.out.contains("₩50,000"))
    }
  }

  @Test("Without --locale the language comes from LC_ALL, then LANG")
  func localeFromEnvironment() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("income", "1", date: "2025-11-03")
      let fromLang = try await sandbox.succeed(
        ["month", "2025-11"], environment: ["LANG": "ko_KR.UTF-8"])
      #expect(fromLang.out.contains("2025년 11월"))
      let fromLCAll = try await sandbox.succeed(
        ["month", "2025-11"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "en_US.UTF-8"])
      #expect(fromLCAll.out.contains("November 2025"))
      let flagWins = try await sandbox.succeed(
        ["month", "2025-11", "--locale", "en"], environment: ["LC_ALL": "ko_KR.UTF-8"])
      #expect(flagWins.out.contains("November 2025"))
    }
  }

  @Test("A new ledger's currency follows the locale: KRW for Korean, USD otherwise")
  func currencyFromLocale() async throws {
    try await withSandbox { sandbox in
      let korean = try await sandbox.run(
        ["add", "--expense", "12000", "--category", "x", "--date", "2025-11-03", "--json"],
        environment: ["LANG": "ko_KR.UTF-8"])
      #expect(korean.out.contains(#""amount":12000,"#), "\(korean)")
    }
    try await withSandbox { sandbox in
      let english = try await sandbox.run(
        ["add", "--expense", "12", "--category", "x", "--date", "2025-11-03", "--json"])
      #expect(english.out.contains(#""amount":12.00,"#), "\(english)")
    }
  }

  @Test("--color always colours even into a pipe; never, and the pipe default, do not")
  func colorIntoPipe() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      for command in [["month", "2025-11"], ["day", "2025-11-03"], ["week", "2025-11-03"]] {
        let always = try await sandbox.succeed(command + ["--color", "always"])
        #expect(always.out.contains("\u{1B}["), "\(command) --color always")
        let alwaysDespiteNoColor = try await sandbox.succeed(
          command + ["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(alwaysDespiteNoColor.out.contains("\u{1B}["), "an explicit choice wins")
        for (options, environment) in [
          (["--color", "never"], [:]), ([], [:]), (["--color", "auto"], ["NO_COLOR": "1"]),
          (["--color", "auto"], [:]),
        ] as [([String], [String: String])] {
          let result = try await sandbox.succeed(command + options, environment: environment)
          #expect(!result.stdoutHasESC, "\(command) \(options) \(environment)")
        }
      }
      let json = try await sandbox.succeed(["month", "2025-11", "--json", "--color", "always"])
      #expect(!json.stdoutHasESC, "JSON is never coloured")
    }
  }

  @Test("--color auto colours a terminal unless NO_COLOR is set or TERM is dumb")
  func colorOnTerminal() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let cases: [([String], [String: String], Bool)] = [
        (["--color", "auto"], ["TERM": "xterm-256color"], true),
        ([], ["TERM": "xterm-256color"], true),
        (["--color", "auto"], ["TERM": "xterm-256color", "NO_COLOR": "1"], false),
        (["--color", "auto"], ["TERM": "xterm-256color", "NO_COLOR": ""], true),
        (["--color", "auto"], ["TERM": "dumb"], false),
        (["--color", "never"], ["TERM": "xterm-256color"], false),
      ]
      for (options, environment, coloured) in cases {
        let result = try await sandbox.run(
          ["month", "2025-11", "--locale", "en"] + options, environment: environment,
          onTerminal: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("November 2025"), "\(result)")
        #expect(result.stdoutHasESC == coloured, "\(options) \(environment)")
      }
    }
  }
}
