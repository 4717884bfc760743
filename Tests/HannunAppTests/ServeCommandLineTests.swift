import Foundation
import HannunPresentation
import HannunTestSupport
import HannunWeb
import NIOCore
import Testing

@testable import HannunApp
@testable import HannunServe

@MainActor
@Suite("hannun serve's command line, in process")
struct ServeCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-serve-tests") }

  @Test("a bad --listen exits 2 with one line in the user's language")
  func badListen() async {
    let korean = await hannun(["serve", "--listen", "8080", "--locale", "ko"], data: data)
    #expect(korean.status == 2, "\(korean)")
    #expect(korean.err.hasPrefix("hannun: --listen '8080'은(는) 주소가 아닙니다"), "\(korean)")
    let english = await hannun(["serve", "--listen", "host:99999", "--locale", "en"], data: data)
    #expect(english.status == 2, "\(english)")
    #expect(english.err.hasPrefix("hannun: --listen 'host:99999' is not an address"), "\(english)")
    #expect(!folder.contains("data/ledger"), "nothing was written")
  }

  @Test("a port another program listens on is named, with another to give, in both languages")
  func portInUse() async throws {
    // A listening socket on a port the system chose, held for the test.
    let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(holder >= 0)
    defer { close(holder) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, size) }
    }
    #expect(bound == 0 && listen(holder, 1) == 0)
    var length = size
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(holder, $0, &length) }
    }
    let port = Int(UInt16(bigEndian: address.sin_port))
    let listen = "127.0.0.1:\(port)"
    let english = await hannun(["serve", "--listen", listen, "--locale", "en"], data: data)
    #expect(english.status == 1, "\(english)")
    #expect(
      english.err.hasPrefix("hannun: cannot listen on \(listen): another program"), "\(english)")
    #expect(english.err.contains("--listen 127.0.0.1:\(port + 1)"), "\(english)")
    #expect(!english.err.contains("errno") && !english.err.contains("bind("), "\(english)")
    let korean = await hannun(["serve", "--listen", listen, "--locale", "ko"], data: data)
    #expect(korean.status == 1, "\(korean)")
    #expect(korean.err.hasPrefix("hannun: \(listen)에서 서버를 열 수 없습니다"), "\(korean)")
  }

  @Test(
    "each reason the system gives for not listening is told apart, with an address to give",
    arguments: [
      (IOError(errnoCode: EADDRINUSE, reason: "bind"), ListenProblem.inUse, "127.0.0.1:8081"),
      (IOError(errnoCode: EACCES, reason: "bind"), .notPermitted, "127.0.0.1:8080"),
      (IOError(errnoCode: EADDRNOTAVAIL, reason: "bind"), .notThisMachine, "0.0.0.0:8080"),
    ] as [(any Error, ListenProblem, String)])
  func listenProblems(error: any Error, problem: ListenProblem, instead: String) {
    let address = ListenAddress(host: "127.0.0.1", port: 8080)
    let failure = WebServeProblem.listening(at: address, failedWith: error)
    #expect(failure == .cannotListen(address, problem, instead: instead))
    #expect(WebServeProblem.listening(at: address, failedWith: CancellationError()) == nil)
  }

  @Test("a host name no one has is named as such (.invalid never resolves)")
  func unknownHost() async {
    let run = await hannun(
      ["serve", "--listen", "no-such-host.invalid:8080", "--locale", "en"], data: data)
    #expect(run.status == 1, "\(run)")
    #expect(
      run.err
        == "hannun: cannot listen on no-such-host.invalid:8080: no host has that name; give an "
        + "address, for example --listen 127.0.0.1:8080\n", "\(run)")
  }

  @Test("off loopback, a token file that cannot be read exits 2 before listening")
  func missingTokenFile() async {
    let missing = folder.appending("no-such-token").path(percentEncoded: false)
    let run = await hannun(
      ["serve", "--listen", "0.0.0.0:0", "--token-file", missing, "--locale", "en"], data: data)
    #expect(run.status == 2, "\(run)")
    #expect(run.err.hasPrefix("hannun: cannot read the token file \(missing)"), "\(run)")
  }

  @Test("the token is made on first use, 64 hex digits in a file only its owner reads")
  func tokenFile() throws {
    let path = folder.url.path(percentEncoded: false) + "/state/hannun/serve-token"
    let (token, made) = try ServeTokenProbe.readOrCreate(path)
    #expect(made)
    #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let again = try ServeTokenProbe.readOrCreate(path)
    #expect(again.0 == token && !again.1)
  }
}

/// ``ServeToken`` with untyped throws, for `try` in tests.
enum ServeTokenProbe {
  static func readOrCreate(_ path: String) throws -> (String, Bool) {
    try ServeToken.readOrCreate(at: path)
  }
}

@MainActor
@Suite("Pairing a phone from the terminal: the QR code and the devices")
struct PairingCommandLineTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder(prefix: "hannun-pairing-tests") }

  static let token = "6f1c0e9a2b7d4c8e5f3a1b9d7e2c4a6f8b0d2e4f6a8c0b1d3e5f7a9c2b4d6e8f"

  @Test("the QR code is libqrencode's, drawn square with a quiet zone and its finder patterns")
  func qrCode() throws {
    let lines = try #require(
      TerminalQR.lines("http://192.168.0.5:8080/pair?code=ABCDEFGH", colors: false))
    let width = lines[0].count
    // Version 3 at level M holds this address: 29 modules and 2 of quiet zone each side.
    #expect(width == 33)
    #expect(lines.count == (width + 1) / 2)
    #expect(lines.allSatisfy { $0.count == width })
    #expect(lines[0].allSatisfy { $0 == " " })
    // Rows 0 and 1 of the top-left and top-right finders: a full row over its two sides.
    #expect(lines[1].hasPrefix("  █▀▀▀▀▀█"))
    #expect(lines[1].hasSuffix("█▀▀▀▀▀█  "))
    let colored = try #require(TerminalQR.lines("x", colors: true))
    #expect(colored.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
  }

  @Test(
    "--devices lists the signed-in devices; --revoke signs one out; an unknown id changes nothing")
  func devices() async throws {
    let tokenFile = folder.url.appending(path: "serve-token").path(percentEncoded: false)
    #expect(
      FileManager.default.createFile(
        atPath: tokenFile, contents: Data((Self.token + "\n").utf8),
        attributes: [.posixPermissions: 0o600]))
    let one = String(repeating: "1", count: 64)
    let two = String(repeating: "2", count: 64)
    let csrf = String(repeating: "c", count: 64)
    let file =
      "hannun-sessions 2\n\(Self.token)\n"
      + "\(one) \(csrf) 4102444800 1764115200 %EC%A7%80%EC%88%98%20%ED%8F%B0\n"
      + "\(two) \(csrf) 4102444800 1764115200 -\n"
    #expect(
      FileManager.default.createFile(
        atPath: tokenFile + ".sessions", contents: Data(file.utf8),
        attributes: [.posixPermissions: 0o600]))
    let listed = await hannun(
      ["serve", "--devices", "--token-file", tokenFile, "--locale", "en"], data: nil)
    #expect(listed.status == 0, "\(listed)")
    let lines = listed.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(listed)")
    #expect(lines[0].hasSuffix("  지수 폰  since 2025-11-26, until 2100-01-01"), "\(listed)")
    #expect(lines[1].hasSuffix("  no name  since 2025-11-26, until 2100-01-01"), "\(listed)")
    let id = String(lines[0].prefix(8))

    let unknown = await hannun(
      ["serve", "--devices", "--revoke", "ffffffff", "--token-file", tokenFile, "--locale", "en"],
      data: nil)
    #expect(unknown.status != 0)
    #expect(unknown.err.contains("--revoke ffffffff: no device has that id"), "\(unknown)")
    #expect(PairedDevices(tokenFile: tokenFile, token: Self.token).list().count == 2)

    let revoked = await hannun(
      ["serve", "--devices", "--revoke", id, "--token-file", tokenFile, "--locale", "ko"],
      data: nil)
    #expect(revoked.status == 0, "\(revoked)")
    #expect(revoked.out.hasPrefix("\(id) (지수 폰) 기기의 연결을 끊었습니다"), "\(revoked)")
    #expect(PairedDevices(tokenFile: tokenFile, token: Self.token).list().map(\.name) == [""])
  }

  @Test("on every address the phone is told the machine's own addresses, not 0.0.0.0")
  func addresses() {
    let interfaces = ["127.0.0.1", "192.168.0.5", "10.8.0.2", "::1", "fe80::1%eth0", "2001:db8::5"]
    let any = ListenAddress(host: "0.0.0.0", port: 8080)
    #expect(
      any.reachable(port: 8080, interfaces: interfaces).map(\.description)
        == ["192.168.0.5:8080", "10.8.0.2:8080"])
    let six = ListenAddress(host: "::", port: 8080)
    #expect(
      six.reachable(port: 9000, interfaces: interfaces).map(\.description)
        == ["192.168.0.5:9000", "10.8.0.2:9000", "[2001:db8::5]:9000"])
    #expect(any.reachable(port: 1, interfaces: ["127.0.0.1"]).map(\.description) == ["127.0.0.1:1"])
    let named = ListenAddress(host: "192.168.0.7", port: 80)
    #expect(
      named.reachable(port: 80, interfaces: interfaces).map(\.description) == ["192.168.0.7:80"])
    #expect(!ListenAddress.interfaceAddresses().isEmpty)
  }
}
