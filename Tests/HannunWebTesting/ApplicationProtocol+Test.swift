import Hummingbird
import ServiceLifecycle

/// How `test` reaches the application.
package enum TestingSetup: Sendable {
  /// Each request straight through the application's responder, in process: no socket, no
  /// HTTP parser, the authority `localhost` and no client address.
  case router
  /// The application served on 127.0.0.1 at a free port, each request over its own HTTP/1.1
  /// connection; the client's `port` is the port.
  case live
}

extension ApplicationProtocol {
  /// Runs `test` with a client of this application, reached as `setup` says; stops whatever it
  /// started (the application's services, the live server) when `test` returns or throws.
  /// - Parameters:
  ///   - setup: In process (`.router`) or over a socket (`.live`).
  ///   - test: The test, given the client.
  /// - Returns: What `test` returns.
  /// - Throws: What `test` throws, or why the application could not be started.
  package func test<Value>(
    _ setup: TestingSetup, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    switch setup {
    case .router: try await InProcessClient.run(self, test)
    case .live: try await LiveClient.run(self, test)
    }
  }
}

extension ServiceGroup {
  /// Runs `body` while the group runs, then asks the group to shut down, whether `body` returned
  /// or threw.
  nonisolated func shuttingDown<Value>(_ body: () async throws -> Value) async throws -> Value {
    do {
      let value = try await body()
      await triggerGracefulShutdown()
      return value
    } catch {
      await triggerGracefulShutdown()
      throw error
    }
  }
}
