import Foundation
import HTTPTypes
import Hummingbird

/// Stands in front of every route: refuses a `Host` that is not the loopback address the server
/// listens on (DNS rebinding), refuses a write sent from another site, and adds the security
/// headers to every answer.
struct WebGuard: RouterMiddleware {
  typealias Context = WebContext
  let listen: ListenAddress
  /// The port the server is bound to: the one asked for, or the system's choice for port 0.
  let boundPort: BoundPort
  let requiresSignIn: Bool
  let ledger: WebLedger

  /// `Host`, which HTTP/1 requests carry and HTTPTypes keeps as the authority.
  static let hostField = HTTPField.Name("Host")!
  /// `Sec-Fetch-Site`: where a browser says a request comes from.
  static let fetchSiteField = HTTPField.Name("Sec-Fetch-Site")!

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
    } else if !Self.isSameOrigin(request) {
      response = try await Self.refusal(request, ledger: ledger, status: .forbidden) {
        $0.crossSite
      }
    } else {
      do {
        response = try await next(request, context)
      } catch let error as HTTPError where error.status == .contentTooLarge {
        response = try await Self.refusal(request, ledger: ledger, status: .contentTooLarge) {
          $0.tooLarge
        }
      } catch let error as HTTPError where error.status == .notFound {
        // No route: a page in the browser's language, with the headers below like any other.
        response = try await Self.refusal(request, ledger: ledger, status: .notFound) {
          $0.notFound
        }
      }
    }
    for (name, value) in Self.securityHeaders { response.headers[name] = value }
    return response
  }

  /// Whether the `Host` the browser used names this server on loopback: `127.0.0.1`,
  /// `localhost` or `[::1]` with the listening port (or none for port 80).
  private func hostIsAllowed(_ request: Request) -> Bool {
    // HTTP/1's `Host` becomes the authority; any `Host` field left must agree with it.
    let hosts = [request.head.authority].compactMap { $0 } + request.headers[values: Self.hostField]
    guard !hosts.isEmpty else { return false }
    let port = boundPort.value ?? listen.port
    let bound = ListenAddress(host: listen.host, port: port)
    var allowed = ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", bound.description]
    if port == 80 { allowed += ["localhost", "127.0.0.1", "[::1]", listen.host] }
    return hosts.allSatisfy { allowed.contains($0.lowercased()) }
  }

  /// Whether a request may change something, as browsers tell: every `GET` and `HEAD` may (they
  /// change nothing); a write may when `Sec-Fetch-Site` is `same-origin` or `none` (typed or
  /// bookmarked), or, without that header, when `Origin` is absent (not a browser, or one too old
  /// to send it) or names this server's own `Host`. Any other site — another port of the same
  /// host included — is refused, whatever cookies and tokens its request carries.
  static func isSameOrigin(_ request: Request) -> Bool {
    guard request.method != .get, request.method != .head else { return true }
    if let site = request.headers[fetchSiteField]?.lowercased() {
      return site == "same-origin" || site == "none"
    }
    guard let origin = request.headers[.origin] else { return true }
    guard let host = request.head.authority ?? request.headers[hostField],
      let separator = origin.range(of: "://")
    else { return false }
    return origin[separator.upperBound...].lowercased() == host.lowercased()
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

/// The port a server listens on once it is bound, shared by the guard and the server's start.
final class BoundPort: @unchecked Sendable {
  private let lock = NSLock()
  private var port: Int?

  /// The bound port, or `nil` before the server listens.
  var value: Int? {
    lock.lock()
    defer { lock.unlock() }
    return port
  }

  /// Notes the bound port.
  func set(_ value: Int) {
    lock.lock()
    port = value
    lock.unlock()
  }
}
