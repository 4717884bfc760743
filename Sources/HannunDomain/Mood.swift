/// One of the mood diary's eight moods. The palette is fixed, so a mood is stored and exported by
/// its English name (``rawValue``) and every frontend shows the same emoji and names.
public enum Mood: String, CaseIterable, Hashable, Sendable {
  /// 😊 기쁨.
  case joy
  /// 😌 평온.
  case calm
  /// 😐 보통.
  case okay
  /// 😢 슬픔.
  case sad
  /// 😠 화남.
  case angry
  /// 😰 불안.
  case anxious
  /// 😴 피곤.
  case tired
  /// 🥰 설렘.
  case excited

  /// The mood's emoji, two columns wide on a terminal that shows emoji.
  public var emoji: String {
    switch self {
    case .joy: "😊"
    case .calm: "😌"
    case .okay: "😐"
    case .sad: "😢"
    case .angry: "😠"
    case .anxious: "😰"
    case .tired: "😴"
    case .excited: "🥰"
    }
  }

  /// The Korean name: `기쁨`, `평온` …
  public var koreanName: String {
    switch self {
    case .joy: "기쁨"
    case .calm: "평온"
    case .okay: "보통"
    case .sad: "슬픔"
    case .angry: "화남"
    case .anxious: "불안"
    case .tired: "피곤"
    case .excited: "설렘"
    }
  }

  /// The English name, which is also how the mood is stored: `joy`, `calm` …
  public var englishName: String { rawValue }

  /// The mood a typed word names: its English name in any case, its Korean name, or its emoji
  /// (with or without a variation selector).
  /// - Parameter text: The word as typed; surrounding spaces are ignored.
  /// - Throws: ``MoodError/unknownMood(_:)``.
  public init(parsing text: String) throws(MoodError) {
    let word = text.trimmedSpaces
    let plain = String(word.unicodeScalars.filter { $0 != "\u{FE0F}" }.map(Character.init))
    let lowered = plain.lowercased()
    guard
      let mood = Mood.allCases.first(where: {
        $0.rawValue == lowered || $0.koreanName == plain || $0.emoji == plain
      })
    else { throw .unknownMood(word) }
    self = mood
  }
}

/// A day's entry in the mood diary: the mood and an optional short note.
public struct DayMood: Hashable, Sendable {
  /// How the day felt.
  public var mood: Mood
  /// A short note, checked by ``MoodRules/note(_:)``; empty for none.
  public var note: String

  /// A diary entry, without checking the note (see ``MoodRules/note(_:)``).
  /// - Parameters:
  ///   - mood: The mood.
  ///   - note: The note, or empty.
  public init(_ mood: Mood, note: String = "") {
    self.mood = mood
    self.note = note
  }
}

/// The rules of the mood diary's note.
public enum MoodRules {
  /// The most characters a note may have after trimming: a line, not a diary page.
  public static let noteLimit = 100

  /// A note: at most ``noteLimit`` characters after trimming, on one line, like a memo.
  /// - Parameter text: The note as typed; blank is allowed.
  /// - Returns: The text without surrounding spaces.
  /// - Throws: ``FieldInputError/tooLong(field:limit:count:)`` or
  ///   ``FieldInputError/controlCharacters(field:)`` with the field `note`.
  public static func note(_ text: String) throws(FieldInputError) -> String {
    let trimmed = text.trimmedSpaces
    guard trimmed.count <= noteLimit else {
      throw .tooLong(field: "note", limit: noteLimit, count: trimmed.count)
    }
    guard !TransactionRules.containsControl(trimmed) else {
      throw .controlCharacters(field: "note")
    }
    return trimmed
  }
}

/// Why a mood could not be read or written; Presentation says it in the user's language.
public enum MoodError: Error, Equatable, Sendable {
  /// The word names no mood of the palette.
  case unknownMood(String)
  /// The day's mood was changed by another window or script since it was read; `current` is
  /// what is stored now. Nothing was written.
  case staleMood(Day, current: DayMood?)
}
