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
    guard let word = words.first else { return .moodReport(.shownMonth) }
    guard words.count == 1 else {
      throw .invalidArguments(.report, .extra(words.dropFirst().map(\.text).joined(separator: " ")))
    }
    guard let period = try period(word.text) else {
      throw .invalidArguments(.report, .notAReportSpan(word.text))
    }
    return .moodReport(period)
  }
}
