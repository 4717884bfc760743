import HannunKit
import HannunPresentation

/// A request as the pages need it, taken from Hummingbird's: path, query, cookies, the
/// browser's languages and, for a POST, the form.
struct WebRequest: Sendable {
  var path: String
  var query: FormBody
  var cookies: RequestCookies
  var acceptLanguage: String?
  var form = FormBody("")
  /// The client's IP address, when known: what the sign-in's rate limit counts by.
  var client: String?
  /// Whether this form is sent again after its write may have been made in an earlier run (its
  /// intent recorded, its outcome not: ``WriteOutcomes``): its handler first asks the core
  /// whether what the form asks for is already in the ledger, and answers as made when it is.
  var isRetry = false
}

/// An answer before it becomes Hummingbird's `Response`.
struct WebReply: Sendable {
  var status: Int
  var body: String
  var contentType = "text/html; charset=utf-8"
  var location: String?
  var cookies: [String] = []
  /// Seconds to wait before trying again (`Retry-After`), for a 429.
  var retryAfter: Int?
  /// What a write's redirect says on the page it opens — the news and the budget warnings —
  /// while its outcome is kept (``WriteOutcomes``), so that the same form sent again, even after
  /// a restart, says it again.
  var news: [String] = []
  var warnings: [String] = []
  /// A download's file, sent a piece at a time in place of ``body``.
  var download: ExportSpool?

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
  /// The browser's session, made by this server on its first page (see ``WebSessions``).
  static let browser = "hannun_browser"
  /// The language chosen with `?lang=`.
  static let language = "hannun_lang"

  /// A `Set-Cookie` value.
  static func set(_ name: String, _ value: String, maxAge: Int? = nil) -> String {
    "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
      + (maxAge.map { "; Max-Age=\($0)" } ?? "")
  }
}
