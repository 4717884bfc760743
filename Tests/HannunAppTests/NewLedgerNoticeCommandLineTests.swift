import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("The new-ledger currency notice, after every kind of first write, in process")
struct NewLedgerNoticeCommandLineTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-notice-tests") }

  /// The two writes of one kind: the first creates the ledger, the second writes it again.
  nonisolated static let writes: [(name: String, first: [String], second: [String])] = [
    (
      "add", ["add", "--expense", "3", "--category", "x"],
      ["add", "--income", "5", "--category", "y"]
    ),
    (
      "budget set", ["budget", "set", "100", "--from", "2025-11"],
      ["budget", "set", "7", "--category", "x"]
    ),
    (
      "recurring add", ["recurring", "add", "--monthly", "25", "30", "--category", "rent"],
      ["recurring", "add", "--weekly", "fri", "4", "--category", "tea"]
    ),
    ("mood", ["mood", "2025-11-03", "joy"], ["mood", "2025-11-04", "sad"]),
    ("import", ["import", "CSV1"], ["import", "CSV2"]),
  ]

  nonisolated static let languages: [(locale: String, start: String)] = [
    ("ko", "새 가계부를 KRW(으)로 만들었습니다 (로캘 ko_KR에 따라). 다른 통화로 쓰려면 "),
    ("en", "Started a new ledger in USD (chosen from the locale en_US). To keep it in another "),
  ]

  @Test(
    "the first write of a new ledger says which currency it keeps, once; a second write does not",
    arguments: writes.indices, languages.indices)
  func once(write: Int, language: Int) async throws {
    let (name, first, second) = Self.writes[write]
    let (locale, start) = Self.languages[language]
    let data = folder.appending("\(name)-\(locale)")
    let csv1 = folder.appending("\(name)-\(locale)-1.csv")
    let csv2 = folder.appending("\(name)-\(locale)-2.csv")
    try Data("date,memo,amount\n2025-11-03,coffee,-3\n".utf8).write(to: csv1)
    try Data("date,memo,amount\n2025-11-04,tea,-4\n".utf8).write(to: csv2)
    func filled(_ arguments: [String]) -> [String] {
      arguments.map {
        $0 == "CSV1"
          ? csv1.path(percentEncoded: false)
          : $0 == "CSV2" ? csv2.path(percentEncoded: false) : $0
      } + ["--locale", locale]
    }
    let made = await hannun(filled(first), data: data)
    #expect(made.status == 0, "\(name): \(made)")
    let ledger = data.appending(path: "ledger").path(percentEncoded: false)
    #expect(made.err.hasPrefix(start), "\(name) \(locale): \(made)")
    #expect(made.err.contains(ledger) && made.err.contains("--currency"), "\(made)")
    #expect(made.err.filter { $0 == "\n" }.count == 1, "said once: \(made)")
    let again = await hannun(filled(second), data: data)
    #expect(
      again.status == 0 && again.err.isEmpty, "\(name): only the first write says so: \(again)")
  }

  @Test("a refused first write says nothing; the write after it, which creates the ledger, does")
  func refusedFirst() async throws {
    let data = folder.appending("refused")
    let refused = await hannun(["mood", "2025-11-03", "happy", "--locale", "en"], data: data)
    #expect(refused.status == 2 && !refused.err.contains("Started"), "\(refused)")
    let made = await hannun(["mood", "2025-11-03", "joy", "--locale", "en"], data: data)
    #expect(made.err.hasPrefix("Started a new ledger in USD"), "\(made)")
  }
}
