import HannunPresentation

/// The frame every page shares: the document head with the stylesheet and script (files under
/// `/static/`, as the Content-Security-Policy allows no inline code) and the body's end.
enum Layout {
  /// The page up to the body's opening tag.
  /// - Parameters:
  ///   - title: The page's title (escaped here).
  ///   - language: The page's language.
  ///   - body: More attributes of `<body>`, already escaped.
  static func head(title: String, language: DisplayLanguage, body: String = "") -> String {
    let app = WebText(language: language).appName
    return """
      <!doctype html>
      <html lang="\(language.rawValue)"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTML.escape(title)) · \(HTML.escape(app))</title>
      <link rel="stylesheet" href="/static/hannun.css">
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
      <link rel="manifest" href="/manifest.webmanifest">
      <meta name="theme-color" content="#1565c0">
      <script src="/static/hannun.js" defer></script>
      </head>
      <body data-lang="\(language.rawValue)"\(body.isEmpty ? "" : " " + body)>

      """
  }

  /// The end of every page.
  static let tail = "</body></html>\n"

  /// A small page with one message and a link back: errors outside the calendar.
  static func message(_ message: String, language: DisplayLanguage) -> String {
    let text = WebText(language: language)
    return head(title: text.appName, language: language)
      + "<main>" + HTML.alert(message)
      + "<p><a href=\"/\">\(HTML.escape(text.backToMonth))</a></p></main>\n" + tail
  }

  /// Text as one path segment: letters, digits, `-`, `_` and `.` as they are, every other byte
  /// percent-encoded.
  static func pathComponent(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F:
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return result
  }
}
