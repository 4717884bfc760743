import Foundation
import HTTPTypes
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Hummingbird

@testable import HannunWeb

/// A server over a ledger in memory on a stopped clock (2025-11-14), listening on loopback port
/// 80 as far as the `Host` check knows (the router tests' authority is `localhost`).
struct WebHarness {
  let repository: InMemoryTransactionRepository
  let server: WebServer
  static let today = Fixtures.day("2025-11-14")

  @MainActor
  init(
    _ entries: [Transaction] = [],
    listen: ListenAddress = ListenAddress(host: "127.0.0.1", port: 80),
    token: String? = nil, eventLimit: Int? = nil, bodyLimit: Int = 16 * 1024,
    now: (@Sendable () -> ContinuousClock.Instant)? = nil, sessionFile: String? = nil
  ) async {
    repository = InMemoryTransactionRepository(entries)
    var configuration = WebServer.Configuration(
      listen: listen, token: token, bodyLimit: bodyLimit, language: .english)
    configuration.eventLimit = eventLimit
    configuration.sessionFile = sessionFile
    if let now { configuration.now = now }
    server = await WebServer(
      repository: repository, currency: .krw, clock: .fixed(at: Self.today),
      makeID: Fixtures.sequentialIDs(prefix: "w"), configuration: configuration)
  }

  /// Runs `body` with a client of the server's routes, in process.
  @discardableResult
  func test<Value: Sendable>(
    _ body: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    try await server.application().test(.router, body)
  }
}

extension WebServer {
  /// A server over a store, composed as `hannun serve` composes it: from a `LedgerSession` on
  /// the store (its calendar not started; each device gets its own from it).
  @MainActor
  init(
    repository: some LedgerStore, currency: Currency, clock: LedgerClock,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random,
    configuration: Configuration
  ) async {
    let session = await LedgerSession(
      repository: repository, currency: currency, clock: clock, makeID: makeID,
      startsCalendar: false, changeInterval: .milliseconds(20))
    self.init(session: session, configuration: configuration)
  }
}

/// A browser's cookie jar, enough for the tests: the cookies the server set, sent back, and the
/// CSRF token of the last page's forms.
struct Browser: Sendable {
  var cookies: [String: String] = [:]
  var language: String?
  /// The `csrf` field of the last page that had one: what its forms send.
  var formToken: String?

  /// Keeps the cookies a response sets, and the token its forms carry.
  mutating func keep(_ response: TestResponse) {
    for header in response.headers[values: .setCookie] {
      let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
    }
    if let token = response.text.inputValue("csrf") { formToken = token }
  }

  var headers: HTTPFields {
    var fields = HTTPFields()
    if !cookies.isEmpty {
      fields[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
    }
    if let language { fields[.acceptLanguage] = language }
    return fields
  }

  /// `GET`, keeping cookies.
  mutating func get(_ client: any TestClientProtocol, _ uri: String) async throws -> TestResponse {
    let response = try await client.execute(uri: uri, method: .get, headers: headers)
    keep(response)
    return response
  }

  /// `POST` of a form; the last page's CSRF token is added unless `csrf` says otherwise, and
  /// `extra` headers (`Origin`, `Sec-Fetch-Site`) are sent with the browser's own.
  mutating func post(
    _ client: any TestClientProtocol, _ uri: String, _ fields: [String: String],
    csrf: String? = nil, extra: HTTPFields = [:]
  ) async throws -> TestResponse {
    var fields = fields
    if fields["csrf"] == nil { fields["csrf"] = csrf ?? formToken ?? "" }
    var headers = headers
    headers.append(contentsOf: extra)
    headers[.contentType] = "application/x-www-form-urlencoded"
    let response = try await client.execute(
      uri: uri, method: .post, headers: headers,
      body: ByteBuffer(string: Self.encode(fields)))
    keep(response)
    return response
  }

  static func encode(_ fields: [String: String]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.sorted { $0.key < $1.key }.map { key, value in
      "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }
}

extension String {
  /// Whether the page has `fragment` exactly.
  func has(_ fragment: String) -> Bool { contains(fragment) }

  /// The `value` of the `name` hidden field or input in the page, or `nil`.
  func inputValue(_ name: String) -> String? {
    guard let range = range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = self[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// The text of the first `.error` element, or `nil`.
  var errorText: String? {
    guard let range = range(of: "class=\"error\" role=\"alert\">") else { return nil }
    let rest = self[range.upperBound...]
    return rest.firstIndex(of: "<").map { String(rest[..<$0]) }
  }
}

/// `DisplayLanguage.preferred(acceptLanguage:)` as a language code.
enum DisplayLanguageProbe {
  static func preferred(_ header: String) -> String? {
    DisplayLanguage.preferred(acceptLanguage: header)?.rawValue
  }
}
