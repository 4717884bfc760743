import HTTPTypes
import Hummingbird

/// A response as a test reads it: the head, and the whole body once the handler has written it
/// (an event stream's body too, once the stream has ended).
package struct TestResponse: Sendable {
  /// The status line and header fields.
  package let head: HTTPResponse
  /// Every byte of the body.
  package let body: ByteBuffer

  /// A response of `head` and `body`.
  /// - Parameters:
  ///   - head: The status and header fields.
  ///   - body: The whole body.
  package init(head: HTTPResponse, body: ByteBuffer) {
    self.head = head
    self.body = body
  }

  /// The response's status.
  package var status: HTTPResponse.Status { head.status }
  /// The response's header fields.
  package var headers: HTTPFields { head.headerFields }
}

/// What a test sends its requests through: the application's responder in process (`.router`)
/// or a connection to the running server (`.live`).
package protocol TestClientProtocol: Sendable {
  /// Sends one request and waits for the whole response.
  /// - Parameters:
  ///   - uri: The path and query.
  ///   - method: The request method.
  ///   - headers: The header fields; `Content-Length` is set from `body`.
  ///   - body: The body, or `nil` for none.
  /// - Returns: The response with its whole body.
  /// - Throws: Whatever stopped the request from being sent or answered.
  func executeRequest(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
  ) async throws -> TestResponse

  /// The port of the server the client connects to, or `nil` in process.
  var port: Int? { get }
}

extension TestClientProtocol {
  /// Sends one request and hands its response to `check`.
  /// - Parameters:
  ///   - uri: The path and query.
  ///   - method: The request method.
  ///   - headers: The header fields; `Content-Length` is set from `body`.
  ///   - body: The body, or `nil` for none.
  ///   - check: What to do with the response; by default, return it.
  /// - Returns: What `check` returns.
  /// - Throws: Whatever stopped the request, or what `check` throws.
  @discardableResult
  package func execute<Value>(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:],
    body: ByteBuffer? = nil,
    _ check: (TestResponse) async throws -> Value = { $0 }
  ) async throws -> Value {
    try await check(executeRequest(uri: uri, method: method, headers: headers, body: body))
  }
}
