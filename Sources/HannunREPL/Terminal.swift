#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about the process's terminal.
public enum Terminal {
  /// Whether `fileDescriptor` is a terminal (0 standard input, 1 standard output).
  public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    isatty(fileDescriptor) == 1
  }

  /// The width of the terminal on standard output in columns, or `nil` when it is not a
  /// terminal or does not say; falls back to a positive `COLUMNS` in `environment`.
  public static func columns(environment: [String: String]) -> Int? {
    if let size = windowSize(), size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return positive(environment["COLUMNS"])
  }

  /// The height of the terminal on standard output in rows, or `nil` when it is not a terminal
  /// or does not say; falls back to a positive `LINES` in `environment`.
  public static func rows(environment: [String: String]) -> Int? {
    if let size = windowSize(), size.ws_row > 0 {
      return Int(size.ws_row)
    }
    return positive(environment["LINES"])
  }

  /// The terminal's size as the kernel reports it, asked afresh so a resized window is seen.
  private static func windowSize() -> winsize? {
    var size = winsize()
    let status = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
    return status == 0 ? size : nil
  }

  private static func positive(_ text: String?) -> Int? {
    guard let text, let value = Int(text), value > 0 else { return nil }
    return value
  }
}

/// The room a screen is drawn in.
public struct TerminalSize: Hashable, Sendable {
  /// The smallest terminal the screens are laid out for, 40×20; a smaller one is asked to grow.
  public static let smallest = TerminalSize(columns: 40, rows: 20)

  /// The widest a line may be, in display columns. Layouts are designed from 40 columns up;
  /// narrower, lines may be wider than this.
  public var columns: Int
  /// The terminal's height, or `nil` for output that scrolls (a pipe, a file, a script's
  /// transcript): then nothing is left out for want of rows.
  public var rows: Int?

  /// - Parameters:
  ///   - columns: The terminal's width.
  ///   - rows: The terminal's height, or `nil` for no limit.
  public init(columns: Int, rows: Int?) {
    self.columns = columns
    self.rows = rows
  }

  /// 80 columns and no row limit: what one-shot commands and scripted sessions print.
  public static let standard = TerminalSize(columns: 80, rows: nil)
}
