import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("The mood diary in the view-models")
@MainActor
struct MoodPresentationTests {
  @Test("the calendar's cells carry the day's mood, and follow a mood set through the coordinator")
  func cellsFollowMoods() async throws {
    let ledger = await TestLedger.started()
    let calendar = ledger.calendar
    #expect(calendar.weeks.flatMap { $0 }.allSatisfy { $0.mood == nil })
    let edit = try await ledger.coordinator.setMood(
      DayMood(.excited, note: "여행"), on: day("2025-11-14"))
    #expect(
      edit == MoodEdit(day: day("2025-11-14"), before: nil, after: DayMood(.excited, note: "여행")))
    await ledger.settle()
    #expect(calendar.cell(of: day("2025-11-14"))?.mood == .excited)
    #expect(calendar.moods[day("2025-11-14")]?.note == "여행")
    _ = try await ledger.coordinator.undo()
    await ledger.settle()
    #expect(calendar.cell(of: day("2025-11-14"))?.mood == nil)
  }

  @Test("a mood another process wrote shows after the next reload; other months' moods stay")
  func reloads() async throws {
    let ledger = await TestLedger.started()
    await ledger.repository.replaceMoodUnannounced(DayMood(.calm), on: day("2025-11-20"))
    await ledger.repository.replaceMoodUnannounced(DayMood(.sad), on: day("2025-10-31"))
    await ledger.calendar.refresh()
    #expect(ledger.calendar.cell(of: day("2025-11-20"))?.mood == .calm)
    #expect(ledger.calendar.moods[day("2025-10-31")] == DayMood(.sad))
  }

  @Test("mood errors are said in both languages, and AppError keeps them as values")
  func messages() {
    let stale = MoodError.staleMood(day("2025-11-03"), current: nil)
    #expect(AppError(stale) == .mood(stale))
    #expect(EnglishMessages().describe(AppError(stale)).contains("2025-11-03"))
    #expect(KoreanMessages().describe(any: stale).contains("다른 창에서 2025-11-03의 기분이 바뀌어"))
    #expect(EnglishMessages().describe(any: MoodError.unknownMood("x")).contains("joy, calm"))
    #expect(KoreanMessages().describe(any: MoodError.unknownMood("x")).contains("기쁨, 평온"))
    #expect(DisplayLanguage.korean.name(of: .anxious) == "불안")
    #expect(DisplayLanguage.english.name(of: .anxious) == "anxious")
  }
}
