import Foundation
import HannunTestSupport
import HannunWeb
import Testing

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
