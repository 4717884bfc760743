/// What a piece of output means, so one ``Theme`` decides how it looks.
public enum ANSIStyle: CaseIterable, Hashable, Sendable {
  /// Titles and column headings: bold.
  case header
  /// Sunday's column and dates: red.
  case sunday
  /// Saturday's column and dates: blue.
  case saturday
  /// Income amounts: green.
  case income
  /// Expense amounts: red.
  case expense
  /// Today's date: bold and underlined.
  case today
  /// The selected day or row: reverse video.
  case selected
  /// Days outside the shown month, hints: faint.
  case dim
  /// Error messages: bold red.
  case error
  /// Emphasis: bold.
  case bold

  /// The SGR parameters that draw this style.
  public var sgrParameters: [Int] {
    switch self {
    case .header: [1]
    case .sunday: [31]
    case .saturday: [34]
    case .income: [32]
    case .expense: [31]
    case .today: [1, 4]
    case .selected: [7]
    case .dim: [2]
    case .error: [1, 31]
    case .bold: [1]
    }
  }
}

/// Turns ``ANSIStyle`` roles into terminal escape codes, or into nothing when colour is off.
///
/// Style plain, already truncated and padded text: a style wraps the text in one SGR sequence
/// and a reset (`ESC [ 0 m`), so styles do not nest. Combine roles in one call instead, for
/// example `theme.apply([.today, .selected, .sunday], to: "3")`.
public struct Theme: Hashable, Sendable {
  /// Whether escape codes are written at all.
  public let colorEnabled: Bool
  /// Whether the terminal shows emoji (two columns wide); without, moods show as short text
  /// tags (see ``EmojiSupport``).
  public var emoji = true

  /// - Parameter colorEnabled: Usually ``ColorChoice/resolve(isTerminal:environment:)``.
  public init(colorEnabled: Bool) {
    self.colorEnabled = colorEnabled
  }

  /// A theme that never writes escape codes.
  public static let plain = Theme(colorEnabled: false)

  /// `text` drawn in `style`, or `text` unchanged when colour is off.
  public func apply(_ style: ANSIStyle, to text: String) -> String {
    apply([style], to: text)
  }

  /// `text` drawn in all of `styles` at once, or `text` unchanged when colour is off or `styles`
  /// is empty. When two styles set the same colour, the later one wins.
  public func apply(_ styles: [ANSIStyle], to text: String) -> String {
    guard colorEnabled, !styles.isEmpty, !text.isEmpty else { return text }
    var parameters: [Int] = []
    for style in styles {
      for parameter in style.sgrParameters where !parameters.contains(parameter) {
        parameters.append(parameter)
      }
    }
    return Theme.sgr(parameters) + text + Theme.reset
  }

  /// The reset sequence, `ESC [ 0 m`.
  public static let reset = "\u{1B}[0m"

  private static func sgr(_ parameters: [Int]) -> String {
    "\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m"
  }
}

/// The `--color` setting: when output is coloured.
public enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour on a terminal, unless `NO_COLOR` is set to something or `TERM` is `dumb`.
  case auto
  /// Always colour, even into a pipe or with `NO_COLOR` set (an explicit choice wins).
  case always
  /// Never colour.
  case never

  /// Whether to colour output.
  /// - Parameters:
  ///   - isTerminal: Whether standard output is a terminal (see ``Terminal/isTerminal(_:)``).
  ///   - environment: The process environment; `NO_COLOR` set to any non-empty value turns
  ///     `auto` colour off (https://no-color.org), as does `TERM=dumb`.
  public func resolve(isTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always:
      return true
    case .never:
      return false
    case .auto:
      guard isTerminal else { return false }
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return environment["TERM"] != "dumb"
    }
  }
}
