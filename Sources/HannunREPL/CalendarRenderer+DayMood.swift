import HannunDomain
import HannunPresentation

extension CalendarRenderer {
  /// The selected day's heading (``dayHeadingCandidates(_:room:)``), ending with the day's mood
  /// when it has one — its emoji, or its name as a text tag without emoji — and as much of its
  /// note as the line leaves room for. The amounts shorten to keep the mood; on a line too narrow
  /// even for the date and the mood, the heading goes without it.
  func dayHeading(_ calendar: CalendarViewModel) -> String {
    let plain = {
      StyledLine.firstFitting(dayHeadingCandidates(calendar, room: width), width: width)
    }
    guard let mood = calendar.moods[calendar.selectedDay] else { return plain() }
    let tag = moodTag(mood.mood, language: calendar.language)
    let room = width - 2 - TerminalText.displayWidth(tag)
    guard
      var line = dayHeadingCandidates(calendar, room: room).first(where: { $0.width <= room })
    else { return plain() }
    line.append("  ")
    line.append(tag)
    let note = TerminalText.sanitized(mood.note)
    // A note shows when a few of its characters fit; cut, it ends with an ellipsis.
    let left = width - line.width - 1
    if !note.isEmpty, left >= Self.shortestNote {
      line.append(" ")
      line.append(TerminalText.truncate(note, toWidth: left), .dim)
    }
    return line.styled
  }

  /// The fewest columns worth showing of a note.
  static let shortestNote = 4
}
