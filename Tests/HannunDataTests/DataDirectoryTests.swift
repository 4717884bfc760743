import Foundation
import HannunData
import Testing

@Suite("Data directory resolution")
struct DataDirectoryTests {
  private let home = "/home/jimin"
  private let everything = [
    "HANNUN_DATA": "/env/hannun", "XDG_DATA_HOME": "/xdg",
  ]

  private func resolve(_ explicit: String?, _ environment: [String: String]) -> URL {
    DataDirectory.resolve(
      explicit: explicit, environment: environment, homeDirectory: home,
      currentDirectory: "/work/here")
  }

  private func directory(_ path: String) -> URL {
    URL(fileURLWithPath: path, isDirectory: true)
  }

  @Test("--data wins over every environment variable")
  func explicitWins() {
    #expect(resolve("/data/ledger", everything) == directory("/data/ledger"))
  }

  @Test("HANNUN_DATA comes next, then XDG_DATA_HOME/hannun, then ~/.local/share/hannun")
  func precedence() {
    #expect(resolve(nil, everything) == directory("/env/hannun"))
    #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg"]) == directory("/xdg/hannun"))
    #expect(resolve(nil, [:]) == directory("/home/jimin/.local/share/hannun"))
  }

  @Test("empty values count as unset")
  func emptyIsUnset() {
    #expect(resolve("", everything) == directory("/env/hannun"))
    #expect(resolve(nil, ["HANNUN_DATA": "", "XDG_DATA_HOME": "/xdg"]) == directory("/xdg/hannun"))
    #expect(
      resolve(nil, ["HANNUN_DATA": "", "XDG_DATA_HOME": ""])
        == directory("/home/jimin/.local/share/hannun"))
  }

  @Test("a relative --data is resolved against the current directory, ~ against home")
  func relativePaths() {
    #expect(resolve("books", [:]) == directory("/work/here/books"))
    #expect(resolve("../books", [:]) == directory("/work/books"))
    #expect(resolve("~/books", [:]) == directory("/home/jimin/books"))
    #expect(resolve(nil, ["HANNUN_DATA": "rel"]) == directory("/work/here/rel"))
  }

  @Test("a relative XDG_DATA_HOME is ignored, as the XDG specification says")
  func relativeXDGIgnored() {
    #expect(resolve(nil, ["XDG_DATA_HOME": "xdg"]) == directory("/home/jimin/.local/share/hannun"))
  }
}
