import Foundation
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which connections a test's book closed.
final class ClosedConnections: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [String] = []

  /// A close that notes `name`.
  func close(_ name: String) -> @Sendable () -> Void {
    { [self] in
      lock.lock()
      names.append(name)
      lock.unlock()
    }
  }

  /// The names closed so far.
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return names
  }
}

@Suite("Connections: bounds and timeouts")
struct ConnectionTests {
  @Test("a client over its bound makes room by closing its own longest-idle connection")
  func perClientBound() throws {
    let closed = ClosedConnections()
    let book = ConnectionBook(limits: .init(total: 10, perClient: 3))
    let a1 = try #require(book.open(client: "a", close: closed.close("a1")))
    let a2 = try #require(book.open(client: "a", close: closed.close("a2")))
    _ = try #require(book.open(client: "a", close: closed.close("a3")))
    _ = try #require(book.open(client: "b", close: closed.close("b1")))
    book.update(a1, .busy)
    book.update(a2, .idle)  // touched: a3 is now the longest idle
    _ = try #require(book.open(client: "a", close: closed.close("a4")))
    #expect(closed.all == ["a3"])
    #expect(book.count == 4)
  }

  @Test("idle connections go first, then event streams; busy ones never, the new one instead")
  func evictionOrder() throws {
    let closed = ClosedConnections()
    let book = ConnectionBook(limits: .init(total: 3, perClient: 3))
    let one = try #require(book.open(client: "x", close: closed.close("one")))
    let two = try #require(book.open(client: "y", close: closed.close("two")))
    let three = try #require(book.open(client: "z", close: closed.close("three")))
    book.update(one, .streaming)
    book.update(two, .busy)
    _ = try #require(book.open(client: "w", close: closed.close("four")))
    #expect(closed.all == ["three"])
    _ = try #require(book.open(client: "v", close: closed.close("five")))
    #expect(closed.all == ["three", "four"])
    let six = try #require(book.open(client: "u", close: closed.close("six")))
    book.update(six, .busy)
    #expect(closed.all == ["three", "four", "five"])
    // No idle connection is left: the event stream makes room.
    let seven = try #require(book.open(client: "t", close: closed.close("seven")))
    book.update(seven, .busy)
    #expect(closed.all == ["three", "four", "five", "one"])
    // Now every connection answers a request: the newcomer is turned away, nobody is closed.
    #expect(book.open(client: "s", close: closed.close("eight")) == nil)
    #expect(closed.all == ["three", "four", "five", "one"])
    book.closed(two)
    #expect(book.open(client: "s", close: closed.close("eight")) != nil)
    #expect(book.count == 3)
    _ = three
  }

  @Test("the total stays a quarter of the descriptor limit below it (at least 64 kept)")
  func limits() {
    #expect(
      ConnectionBook.limits(total: 256, perClient: 32, descriptors: 1024)
        == .init(total: 256, perClient: 32))
    #expect(
      ConnectionBook.limits(total: 256, perClient: 32, descriptors: 256)
        == .init(total: 192, perClient: 32))
    #expect(
      ConnectionBook.limits(total: 256, perClient: 32, descriptors: 100)
        == .init(total: 36, perClient: 32))
    #expect(
      ConnectionBook.limits(total: 256, perClient: 32, descriptors: 20)
        == .init(total: 8, perClient: 8))
  }

  @Test("a connection that sends nothing, or its head too slowly, is closed; requests still work")
  func timeouts() async throws {
    var configuration = WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 0))
    configuration.idleTimeout = .milliseconds(800)
    configuration.requestTimeout = .milliseconds(800)
    let server = await WebServer(
      repository: InMemoryTransactionRepository([]), currency: .krw,
      clock: .fixed(at: Fixtures.day("2025-11-14")), configuration: configuration)
    try await server.application().test(.live) { client in
      let port = try #require(client.port)
      let silent = try #require(RawConnection(port: port))
      let slow = try #require(RawConnection(port: port))
      slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
      let body = try #require(RawConnection(port: port))
      body.send("POST /entries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nkind=")
      // Closed after 0.8 s on a quiet machine; the bound only tells closed from left open, with
      // room for a loaded machine's event loop.
      let started = ContinuousClock.now
      #expect(await offThePool { silent.waitForClose(within: .seconds(60)) })
      #expect(await offThePool { slow.waitForClose(within: .seconds(60)) })
      #expect(await offThePool { body.waitForClose(within: .seconds(60)) })
      #expect(ContinuousClock.now - started < .seconds(60))
      // A connection that asks in time is answered.
      let prompt = try #require(RawConnection(port: port))
      prompt.send("GET /month/2025-11 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
      // Answered at once on a quiet machine. The page is drawn on the main actor, which the
      // suite's terminal-layout tests beside it keep busy for minutes on a loaded machine, so the
      // bound only tells an answer from none (the request timeout ends at the request's end, not
      // its answer's).
      let line = await offThePool { prompt.firstLine(within: .seconds(300)) }
      #expect(line == "HTTP/1.1 200 OK")
    }
  }
}

/// A plain TCP connection to 127.0.0.1 for tests that need to send too little.
final class RawConnection: Sendable {
  let socket: Int32

  init?(port: Int) {
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      close(socket)
      return nil
    }
  }

  deinit { close(socket) }

  /// Sends `text`.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
  }

  /// The first line the server sends within `limit`, or `nil`.
  func firstLine(within limit: Duration) -> String? {
    let deadline = ContinuousClock.now + limit
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { return nil }
      guard poller.revents != 0 else { continue }
      let got = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      guard got > 0 else { return nil }
      received += buffer[..<got]
      if let end = received.firstIndex(of: 13) {
        return String(decoding: received[..<end], as: UTF8.self)
      }
    }
    return nil
  }

  /// Whether the server closes the connection (a read returns end of file or a reset) within
  /// `limit`, whatever it sends before.
  func waitForClose(within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { return false }
      guard poller.revents != 0 else { continue }
      let got = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if got <= 0 { return true }
    }
    return false
  }
}
