import Foundation
import HannunPresentation

extension WebLedger {
  /// `GET /pair?code=…`: the page a phone opens from the QR code — the code filled in, a name
  /// for the device, one button. Nothing changes on this `GET`; the button posts the form.
  func pairPage(
    _ request: WebRequest, code: String?, error: String?, status: Int = 200
  ) -> WebReply {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = PairingText(language: language)
    let csrf = browser(request, cookies: &cookies).csrf
    var html = Layout.head(title: text.title, language: language)
    html += "<main class=\"signin\"><h1 id=\"title\">\(HTML.escape(text.title))</h1>\n"
    html += "<form id=\"pair\" method=\"post\" action=\"/pair\">"
    if let error { html += HTML.alert(error) }
    html += "<p>\(HTML.escape(text.hint))</p>"
    html += "<label class=\"field\"><span>\(HTML.escape(text.code))</span>"
    html += "<input type=\"text\" name=\"code\" value=\"\(HTML.escape(code ?? ""))\" "
    html += "autocomplete=\"one-time-code\" autocapitalize=\"characters\" required></label>"
    html += "<label class=\"field\"><span>\(HTML.escape(text.name))</span>"
    html += "<input type=\"text\" name=\"name\" maxlength=\"40\" "
    html += "placeholder=\"\(HTML.escape(text.namePlaceholder))\" autocomplete=\"off\"></label>"
    html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
    html += "<button type=\"submit\">\(HTML.escape(text.button))</button></form></main>\n"
    var reply = WebReply.page(html + Layout.tail, status: status)
    reply.cookies = cookies
    return reply
  }

  /// `POST /pair`: the live pairing code (``PairingCodes``) signs the phone in as a named
  /// device, like the token would; a wrong, used or expired code shows the form again with 401,
  /// and counts against the client in the sign-in's rate limit (429 with `Retry-After` once it
  /// has sent too many). On loopback nobody signs in, and the page is the calendar.
  /// - Returns: The reply, and the device's name when a phone was paired.
  func pair(_ request: WebRequest, codes: PairingCodes) -> (WebReply, paired: String?) {
    guard token != nil else { return (WebReply.seeOther("/"), nil) }
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let text = PairingText(language: language)
    guard
      let csrf = request.cookies.first(
        WebCookie.browser, known: { sessions.csrf(ofBrowser: $0) })?.found,
      let sent = request.form["csrf"], Secret.matches(sent, csrf)
    else {
      let message = WebText(language: language).badForm
      return (WebReply.page(Layout.message(message, language: language), status: 403), nil)
    }
    let client = request.client ?? ""
    let typed = request.form["code"] ?? ""
    func tooMany(_ wait: Duration) -> WebReply {
      var reply = pairPage(
        request, code: typed, error: text.tooManyTries(seconds: wait.wholeSecondsUp),
        status: 429)
      reply.retryAfter = wait.wholeSecondsUp
      return reply
    }
    if let wait = limiter.wait(for: client) { return (tooMany(wait), nil) }
    guard codes.redeem(typed) else {
      limiter.failed(client)
      if let wait = limiter.wait(for: client) { return (tooMany(wait), nil) }
      return (pairPage(request, code: typed, error: text.wrongCode, status: 401), nil)
    }
    limiter.succeeded(client)
    let name = String(
      (request.form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        .filter { !$0.isNewline }.prefix(40))
    let (session, _) = sessions.signIn(device: name)
    cookies.append(WebCookie.set(WebCookie.session, session, maxAge: WebSessions.signedInSeconds))
    var reply = WebReply.seeOther("/")
    reply.cookies = cookies
    return (reply, name)
  }
}
