import HTTPTypes
import Hummingbird

/// Stands in front of every route: refuses a `Host` that is not the loopback address the server
/// listens on (DNS rebinding), sends the browser to sign in when it must, and adds the security
/// headers to every answer.
struct WebGuard: RouterMiddleware {
  typealias Context = BasicRequestContext
  let listen: ListenAddress
  let requiresSignIn: Bool
  let ledger: WebLedger

  /// `Host`, which HTTP/1 requests carry and HTTPTypes keeps as the authority.
  static let hostField = HTTPField.Name("Host")!

  /// The headers every answer carries.
  static let securityHeaders: [(HTTPField.Name, String)] = [
    (
      .contentSecurityPolicy,
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    (.xContentTypeOptions, "nosniff"),
    (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
    (HTTPField.Name("X-Frame-Options")!, "DENY"),
  ]

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    if listen.isLoopback, !hostIsAllowed(request) {
      response = try await Self.refusal(request, ledger: ledger, status: .misdirectedRequest) {
        $0.wrongHost
      }
    } else {
      do {
        response = try await next(request, context)
      } catch let error as HTTPError where error.status == .contentTooLarge {
        response = try await Self.refusal(request, ledger: ledger, status: .contentTooLarge) {
          $0.tooLarge
        }
      }
    }
    for (name, value) in Self.securityHeaders { response.headers[name] = value }
    return response
  }

  /// Whether the `Host` the browser used names this server on loopback: `127.0.0.1`,
  /// `localhost` or `[::1]` with the listening port (or none for port 80).
  private func hostIsAllowed(_ request: Request) -> Bool {
    guard let host = request.head.authority ?? request.headers[Self.hostField] else { return false }
    let port = listen.port
    var allowed = ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", listen.description]
    if port == 80 { allowed += ["localhost", "127.0.0.1", "[::1]", listen.host] }
    return allowed.contains(host.lowercased())
  }

  /// A small page saying why a request was refused, in the browser's language.
  static func refusal(
    _ request: Request, ledger: WebLedger, status: HTTPResponse.Status,
    _ message: @Sendable (WebText) -> String
  ) async throws -> Response {
    let web = WebRequest(request)
    let html = await MainActor.run {
      var cookies: [String] = []
      let language = ledger.language(of: web, cookies: &cookies)
      return Layout.message(message(WebText(language: language)), language: language)
    }
    return Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
  }
}

extension WebRequest {
  /// The parts of a Hummingbird request the pages read (not the body).
  init(_ request: Request) {
    path = request.uri.path
    query = FormBody(request.uri.query ?? "")
    cookies = RequestCookies(request.headers[values: .cookie])
    acceptLanguage = request.headers[.acceptLanguage]
  }
}
