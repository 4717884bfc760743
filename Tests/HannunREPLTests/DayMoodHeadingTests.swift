import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@MainActor
@Suite("The selected day's heading shows its mood and note")
struct DayMoodHeadingTests {
  /// A calendar on 2025-11-10 (busy November) whose selected day has `mood`.
  private func calendar(_ mood: DayMood?, _ language: DisplayLanguage) async -> CalendarViewModel {
    let repository = InMemoryTransactionRepository(Fixtures.busyNovember)
    await repository.replaceMoodUnannounced(mood, on: Fixtures.day("2025-11-10"))
    let calendar = CalendarViewModel(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-10")), currency: .krw,
      language: language)
    await calendar.start()
    return calendar
  }

  private func renderer(_ columns: Int, emoji: Bool, rows: Int? = nil) -> CalendarRenderer {
    var theme = Theme.plain
    theme.emoji = emoji
    return CalendarRenderer(theme: theme, size: TerminalSize(columns: columns, rows: rows))
  }

  @Test("emoji and note at 80 columns, in every display mode; the text tag without emoji")
  func shown() async {
    let note = DayMood(.joy, note: #"월급날 "최고""#)
    let korean = await calendar(note, .korean)
    for mode in [DisplayMode.dateOnly, .amounts, .emotion] {
      korean.setDisplayMode(mode)
      let heading = renderer(80, emoji: true).dayHeading(korean)
      #expect(heading.hasSuffix(#"  😊 월급날 "최고""#), "\(mode): \(heading)")
      #expect(heading.contains("지출"), "the totals stay: \(heading)")
    }
    let english = await calendar(note, .english)
    #expect(renderer(100, emoji: false).dayHeading(english).hasSuffix(#"  joy 월급날 "최고""#))
    let plain = await calendar(nil, .english)
    #expect(!renderer(80, emoji: true).dayHeading(plain).contains("  😊"))
  }

  @Test("the mood never shortens an amount: where it would, the heading goes without it")
  func narrow() async {
    let long = DayMood(.anxious, note: String(repeating: "아주 긴 메모 ", count: 8))
    for language in DisplayLanguage.allCases {
      let calendar = await calendar(long, language)
      let plain = await self.calendar(nil, language)
      var shown: [Int] = []
      for columns in 40...160 {
        for emoji in [true, false] {
          let heading = renderer(columns, emoji: emoji).dayHeading(calendar)
          #expect(TerminalText.displayWidth(heading) <= columns, "\(columns): \(heading)")
          let tag = emoji ? "😰" : language.name(of: .anxious)
          // Without the mood, the heading is exactly the one of a day without a mood; with it,
          // its amounts are that heading's amounts.
          let without = renderer(columns, emoji: emoji).dayHeading(plain)
          if heading.contains("  \(tag)") {
            let amounts = { (line: String) in
              // The symbol may go, the digits may not.
              line.split(separator: " ").map { $0.replacingOccurrences(of: "₩", with: "") }
                .filter { $0.first?.isNumber == true }.suffix(2)
            }
            #expect(
              amounts(String(heading.prefix(while: { $0 != "😰" }))) == amounts(without),
              "\(language) \(columns): \(heading) vs \(without)")
            if emoji { shown.append(columns) }
          } else {
            #expect(heading == without, "\(language) \(columns): \(heading)")
          }
        }
      }
      #expect(shown.contains(80) && shown.contains(160), "\(language): shown at \(shown)")
      let cut = renderer(100, emoji: true).dayHeading(calendar)
      #expect(cut.hasSuffix("…") && cut.contains("😰 아주"), "\(cut)")
    }
  }

  @Test("a note's control characters are shown escaped, never sent to the terminal")
  func sanitized() async {
    let hostile = DayMood(.sad, note: "x\u{1B}[2J\u{202E}y")
    let heading = renderer(80, emoji: true).dayHeading(await calendar(hostile, .english))
    #expect(!heading.contains("\u{1B}") && !heading.contains("\u{202E}"), "\(heading)")
  }

  @Test("screens with a mood on the selected day still fit from 40 to 160 columns")
  func screensFit() async {
    let calendar = await calendar(DayMood(.excited, note: "설렘 가득한 날"), .korean)
    for mode in [DisplayMode.amounts, .emotion] {
      calendar.setDisplayMode(mode)
      for columns in 40...160 {
        for rows in [20, 24, nil] as [Int?] {
          let renderer = renderer(columns, emoji: true, rows: rows)
          let lines = renderer.screenLines(calendar)
          #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(columns)")
          if let rows { #expect(lines.count <= rows - renderer.reservedRows, "\(columns)×\(rows)") }
          #expect(lines.contains(renderer.dayHeading(calendar)), "\(columns)")
        }
      }
    }
  }
}
