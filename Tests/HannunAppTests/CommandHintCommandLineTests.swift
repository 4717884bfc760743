import Foundation
import HannunTestSupport
import Testing

/// The screens the one-shot commands borrow from the REPL point to the command line's own
/// commands when they are empty, not to the REPL's.
@MainActor
@Suite("Empty screens of the command line name hannun's commands")
struct CommandHintCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-hint-tests") }

  @Test("budget, year, report --by-mood and recurring list say hannun's commands")
  func emptyScreens() async {
    let budget = await hannun(["budget", "2025-11", "--locale", "en"], data: data)
    #expect(
      budget.out.contains("For example: hannun budget set 300000 --category food"), "\(budget)")
    let korean = await hannun(["budget", "2025-11", "--locale", "ko"], data: data)
    #expect(korean.out.contains("예: hannun budget set 30만 --category 식비\n"), "\(korean)")
    let year = await hannun(["year", "2025", "--locale", "ko"], data: data)
    #expect(year.out.hasSuffix("달을 보려면: hannun month YYYY-MM\n"), "\(year)")
    let moods = await hannun(["report", "--by-mood", "2025-11", "--locale", "en"], data: data)
    #expect(moods.out.contains("for example, hannun mood joy."), "\(moods)")
    let rules = await hannun(["recurring", "list", "--locale", "ko"], data: data)
    #expect(rules.out == "반복 규칙이 없습니다. hannun recurring add로 추가하세요\n", "\(rules)")
  }
}
