import Foundation
import HannunDomain
import HannunPresentation

extension WebLedger {
  /// The fields of an entry form a signed-out write carries through the sign-in page.
  static let carriedFields = [
    "kind", "amount", "category", "memo", "date", "month", "version", "key",
  ]

  /// What a signed-out write to `path` carries through the sign-in page, so that the entry is
  /// not lost: the entry form's fields and where they were going (`/entries` or
  /// `/entries/ID`), or `nil` for any other write.
  static func carried(path: String, form: FormBody) -> (then: String, fields: FormBody)? {
    guard path == "/entries" || Self.editPath(path) != nil else { return nil }
    var fields: [String: String] = [:]
    for name in carriedFields { fields[name] = form[name] }
    return (path, FormBody(fields: fields))
  }

  /// The entry id of an edit's path (`/entries/ID`), or `nil`.
  private static func editPath(_ path: String) -> TransactionID? {
    guard path.hasPrefix("/entries/") else { return nil }
    let rest = path.dropFirst("/entries/".count)
    guard !rest.isEmpty, !rest.contains("/"), let id = String(rest).removingPercentEncoding
    else { return nil }
    return TransactionID(id)
  }

  /// A write that arrived signed out (a forgotten or ended session): nothing is written, and
  /// the sign-in page carries what was typed, which is saved once the browser signs in.
  func signedOut(_ request: WebRequest) -> WebReply {
    guard token != nil, let carry = Self.carried(path: request.path, form: request.form) else {
      return WebReply.seeOther("/signin")
    }
    var ignored: [String] = []
    let text = WebText(language: language(of: request, cookies: &ignored))
    return signInPage(request, error: text.signedOutKept, status: 401, carry: carry)
  }

  /// `GET /signin`: the token form. It carries the CSRF token of the browser's session, so no
  /// other site can sign a browser in, and, after a signed-out write, what was typed (hidden,
  /// escaped), to be saved on signing in.
  func signInPage(
    _ request: WebRequest, error: String?, status: Int = 200,
    carry: (then: String, fields: FormBody)? = nil
  ) -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = WebText(language: language)
    let csrf = browser(request, cookies: &cookies).csrf
    var html = Layout.head(title: text.signInTitle, language: language)
    html += "<main class=\"signin\"><h1 id=\"title\">\(HTML.escape(text.signInTitle))</h1>\n"
    html += "<form id=\"signin\" method=\"post\" action=\"/signin\">"
    if let error { html += HTML.alert(error) }
    html += "<p>\(HTML.escape(text.signInHint))</p>"
    html += "<label class=\"field\"><span>\(HTML.escape(text.signInToken))</span>"
    html += "<input type=\"password\" name=\"token\" autocomplete=\"current-password\" required>"
    html += "</label><input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
    if let carry {
      html += "<input type=\"hidden\" name=\"then\" value=\"\(HTML.escape(carry.then))\">"
      for name in Self.carriedFields {
        guard let value = carry.fields[name] else { continue }
        html += "<input type=\"hidden\" name=\"carry-\(name)\" value=\"\(HTML.escape(value))\">"
      }
    }
    html += "<button type=\"submit\">\(HTML.escape(text.signInButton))</button></form></main>\n"
    var reply = WebReply.page(html + Layout.tail, status: status)
    reply.cookies = cookies
    return reply
  }

  /// `POST /signin`: a right token (compared in constant time) starts a session and sets its
  /// cookie; a wrong one shows the form again with 401 — or 429 with `Retry-After` once the
  /// client has sent too many (``SignInLimiter``), and then no token is compared until it waited.
  /// A form that carries a signed-out write (``signedOut(_:)``) keeps carrying it through a wrong
  /// token, and once the token is right the write is made as the new session, through the same
  /// rules as any other (the sign-in form's own CSRF token was checked first).
  func signIn(_ request: WebRequest) async -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = WebText(language: language)
    guard let expected = token else { return WebReply.seeOther("/") }
    guard
      let csrf = request.cookies.first(
        WebCookie.browser, known: { sessions.csrf(ofBrowser: $0) })?.found,
      let sent = request.form["csrf"], Secret.matches(sent, csrf)
    else {
      return WebReply.page(Layout.message(text.badForm, language: language), status: 403)
    }
    let carry = request.form["then"].flatMap { then in
      Self.carried(
        path: then,
        form: FormBody(
          fields: Self.carriedFields.reduce(into: [:]) { $0[$1] = request.form["carry-\($1)"] }))
    }
    let client = request.client ?? ""
    if let wait = limiter.wait(for: client) {
      return tooManyTries(request, wait: wait, carry: carry)
    }
    guard let given = request.form["token"],
      Secret.matches(given.trimmingCharacters(in: .whitespacesAndNewlines), expected)
    else {
      limiter.failed(client)
      if let wait = limiter.wait(for: client) {
        return tooManyTries(request, wait: wait, carry: carry)
      }
      return signInPage(request, error: text.wrongToken, status: 401, carry: carry)
    }
    limiter.succeeded(client)
    let (session, sessionCSRF) = sessions.signIn()
    cookies.append(WebCookie.set(WebCookie.session, session, maxAge: WebSessions.signedInSeconds))
    if let carry {
      let access = Access(
        csrf: sessionCSRF, undoKey: session, cookies: cookies, language: language)
      var write = request
      write.path = carry.then
      write.form = carry.fields
      if let id = Self.editPath(carry.then) { return await edit(id, write, access: access) }
      return await add(write, access: access)
    }
    var reply = WebReply.seeOther("/")
    reply.cookies = cookies
    return reply
  }

  /// The sign-in form again with 429, saying how long to wait, and `Retry-After`.
  private func tooManyTries(
    _ request: WebRequest, wait: Duration, carry: (then: String, fields: FormBody)?
  ) -> WebReply {
    var ignored: [String] = []
    let text = WebText(language: language(of: request, cookies: &ignored))
    let seconds = wait.wholeSecondsUp
    var reply = signInPage(
      request, error: text.tooManyTries(seconds: seconds), status: 429, carry: carry)
    reply.retryAfter = seconds
    return reply
  }
}
