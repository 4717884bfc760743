import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Display language")
struct DisplayLanguageTests {
  @Test(
    "the locale picks the language: Korean for ko, English otherwise",
    arguments: [
      ("ko_KR.UTF-8", DisplayLanguage.korean), ("ko_KR", .korean), ("ko", .korean),
      ("KO_kr.utf8", .korean), ("ko-KR", .korean), ("korean", .korean), ("en_US", .english),
      ("en_US.UTF-8", .english), ("C", .english), ("C.UTF-8", .english), ("POSIX", .english),
      ("", .english), ("ja_JP.UTF-8", .english), ("kok_IN", .english),
    ])
  func fromLocale(identifier: String, expected: DisplayLanguage) {
    #expect(DisplayLanguage(localeIdentifier: identifier) == expected)
  }

  @Test("month titles")
  func monthTitles() {
    #expect(DisplayLanguage.korean.title(of: month("2025-11")) == "2025년 11월")
    #expect(DisplayLanguage.english.title(of: month("2025-11")) == "November 2025")
    #expect(DisplayLanguage.korean.title(of: month("1583-01")) == "1583년 1월")
    #expect(DisplayLanguage.english.title(of: month("9999-12")) == "December 9999")
  }

  @Test("day headings name the weekday")
  func dayTitles() {
    #expect(DisplayLanguage.korean.title(of: day("2025-11-03")) == "2025년 11월 3일 (월)")
    #expect(DisplayLanguage.english.title(of: day("2025-11-03")) == "Mon 3 November 2025")
    #expect(DisplayLanguage.english.title(of: day("2025-11-16")) == "Sun 16 November 2025")
  }

  @Test("weekday names in header order")
  func weekdayNames() {
    #expect(
      Weekday.allCases.map(DisplayLanguage.korean.shortName) == [
        "일", "월", "화", "수", "목", "금", "토",
      ])
    #expect(
      Weekday.monday.weekStartingHere.map(DisplayLanguage.english.shortName) == [
        "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
      ])
  }

  @Test("labels")
  func labels() {
    #expect(DisplayLanguage.korean.label(for: .income) == "수입")
    #expect(DisplayLanguage.korean.label(for: .expense) == "지출")
    #expect(DisplayLanguage.english.label(for: .income) == "Income")
    #expect(DisplayLanguage.english.label(for: .expense) == "Expense")
    #expect(DisplayLanguage.korean.balanceLabel == "합계")
    #expect(DisplayLanguage.english.balanceLabel == "Balance")
    #expect(DisplayLanguage.korean.todayLabel == "오늘")
    #expect(DisplayLanguage.english.todayLabel == "Today")
    #expect(DisplayLanguage.korean.noEntriesLabel == "내역 없음")
    #expect(DisplayLanguage.english.noEntriesLabel == "No entries")
    #expect(DisplayLanguage.korean.weekLabel == "주간")
    #expect(DisplayLanguage.english.weekLabel == "week")
  }

  @Test("short day headings for narrow screens")
  func shortDayTitles() {
    #expect(DisplayLanguage.korean.shortTitle(of: day("2025-11-03")) == "11월 3일 (월)")
    #expect(DisplayLanguage.english.shortTitle(of: day("2025-11-03")) == "Mon 3 Nov")
    #expect(DisplayLanguage.english.shortTitle(of: day("2025-09-21")) == "Sun 21 Sep")
  }

  @Test("how many entries a list leaves out")
  func moreEntries() {
    #expect(DisplayLanguage.korean.moreEntries(3) == "…외 3건")
    #expect(DisplayLanguage.english.moreEntries(12) == "… 12 more")
  }
}
