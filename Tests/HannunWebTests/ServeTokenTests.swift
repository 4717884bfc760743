import Foundation
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunWeb

@Suite("The sign-in token file")
struct ServeTokenTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-token-tests") }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String { folder.url.path(percentEncoded: false) + "/" + name }

  /// Writes `text` to `name` in the folder with permissions `mode`; its path.
  func file(_ name: String, _ text: String, mode: Int) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  /// ``ServeToken/read(from:)`` as a result, for `#expect`.
  func read(_ path: String) -> Result<String, WebServeProblem> {
    Result { () throws(WebServeProblem) in try ServeToken.read(from: path) }
  }

  @Test("a private file with 32 or more random hex digits is read")
  func goodToken() throws {
    let token = Secret.random()
    let path = try file("token", token + "\n", mode: 0o600)
    #expect(read(path) == .success(token))
    let short = String(Secret.random().prefix(32))
    #expect(read(try file("short-hex", short, mode: 0o400)) == .success(short))
  }

  @Test("a token file others may read or change is refused, naming it and chmod 600")
  func notPrivate() throws {
    let token = Secret.random()
    for mode in [0o644, 0o604, 0o640, 0o620, 0o666] {
      let path = try file("token-\(mode)", token, mode: mode)
      #expect(read(path) == .failure(.tokenFileNotPrivate(path: path, mode: mode)))
    }
    let path = try file("open", token, mode: 0o644)
    let english = WebServeProblem.tokenFileNotPrivate(path: path, mode: 0o644)
      .text(in: DisplayLanguage.english.messages)
    #expect(english.contains(path) && english.contains("mode 0644"))
    #expect(english.contains("chmod 600 \(path)"))
    let korean = WebServeProblem.tokenFileNotPrivate(path: path, mode: 0o644)
      .text(in: DisplayLanguage.korean.messages)
    #expect(korean.contains(path) && korean.contains("chmod 600 \(path)"))
  }

  @Test("a token of fewer than 128 bits is refused, naming the rule")
  func weakTokens() throws {
    for (text, bits) in [
      ("4821", 13), (String(repeating: "a", count: 40), 0),
      (String(Secret.random().prefix(31)), 124), ("correct-horse-battery", 123),
    ] {
      let path = try file("weak", text, mode: 0o600)
      #expect(read(path) == .failure(.weakToken(path: path, bits: bits)), "\(text)")
    }
    let message = WebServeProblem.weakToken(path: "/t", bits: 13)
      .text(in: DisplayLanguage.english.messages)
    #expect(message.contains("/t") && message.contains("13 bits"))
    #expect(message.contains("at least 128"))
    #expect(
      WebServeProblem.weakToken(path: "/t", bits: 13).text(in: DisplayLanguage.korean.messages)
        .contains("128비트"))
    // 22 characters of letters and digits are about 130 bits.
    #expect(ServeToken.strength(of: "Zq3xT9wLm2Rb7Kd4Hs8NvY") >= 128)
  }

  @Test("a folder or a FIFO is not read as a token file, and does not hang")
  func notAFile() throws {
    let fifo = path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    guard case .failure(.unreadableTokenFile(let path, _)) = read(fifo) else {
      Issue.record("a FIFO was read")
      return
    }
    #expect(path == fifo)
    let directory = folder.url.path(percentEncoded: false)
    guard case .failure(.unreadableTokenFile) = read(directory) else {
      Issue.record("a folder was read")
      return
    }
  }

  @Test("the token made on first use passes every rule when read again")
  func madeToken() throws {
    let path = path("state/hannun/serve-token")
    let (token, made) = try ServeTokenProbe.readOrCreate(path)
    #expect(made)
    #expect(read(path) == .success(token))
  }
}

/// ``ServeToken`` with untyped throws, for `try` in tests.
enum ServeTokenProbe {
  static func readOrCreate(_ path: String) throws -> (String, Bool) {
    try ServeToken.readOrCreate(at: path)
  }
}
