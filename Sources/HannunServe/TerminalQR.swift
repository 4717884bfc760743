import CQRencode

/// A QR code drawn with text for a terminal, made by libqrencode (never by hand): two rows of
/// modules per line in half blocks (`▀`, `▄`, `█`), with a quiet zone around it.
enum TerminalQR {
  /// The lines of the code for `text`, or `nil` when libqrencode cannot encode it.
  /// - Parameters:
  ///   - text: What the code carries (a pairing address).
  ///   - colors: Draw dark on light with ANSI colours whatever the terminal's own are (for a
  ///     terminal); without them, the blocks are the dark modules (for a file or a pipe).
  static func lines(_ text: String, colors: Bool) -> [String]? {
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
      return nil
    }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    guard width > 0, let data = code.pointee.data else { return nil }
    var modules = [Bool](repeating: false, count: width * width)
    for index in modules.indices { modules[index] = data[index] & 1 == 1 }
    return draw(modules, width: width, colors: colors)
  }

  /// Draws a square of modules (`true` dark), row after row, `width` a side.
  static func draw(_ modules: [Bool], width: Int, colors: Bool) -> [String] {
    let quiet = 2
    func dark(_ x: Int, _ y: Int) -> Bool {
      x >= 0 && y >= 0 && x < width && y < width && modules[y * width + x]
    }
    var lines: [String] = []
    for y in stride(from: -quiet, to: width + quiet, by: 2) {
      var line = colors ? "\u{1B}[30;107m" : ""
      for x in -quiet..<(width + quiet) {
        switch (dark(x, y), dark(x, y + 1)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      lines.append(line + (colors ? "\u{1B}[0m" : ""))
    }
    return lines
  }
}
