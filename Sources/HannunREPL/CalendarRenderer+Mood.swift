import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CalendarRenderer {
  /// A week's moods under its day numbers (`mode emotion`): each day's emoji, or its name as a
  /// short tag when the theme shows no emoji, one column in from the cell's left edge like the
  /// day numbers, cut to fit so the grid stays aligned.
  func moodLine(_ week: [DayCell], _ widths: [Int], language: DisplayLanguage) -> String {
    zip(week, widths).map { cell, cellWidth in
      guard cell.day != nil, let mood = cell.mood else {
        return String(repeating: " ", count: cellWidth)
      }
      return TerminalText.pad(
        " "
          + TerminalText.truncate(
            moodTag(mood, language: language), toWidth: cellWidth - 2, ellipsis: ""),
        toWidth: cellWidth)
    }.joined()
  }

  /// How a mood shows in a cell: the emoji, or the name in `language` (`joy`, `기쁨`).
  func moodTag(_ mood: Mood, language: DisplayLanguage) -> String {
    theme.emoji ? mood.emoji : language.name(of: mood)
  }
}

/// Whether a terminal can show emoji: not the Linux console (`TERM=linux`) nor a dumb terminal,
/// and not when `--ascii` asks for plain text.
public enum EmojiSupport {
  /// - Parameters:
  ///   - ascii: Whether `--ascii` was given.
  ///   - environment: The process environment (`TERM`).
  /// - Returns: Whether to draw emoji.
  public static func resolve(ascii: Bool, environment: [String: String]) -> Bool {
    guard !ascii else { return false }
    switch environment["TERM"] {
    case "linux", "dumb", "vt100", "vt220": return false
    default: return true
    }
  }
}
