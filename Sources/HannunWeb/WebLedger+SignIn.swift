import Foundation
import HannunPresentation

extension WebLedger {
  /// `GET /signin`: the token form. It carries a CSRF token of its own (a cookie the form must
  /// match), so no other site can sign a browser in.
  func signInPage(_ request: WebRequest, error: String?, status: Int = 200) -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = WebText(language: language)
    var csrf = request.cookies[WebCookie.csrf] ?? ""
    if csrf.utf8.count != 64 {
      csrf = Secret.random()
      cookies.append(WebCookie.set(WebCookie.csrf, csrf))
    }
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
  /// cookie; a wrong one shows the form again with 401.
  func signIn(_ request: WebRequest) -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = WebText(language: language)
    guard let expected = token else { return WebReply.seeOther("/") }
    guard let csrf = request.cookies[WebCookie.csrf], let sent = request.form["csrf"],
      Secret.matches(sent, csrf)
    else {
      return WebReply.page(Layout.message(text.badForm, language: language), status: 403)
    }
    guard let given = request.form["token"],
      Secret.matches(given.trimmingCharacters(in: .whitespacesAndNewlines), expected)
    else {
      return signInPage(request, error: text.wrongToken, status: 401)
    }
    var reply = WebReply.seeOther("/")
    reply.cookies = cookies + [WebCookie.set(WebCookie.session, sessions.signIn())]
    return reply
  }
}
