import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// A client of an application served on 127.0.0.1: each request over a new HTTP/1.1 connection,
/// closed once its response has ended.
struct LiveClient: TestClientProtocol {
  let serverPort: Int

  var port: Int? { serverPort }

  /// Serves `application` on 127.0.0.1 at a port the system picks, runs `test` with a client of
  /// it, then shuts the server down.
  static func run<App: ApplicationProtocol, Value>(
    _ application: App, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
    let served = OnLoopback(base: application, portFound: portFound)
    let group = ServiceGroup(
      configuration: .init(services: [served], logger: application.logger))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask {
        // A server that fails to start ends the wait for its port.
        defer { portFound.finish() }
        try await group.run()
      }
      guard let port = await ports.first(where: { _ in true }) else {
        try await tasks.waitForAll()
        throw LiveServerError.notStarted
      }
      return try await group.shuttingDown { try await test(LiveClient(serverPort: port)) }
    }
  }

  func executeRequest(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
  ) async throws -> TestResponse {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: serverPort) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
    var head = HTTPRequestHead(
      version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
    head.headers.add(name: "Host", value: "127.0.0.1:\(serverPort)")
    for field in headers {
      head.headers.replaceOrAdd(name: field.name.canonicalName, value: field.value)
    }
    if let body {
      head.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
    }
    head.headers.replaceOrAdd(name: "Connection", value: "close")
    return try await channel.executeThenClose { inbound, outbound in
      try await outbound.write(.head(head))
      if let body { try await outbound.write(.body(.byteBuffer(body))) }
      try await outbound.write(.end(nil))
      var status: HTTPResponse.Status?
      var fields = HTTPFields()
      var received = ByteBuffer()
      for try await part in inbound {
        switch part {
        case .head(let responseHead):
          status = HTTPResponse.Status(
            code: Int(responseHead.status.code), reasonPhrase: responseHead.status.reasonPhrase)
          for (name, value) in responseHead.headers {
            if let name = HTTPField.Name(name) {
              fields.append(HTTPField(name: name, value: value))
            }
          }
        case .body(var chunk):
          received.writeBuffer(&chunk)
        case .end:
          guard let status else { throw LiveServerError.noResponse }
          return TestResponse(
            head: HTTPResponse(status: status, headerFields: fields), body: received)
        }
      }
      throw LiveServerError.noResponse
    }
  }
}

/// Why a live test could not run.
enum LiveServerError: Error {
  /// The server stopped before it listened.
  case notStarted
  /// The connection closed before a whole response came.
  case noResponse
}

/// `base` as it is served for a live test: on 127.0.0.1 at a port the system picks, which it
/// tells once it listens.
private struct OnLoopback<Base: ApplicationProtocol>: ApplicationProtocol {
  typealias Responder = Base.Responder

  let base: Base
  let portFound: AsyncStream<Int>.Continuation

  var responder: Responder { get async throws { try await base.responder } }
  var server: HTTPServerBuilder { base.server }
  var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
  var logger: Logger { base.logger }
  var services: [any Service] { base.services }
  var processesRunBeforeServerStart: [@Sendable () async throws -> Void] {
    base.processesRunBeforeServerStart
  }

  var configuration: ApplicationConfiguration {
    var configuration = base.configuration
    configuration.address = .hostname("127.0.0.1", port: 0)
    return configuration
  }

  @Sendable func onServerRunning(_ channel: any Channel) async {
    await base.onServerRunning(channel)
    if let port = channel.localAddress?.port { portFound.yield(port) }
    portFound.finish()
  }
}
