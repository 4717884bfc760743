import Foundation
import HannunImportFiles
import Testing

/// `import` guesses a file's format from its extension as `NSString.pathExtension` reads it.
@Suite("An import file's extension")
struct ImportFormatExtensionTests {
  @Test("The extension is the one NSString's pathExtension reads, by characters")
  func extensionAsFoundation() {
    var paths = [
      "a.csv", "a.CSV", ".csv", "a.", "a.csv/", "dir.x/file", "a..b", "/x/.hidden.csv", "a.tar.gz",
      "~/a.journal", "a b.csv ", "a.c sv", "..", ".", "/", "", "a/.", "a.csv//", "x.\u{301}csv",
      "파일.csv", "a.é", "/a//b.ledger", "a/..", "a/b.", "./x.j", "x.\u{1F600}",
    ]
    let alphabet = ["a", ".", "/", " ", "\u{301}", "식", "c"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...7, using: &generator)
      let path = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
      // Foundation's own slash compression traps on `//` before some characters (` //식`), as
      // the old guess then did; the comparison keeps to paths it can read.
      if !path.contains("//") { paths.append(path) }
    }
    for path in paths {
      #expect(
        ImportFormat.pathExtension(path) == (path as NSString).pathExtension,
        "\(path.debugDescription)")
    }
  }
}
