/// A key that moves the calendar at once, without Enter: what ``LineInput/key(_:line:)``
/// reports.
///
/// The keys are PageUp and PageDown, Alt-← and Alt-→, and Alt-t on any line, and `[`, `]` and
/// Home on an empty line (where they do not get in the way of typing).
public enum NavigationKey: String, CaseIterable, Equatable, Sendable {
  /// The previous month, or week in week view: the `prev` command.
  case previous
  /// The next month, or week in week view: the `next` command.
  case next
  /// This month with today selected: the `today` command.
  case today

  /// The command word that does the same as the key: `prev`, `next` or `today`. Readers' callers
  /// that handle only lines get this word (see ``LineReader/readLine(prompt:prefill:)``).
  public var commandWord: String {
    switch self {
    case .previous: CommandVerb.previous.rawValue
    case .next: CommandVerb.next.rawValue
    case .today: CommandVerb.today.rawValue
    }
  }
}
