import HannunDomain
import HannunPresentation
import Testing

@testable import HannunREPL

/// Everything the REPL says about commands, in Korean as well as English.
@Suite("The REPL's own text in Korean")
struct KoreanTextTests {
  static let problems: [CommandError] =
    [
      .unknownCommand("zz"), .unknownHelpTopic("zz"), .unterminatedQuote("\""),
      .rejectedDate(.malformedDate("soon")), .rejectedField(.badKind("gift")),
    ]
    + [
      (CommandVerb.next, ArgumentProblem.unexpected("x")), (.go, .extra("x")), (.go, .missing),
      (.go, .notAMonth("x")), (.day, .missing), (.day, .notADay("x")),
      (.day, .notADayNumber("40")), (.add, .notADay("x")), (.add, .notADayNumber("40")),
      (.mode, .missing), (.mode, .notAMode("x")), (.firstWeekday, .missing), (.edit, .missing),
      (.delete, .missing), (.add, .dateNeedsValue), (.add, .unknownOption("--x")),
      (.add, .dateTwice), (.add, .needsKind), (.add, .needsAmount), (.add, .needsCategory),
    ].map { CommandError.invalidArguments($0.0, $0.1) }

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  @Test("every command error has a Korean and an English sentence", arguments: problems)
  func commandErrors(error: CommandError) {
    let korean = error.text(in: KoreanMessages())
    let english = error.text(in: EnglishMessages())
    #expect(Self.hasHangul(korean), "\(korean)")
    #expect(!english.isEmpty && english != korean)
  }

  @Test("Korean help explains every command in Korean, and help COMMAND too")
  func help() {
    let overview = HelpText.overview(in: .korean)
    #expect(overview.hasPrefix("명령"))
    for verb in CommandVerb.allCases {
      let summary = HelpText.summary(verb, .korean)
      #expect(Self.hasHangul(summary), "\(verb)")
      #expect(overview.contains(summary))
      #expect(HelpText.topic(verb, in: .korean).contains(summary))
    }
    #expect(HelpText.topic(.add, in: .korean).contains("3만5천"))
    #expect(HelpText.topic(.delete, in: .korean).contains("줄임: del, rm"))
  }
}
