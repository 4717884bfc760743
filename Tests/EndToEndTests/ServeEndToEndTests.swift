import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("hannun serve, the built binary")
struct ServeEndToEndTests {
  @Test("serve on a free port answers / with the month page of an entry added by the CLI")
  func servesTheMonth() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", category: "카페", date: "2025-11-03")
      let process = Process()
      process.executableURL = try HannunBinary.url()
      process.arguments = ["serve", "--listen", "127.0.0.1:0", "--data", sandbox.dataPath]
      process.environment = sandbox.baseEnvironment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer {
        process.terminate()
        process.waitUntilExit()
      }
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
      let address = try #require(
        line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }, "\(line)")
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
