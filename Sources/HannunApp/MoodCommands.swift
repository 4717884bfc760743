import ArgumentParser
import HannunDomain
import HannunJSON
import HannunKit
import HannunPresentation
import HannunREPL

/// `hannun mood [YYYY-MM-DD] MOOD [--note TEXT]`, `hannun mood [YYYY-MM-DD] --clear`, and
/// `hannun mood [YYYY-MM-DD]` to show a day's mood: the mood diary from the shell.
struct MoodCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "mood",
      abstract: localized("Note a day's mood in the mood diary, clear it, or show it."),
      usage: """
        hannun mood [YYYY-MM-DD] MOOD [--note TEXT]
        hannun mood [YYYY-MM-DD] --clear
        hannun mood [YYYY-MM-DD]
        """,
      discussion: localized(
        """
        MOOD is one of joy, calm, okay, sad, angry, anxious, tired, excited, their Korean names \
        (기쁨, 평온, 보통, 슬픔, 화남, 불안, 피곤, 설렘) or their emoji. The day is today without a \
        date. In the REPL, mode emotion shows the moods in the calendar.
        """))
  }

  @Argument(help: .localized("A date YYYY-MM-DD (default: today), then the mood."))
  var words: [String] = []
  @Option(name: .long, help: .localized("A short note for the day (at most 100 characters)."))
  var note: String?
  @Flag(name: .long, help: .localized("Remove the day's mood.")) var clear = false
  @Flag(name: .long, help: .localized("Print the day's mood as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let (dayText, moodText) = try split()
    let environment = try await AppEnvironment(options: global)
    let session = environment.session
    let today = session.clock.today
    let day: Day
    do {
      day =
        try dayText.map { text throws(DateInputError) in
          try Day(userInput: text, today: today, shownMonth: today.yearMonth)
        } ?? today
    } catch {
      // One word alone may have been meant as either.
      guard words.count == 1, let word = dayText else { throw error }
      throw MoodCommandProblem.neitherMoodNorDay(word)
    }
    let language = environment.language
    guard clear || moodText != nil else {
      guard note == nil else { throw MoodCommandProblem.needsMood }
      let shown = try await session.coordinator.showMood(of: day)
      say(shown.mood, on: day, language)
      return
    }
    let chosen = try moodText.map { text throws(MoodError) in try Mood(parsing: text) }
    if chosen == nil, note != nil { throw MoodCommandProblem.clearTakesNoNote }
    let screen = try await session.coordinator.showMood(of: day)
    if let chosen {
      try await screen.set(chosen, note: note ?? "")
    } else {
      try await screen.clear()
    }
    say(screen.mood, on: day, language)
    await environment.sayNewLedgerNotice()
  }

  /// Prints the day's mood as a line, or as JSON with `--json`.
  private func say(_ mood: DayMood?, on day: Day, _ language: DisplayLanguage) {
    Console.line(
      json
        ? MoodJSON.day(mood, on: day).serialized()
        : TerminalText.sanitized(language.moodLine(mood, on: day)))
  }

  /// The date and mood words: `[DATE] MOOD`, `[DATE]` with `--clear`, or `[DATE]` alone.
  private func split() throws(MoodCommandProblem) -> (day: String?, mood: String?) {
    switch words.count {
    case 0: return (nil, nil)
    case 1:
      if (try? Mood(parsing: words[0])) != nil {
        guard !clear else { throw .clearTakesNoMood }
        return (nil, words[0])
      }
      return (words[0], nil)
    case 2:
      guard !clear else { throw .clearTakesNoMood }
      return (words[0], words[1])
    default:
      // `mood set 2025-11-03 joy`: ending in a date and a mood, the words before are too many.
      let isMood = { (word: String) in (try? Mood(parsing: word)) != nil }
      let extra =
        isMood(words[words.count - 1]) && !isMood(words[words.count - 2])
        ? words[..<(words.count - 2)] : words[2...]
      throw .extra(extra.joined(separator: " "))
    }
  }
}

extension DisplayLanguage {
  /// A day's mood as one line: `2025-11-03 😊 joy (payday)`, or that it has none.
  func moodLine(_ mood: DayMood?, on day: Day) -> String {
    guard let mood else {
      return commandLine.noMood(on: day)
    }
    let note = mood.note.isEmpty ? "" : " (\(mood.note))"
    return "\(day.iso) \(mood.mood.emoji) \(name(of: mood.mood))\(note)"
  }
}

/// What `hannun mood` refuses before writing, in the user's language.
enum MoodCommandProblem: LocalizedMessage, Equatable {
  case needsMood, clearTakesNoNote, clearTakesNoMood
  case extra(String)
  case neitherMoodNorDay(String)

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .needsMood: .moodNeedsMood
      case .clearTakesNoNote: .moodClearTakesNoNote
      case .clearTakesNoMood: .moodClearTakesNoMood
      case .extra(let words): .moodExtra(words)
      case .neitherMoodNorDay(let word): .moodNeitherMoodNorDay(word)
      }
    return catalog.language.commandLine.describe(refusal)
  }
}
