import Foundation
import Testing

/// Outside Presentation's catalogues no source picks words by language (issue 18, item 4): the
/// only other places that name a language are `DisplayLanguage`'s parsing of a locale and the
/// one-shot command line's text layer beside swift-argument-parser.
@Suite("Every sentence from the catalogues")
struct SentencesInCatalogueTests {
  /// The folders and files allowed to name a language, relative to `Sources/`.
  static let allowed = [
    "HannunPresentation/Messages/", "HannunPresentation/DisplayLanguage.swift",
    "HannunApp/CommandLineText.swift", "HannunApp/KoreanCommandLineText.swift",
  ]
  /// What picks words by language.
  static let patterns = ["case .korean", "korean ?", "== .korean", "korean:", "!= .korean"]

  @Test("no source outside the catalogues switches on the language")
  func noLanguageSwitches() throws {
    let sources = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path())
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "the sources were found")
    var found: [String] = []
    for file in files where !Self.allowed.contains(where: file.hasPrefix) {
      let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where Self.patterns.contains(where: line.contains) {
        found.append("\(file):\(number + 1): \(line)")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
