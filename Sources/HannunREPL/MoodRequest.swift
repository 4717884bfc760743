import HannunDomain
import HannunPresentation

/// What a `mood` line asks for.
public enum MoodRequest: Equatable, Sendable {
  /// `mood [DAY] MOOD [NOTE…]`: set the day's mood (the selected day's without `DAY`); the note
  /// is the remaining words joined by single spaces, not yet checked by `MoodRules`.
  case set(day: DayInput?, mood: Mood, note: String)
  /// `mood [DAY] clear`: remove the day's mood.
  case clear(day: DayInput?)

  /// The day named, or `nil` for the selected day.
  public var day: DayInput? {
    switch self {
    case .set(let day, _, _), .clear(let day): day
    }
  }
}

extension CommandParser {
  /// The words that clear a day's mood.
  static let clearWords: Set<String> = ["clear", "none", "지우기", "없음"]

  /// `mood [DAY] MOOD [NOTE…]` or `mood [DAY] clear`. The first word is a mood or `clear` when
  /// it is one; otherwise it is the day.
  static func mood(_ words: [String], today: Reference) throws(CommandError) -> MoodRequest {
    guard let first = words.first else { throw .moodUsage }
    var rest = words.dropFirst()
    var day: DayInput?
    var word = first
    if (try? Mood(parsing: first)) == nil, !clearWords.contains(first.lowercased()) {
      // A lone word is meant as the mood.
      guard words.count > 1 else { throw .rejectedMood(.unknownMood(first)) }
      day = try dayInput(first, today: today)
      guard let next = rest.first else { throw .moodUsage }
      word = next
      rest = rest.dropFirst()
    }
    if clearWords.contains(word.lowercased()) {
      guard rest.isEmpty else {
        throw .invalidArguments(.mood, .extra(rest.joined(separator: " ")))
      }
      return .clear(day: day)
    }
    do {
      return .set(day: day, mood: try Mood(parsing: word), note: rest.joined(separator: " "))
    } catch {
      throw .rejectedMood(error)
    }
  }
}

extension CommandParser {
  /// The words after `report` that ask for spending by mood.
  static let moodReportWords: Set<String> = ["mood", "moods", "기분"]

  /// The rest of `report mood [year]`.
  static func moodReport(_ words: [Word]) throws(CommandError) -> Command {
    guard let word = words.first else { return .moodReport(year: false) }
    guard words.count == 1 else {
      throw .invalidArguments(.report, .extra(words.dropFirst().map(\.text).joined(separator: " ")))
    }
    guard ["year", "y", "연", "해", "년"].contains(word.text.lowercased()) else {
      throw .invalidArguments(.report, .notAReportSpan(word.text))
    }
    return .moodReport(year: true)
  }
}

extension CommandVerb {
  /// Further lines for `help mood`, in English.
  var moodDetails: [String] {
    [
      "MOOD: "
        + Mood.allCases.prefix(4).map { "\($0.emoji) \($0.englishName)" }
        .joined(separator: ", ") + ",",
      "      "
        + Mood.allCases.dropFirst(4).map { "\($0.emoji) \($0.englishName)" }
        .joined(separator: ", ") + ",",
      "      or the Korean names " + Mood.allCases.map(\.koreanName).joined(separator: ", ") + ".",
      "DAY as for day; without it, the selected day. NOTE: the rest of the words,",
      "at most \(MoodRules.noteLimit) characters. mood clear removes the day's mood; undo takes",
      "a mood back like an entry. mode emotion shows the moods in the calendar.",
      "From the shell: hannun mood [YYYY-MM-DD] MOOD [--note TEXT] | --clear",
    ]
  }
}

extension HelpText {
  /// Further lines for `help mood`, in Korean.
  static var koreanMoodDetails: [String] {
    [
      "기분: " + Mood.allCases.map { "\($0.emoji) \($0.koreanName)" }.joined(separator: ", "),
      "(영어 이름도 됩니다: " + Mood.allCases.map(\.englishName).joined(separator: ", ") + ")",
      "DAY는 day 명령처럼; 없으면 선택한 날. 메모: 나머지 낱말, 최대 \(MoodRules.noteLimit)자.",
      "mood clear는 그날의 기분을 지웁니다. undo로 내역처럼 되돌립니다.",
      "mode emotion으로 달력에 기분을 보여 줍니다.",
      "셸에서: hannun mood [YYYY-MM-DD] 기분 [--note 메모] | --clear",
    ]
  }
}
