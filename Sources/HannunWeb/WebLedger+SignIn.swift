import Foundation
import HannunPresentation

extension WebLedger {
  /// `GET /signin`: the token form. It carries the CSRF token of the browser's session, so no
  /// other site can sign a browser in.
  func signInPage(_ request: WebRequest, error: String?, status: Int = 200) -> WebReply {
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
    html += "<button type=\"submit\">\(HTML.escape(text.signInButton))</button></form></main>\n"
    var reply = WebReply.page(html + Layout.tail, status: status)
    reply.cookies = cookies
    return reply
  }

  /// `POST /signin`: a right token (compared in constant time) starts a session and sets its
  /// cookie; a wrong one shows the form again with 401 — or 429 with `Retry-After` once the
  /// client has sent too many (``SignInLimiter``), and then no token is compared until it waited.
  func signIn(_ request: WebRequest) -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = WebText(language: language)
    guard let expected = token else { return WebReply.seeOther("/") }
    guard let csrf = sessions.csrf(ofBrowser: request.cookies[WebCookie.browser]),
      let sent = request.form["csrf"], Secret.matches(sent, csrf)
    else {
      return WebReply.page(Layout.message(text.badForm, language: language), status: 403)
    }
    let client = request.client ?? ""
    if let wait = limiter.wait(for: client) { return tooManyTries(request, wait: wait) }
    guard let given = request.form["token"],
      Secret.matches(given.trimmingCharacters(in: .whitespacesAndNewlines), expected)
    else {
      limiter.failed(client)
      if let wait = limiter.wait(for: client) { return tooManyTries(request, wait: wait) }
      return signInPage(request, error: text.wrongToken, status: 401)
    }
    limiter.succeeded(client)
    var reply = WebReply.seeOther("/")
    reply.cookies = cookies + [WebCookie.set(WebCookie.session, sessions.signIn())]
    return reply
  }

  /// The sign-in form again with 429, saying how long to wait, and `Retry-After`.
  private func tooManyTries(_ request: WebRequest, wait: Duration) -> WebReply {
    var ignored: [String] = []
    let text = WebText(language: language(of: request, cookies: &ignored))
    let seconds = wait.wholeSecondsUp
    var reply = signInPage(request, error: text.tooManyTries(seconds: seconds), status: 429)
    reply.retryAfter = seconds
    return reply
  }
}
