import HTTPTypes
import Hummingbird
import Logging
import NIOEmbedded
import ServiceLifecycle

/// A client that hands each request to an application's responder in process and collects the
/// response it writes, as the server would write it to a socket.
struct InProcessClient<Responder: HTTPResponder>: TestClientProtocol
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
  let responder: Responder
  let logger: Logger

  var port: Int? { nil }

  /// Runs `test` with a client of `application`'s responder, the application's own services
  /// running beside it (as `run()` would run them) and its before-start processes done first.
  static func run<App: ApplicationProtocol, Value>(
    _ application: App, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value where App.Responder == Responder {
    let client = try await InProcessClient(
      responder: application.responder, logger: application.logger)
    let services = application.services
    guard !services.isEmpty else {
      for process in application.processesRunBeforeServerStart { try await process() }
      return try await test(client)
    }
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let group = ServiceGroup(
      configuration: .init(
        services: services + [StartedSignal(start: start)], logger: application.logger))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask {
        // A group that fails to start ends the wait for it.
        defer { start.finish() }
        try await group.run()
      }
      return try await group.shuttingDown {
        for process in application.processesRunBeforeServerStart { try await process() }
        // A shutdown asked for before the group runs would never reach its services.
        for await _ in started {}
        return try await test(client)
      }
    }
  }

  func executeRequest(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
  ) async throws -> TestResponse {
    var headers = headers
    if let body { headers[.contentLength] = String(body.readableBytes) }
    let request = Request(
      head: HTTPRequest(
        method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
      body: RequestBody(buffer: body ?? ByteBuffer()))
    let context = Responder.Context(
      source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
    let response: Response
    do {
      response = try await responder.respond(to: request, context: context)
    } catch {
      // What the server answers to an error the responder did not turn into a response.
      response = Response(status: .internalServerError)
    }
    let collected = CollectedBody()
    try await response.body.write(collected)
    return TestResponse(head: response.head, body: collected.buffer)
  }
}

/// A response body written into one buffer, to the end of the body (an event stream's end).
private final class CollectedBody: ResponseBodyWriter {
  var buffer = ByteBuffer()

  func write(_ buffer: ByteBuffer) async throws {
    self.buffer.writeImmutableBuffer(buffer)
  }

  func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// A service that says, by ending its stream, that the service group has started running.
private struct StartedSignal: Service {
  let start: AsyncStream<Void>.Continuation

  func run() async throws {
    start.finish()
    try? await gracefulShutdown()
  }
}
