import HannunPresentation

/// A request as the pages need it, taken from Hummingbird's: path, query, cookies, the
/// browser's languages and, for a POST, the form.
struct WebRequest: Sendable {
  var path: String
  var query: FormBody
  var cookies: RequestCookies
  var acceptLanguage: String?
  var form = FormBody("")
}

/// An answer before it becomes Hummingbird's `Response`.
struct WebReply: Sendable {
  var status: Int
  var body: String
  var contentType = "text/html; charset=utf-8"
  var location: String?
  var cookies: [String] = []

  /// A page.
  static func page(_ html: String, status: Int = 200) -> WebReply {
    WebReply(status: status, body: html)
  }

  /// A `303 See Other` to `path`: where a form goes after it wrote.
  static func seeOther(_ path: String) -> WebReply {
    WebReply(status: 303, body: "", location: path)
  }
}

/// The cookies the server sets: HttpOnly, SameSite=Strict, for the whole site.
enum WebCookie {
  /// The signed-in session's secret.
  static let session = "hannun_session"
  /// The browser's CSRF token when no sign-in is required.
  static let csrf = "hannun_csrf"
  /// The language chosen with `?lang=`.
  static let language = "hannun_lang"

  /// A `Set-Cookie` value.
  static func set(_ name: String, _ value: String, maxAge: Int? = nil) -> String {
    "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
      + (maxAge.map { "; Max-Age=\($0)" } ?? "")
  }
}
