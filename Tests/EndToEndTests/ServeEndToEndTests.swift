import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("hannun serve, the built binary")
struct ServeEndToEndTests {
  @Test("serve on a free port answers / with the month page of an entry added by the CLI")
  func servesTheMonth() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", category: "카페", date: "2025-11-03")
      let (process, address) = try await Self.serve(sandbox)
      defer {
        process.terminate()
        process.waitUntilExit()
      }
      let url = try #require(URL(string: "\(address)month/2025-11?day=2025-11-03"))
      let (body, response) = try await URLSession.shared.data(from: url)
      let http = try #require(response as? HTTPURLResponse)
      #expect(http.statusCode == 200)
      #expect(http.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
      let page = String(decoding: body, as: UTF8.self)
      #expect(page.contains("<h1 id=\"title\">November 2025</h1>"))
      #expect(page.contains("<dd id=\"expense\" class=\"out\">₩4,500</dd>"))
      #expect(page.contains("<span class=\"category\">카페</span>"))
    }
  }

  @Test(
    "under ulimit -n 1024, 1,100 idle connections neither stall nor stop the server",
    .timeLimit(.minutes(1)))
  func idleConnections() async throws {
    try Self.allowDescriptors(2_400)
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", category: "카페", date: "2025-11-03")
      let (process, address) = try await Self.serve(sandbox, descriptors: 1024)
      defer {
        process.terminate()
        process.waitUntilExit()
      }
      let port = try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
      var idle: [Int32] = []
      defer { for socket in idle { close(socket) } }
      for _ in 0..<1_100 {
        idle.append(try #require(Self.connect(port: port)))
      }
      // A real request is answered at once, twice, while those stay open and silent.
      for _ in 0..<2 {
        let started = ContinuousClock.now
        var request = URLRequest(url: try #require(URL(string: "\(address)month/2025-11")))
        request.timeoutInterval = 10
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(ContinuousClock.now - started < .seconds(3))
      }
      for socket in idle { close(socket) }
      idle = []
      try await Task.sleep(for: .seconds(1))
      #expect(process.isRunning, "the server stopped: \(process.terminationReason)")
      let (_, after) = try await URLSession.shared.data(
        from: try #require(URL(string: "\(address)month/2025-11")))
      #expect((after as? HTTPURLResponse)?.statusCode == 200)
    }
  }

  /// Starts `hannun serve` on a free loopback port (under `ulimit -n descriptors` when given)
  /// and reads the address it prints: `http://127.0.0.1:PORT/`.
  static func serve(_ sandbox: Sandbox, descriptors: Int? = nil) async throws -> (Process, String) {
    let process = Process()
    let binary = try HannunBinary.url().path
    let arguments = ["serve", "--listen", "127.0.0.1:0", "--data", sandbox.dataPath]
    if let descriptors {
      // Soft and hard, as a shell's `ulimit -n` sets them; `exec` keeps the pid.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", binary] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
    }
    process.environment = sandbox.baseEnvironment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line names the address, with the port the system chose; it is read without
    // holding a thread of the test's pool.
    let line = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
      let printed = PrintedText()
      output.fileHandleForReading.readabilityHandler = { handle in
        let chunk = handle.availableData
        if let text = printed.append(chunk), text.contains("/ (Ctrl-C") || chunk.isEmpty {
          handle.readabilityHandler = nil
          done.resume(returning: text)
        }
      }
    }
    guard
      let address = line.split(separator: " ").first(where: {
        $0.hasPrefix("http://127.0.0.1:")
      })
    else {
      process.terminate()
      process.waitUntilExit()
      throw ServeFailure(output: line)
    }
    return (process, String(address))
  }

  /// Raises this test process's soft descriptor limit to at least `count` (within the hard one).
  static func allowDescriptors(_ count: Int) throws {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { throw ServeFailure(output: "getrlimit") }
    guard limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    guard setrlimit(resource, &limit) == 0, limit.rlim_cur >= rlim_t(count) else {
      throw ServeFailure(output: "cannot allow \(count) descriptors (ulimit -Hn)")
    }
  }

  /// A TCP connection to 127.0.0.1:`port` that sends nothing, or `nil` when it cannot be made.
  static func connect(port: UInt16) -> Int32? {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #else
          Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #endif
      }
    }
    guard status == 0 else {
      close(socket)
      return nil
    }
    return socket
  }
}

/// `hannun serve` did not print its address.
struct ServeFailure: Error, CustomStringConvertible {
  let output: String
  var description: String { "hannun serve did not start: \(output)" }
}

/// What a process printed so far, gathered from a pipe's handler; hands the text back once.
private final class PrintedText: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false

  /// Adds a chunk; the text so far, or `nil` once it was handed back.
  func append(_ chunk: Data) -> String? {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return nil }
    data += chunk
    let text = String(decoding: data, as: UTF8.self)
    if text.contains("/ (Ctrl-C") || chunk.isEmpty { finished = true }
    return text
  }
}
