import HannunDomain
import HannunPresentation

extension CalendarRenderer {
  /// The selected day's heading (``dayHeadingCandidates(_:room:)``), ending with the day's mood
  /// when it has one — its emoji, or its name as a text tag without emoji — and as much of its
  /// note as the line leaves room for. The mood never costs an amount its precision: it shows
  /// only when the amounts keep the form they have without it (the gaps and the date may
  /// narrow), so on a narrow line the heading goes without the mood, which the grid's `emotion`
  /// mode shows.
  func dayHeading(_ calendar: CalendarViewModel) -> String {
    let candidates = dayHeadingCandidates(calendar, room: width)
    let plain = { StyledLine.firstFitting(candidates, width: width) }
    guard let mood = calendar.moods[calendar.selectedDay] else { return plain() }
    let tag = moodTag(mood.mood, language: calendar.language)
    let room = width - 2 - TerminalText.displayWidth(tag)
    // The first five forms show the amounts exactly; later ones shorten them.
    let exact = candidates.prefix(5).map(\.plain)
    let withoutMood = candidates.first { $0.width <= width }?.plain
    guard
      var line = dayHeadingCandidates(calendar, room: room).first(where: { $0.width <= room }),
      exact.contains(line.plain) || line.plain == withoutMood
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
