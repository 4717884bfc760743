import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import Testing

@Suite("Session options read the environment as hannun does")
struct LedgerSessionOptionsTests {
  func options(
    _ environment: [String: String], dataPath: String? = nil, locale: String? = nil
  ) -> LedgerSession.Options {
    LedgerSession.Options(
      dataPath: dataPath, localeIdentifier: locale, environment: environment,
      currentDirectory: "/work/here")
  }

  @Test(
    "the data directory: the path given, HANNUN_DATA, XDG_DATA_HOME/hannun, HOME/.local/share",
    arguments: [
      (nil, ["HOME": "/home/kim"], "/home/kim/.local/share/hannun"),
      (nil, ["HOME": "/home/kim", "XDG_DATA_HOME": "/xdg"], "/xdg/hannun"),
      (nil, ["HOME": "/home/kim", "XDG_DATA_HOME": "relative"], "/home/kim/.local/share/hannun"),
      (nil, ["HOME": "/home/kim", "XDG_DATA_HOME": ""], "/home/kim/.local/share/hannun"),
      (
        nil, ["HOME": "/home/kim", "XDG_DATA_HOME": "/xdg", "HANNUN_DATA": "~/books"],
        "/home/kim/books"
      ),
      (nil, ["HANNUN_DATA": "books"], "/work/here/books"),
      ("~/ledger", ["HOME": "/home/kim", "HANNUN_DATA": "/elsewhere"], "/home/kim/ledger"),
      ("data", ["HOME": "/home/kim"], "/work/here/data"),
      ("/abs/../abs/data", [:], "/abs/data"),
    ] as [(String?, [String: String], String)])
  func dataDirectory(dataPath: String?, environment: [String: String], expected: String) {
    #expect(options(environment, dataPath: dataPath).resolvedDataDirectory.path == expected)
  }

  @Test("HOME counts only when it is an absolute path")
  func home() {
    #expect(options(["HOME": "/home/lee"]).homeDirectory == "/home/lee")
    #expect(options(["HOME": "home/lee"]).homeDirectory == NSHomeDirectory())
    #expect(options([:]).homeDirectory == NSHomeDirectory())
  }

  @Test(
    "the locale: the one given, else LC_ALL, LC_MESSAGES, LANG, else en_US",
    arguments: [
      (nil, [:], "en_US", DisplayLanguage.english),
      (nil, ["LANG": "ko_KR.UTF-8"], "ko_KR", .korean),
      (nil, ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "en_GB@euro"], "en_GB", .english),
      (nil, ["LANG": "en_US.UTF-8", "LC_ALL": "ko_KR"], "ko_KR", .korean),
      (nil, ["LC_ALL": "C", "LC_MESSAGES": "POSIX", "LANG": "ko"], "ko", .korean),
      (nil, ["LC_ALL": "", "LANG": "C"], "en_US", .english),
      ("ko_KR", ["LC_ALL": "en_US"], "ko_KR", .korean),
    ] as [(String?, [String: String], String, DisplayLanguage)])
  func locale(
    given: String?, environment: [String: String], identifier: String, language: DisplayLanguage
  ) {
    let options = options(environment, locale: given)
    #expect(options.resolvedLocaleIdentifier == identifier)
    #expect(options.language == language)
  }

  @Test("the defaults are hannun's")
  func defaults() {
    let options = LedgerSession.Options()
    #expect(options.dataPath == nil)
    #expect(options.localeIdentifier == nil)
    #expect(options.currency == nil)
    #expect(options.firstWeekday == .sunday)
    #expect(options.startsCalendar)
    #expect(options.environment == ProcessInfo.processInfo.environment)
    #expect(options.currentDirectory == FileManager.default.currentDirectoryPath)
    #expect(options.clock.timeZone == TimeZone.current)
  }
}
