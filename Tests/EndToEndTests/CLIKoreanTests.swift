import Foundation
import Testing

/// The built binary under a Korean locale: its help pages and the argument parser's usage errors
/// are Korean; under an English locale they are the parser's English.
@Suite("hannun's help and usage errors in Korean (built binary)")
struct CLIKoreanTests {
  @Test("LANG=ko_KR.UTF-8: month --help and a bad --locale value are Korean, nothing is written")
  func koreanHelpAndUsage() async throws {
    try await withSandbox { sandbox in
      let korean = ["LANG": "ko_KR.UTF-8"]
      let help = try await sandbox.run(["month", "--help"], environment: korean, passData: false)
      #expect(help.status == 0 && help.err.isEmpty, "\(help)")
      #expect(help.out.hasPrefix("개요: 한 달을 보여 줍니다(기본값: 이번 달)."), "\(help)")
      #expect(help.out.contains("\n사용법: hannun month") && help.out.contains("\n옵션:\n"))
      #expect(help.out.contains("도움말을 보여 줍니다.") && !help.out.contains("Show help"))

      let bad = try await sandbox.run(["month", "--locale", "jp"], environment: korean)
      #expect(bad.status == 2, "\(bad)")
      #expect(
        bad.err
          == "hannun: 'jp'은(는) '--locale <locale>'에 쓸 수 없는 값입니다. 다음 가운데 하나를 적으세요: "
          + "'ko', 'en' (hannun month --help 참고)\n", "\(bad)")
      let unknown = try await sandbox.run(["day", "--bogus"], environment: korean)
      #expect(unknown.err == "hannun: '--bogus'은(는) 없는 옵션입니다 (hannun day --help 참고)\n")
      #expect(!(try sandbox.snapshot().exists), "nothing was written")

      let english = try await sandbox.run(["month", "--help"], passData: false)
      #expect(english.out.hasPrefix("OVERVIEW: Show a month (default: this month)."), "\(english)")
      let englishBad = try await sandbox.run(["day", "--bogus"])
      #expect(englishBad.err == "hannun: Unknown option '--bogus' (see hannun day --help)\n")
    }
  }
}
