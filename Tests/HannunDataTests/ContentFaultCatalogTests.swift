import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("The index catalog keeps a damaged file's content fault")
struct ContentFaultCatalogTests {
  @Test("every content fault comes back from the catalog text as it was")
  func roundTrip() {
    for fault in ContentFault.samples {
      let problem = FileProblem.invalidContent(fault)
      let text = problem.catalogText
      #expect(FileProblem(catalogText: text) == problem, "\(fault): \(text)")
      #expect(FileProblem(catalogText: text).lasts)
    }
  }

  @Test("text from the file with colons, digits, spaces and line breaks is kept exactly")
  func awkwardText() {
    let fault = ContentFault.record(
      index: 12, id: "3:a b\n\u{0}가", .notADay(field: "date", text: "12:2026-13-01 "))
    #expect(
      FileProblem(catalogText: FileProblem.invalidContent(fault).catalogText)
        == .invalidContent(fault))
  }

  @Test("a catalog an older Hannun wrote, with the parser's English text, is read as that text")
  func olderCatalog() {
    let old =
      "transactions[3] (id 't1'): date '2026-13-01' is not a day from 1583-01-01 to 9999-12-31"
    let problem = FileProblem(catalogText: old)
    #expect(problem == .invalidContent(.described(old)))
    #expect(problem.lasts)
    #expect(problem.catalogText == old)
  }

  @Test("a damaged content tag is read as a problem that does not last, so the file is read again")
  func damagedTag() {
    for text in ["\u{0}content 7:notJSON", "\u{0}content x", "\u{0}content 5:field3:abc7:unknown"] {
      #expect(!FileProblem(catalogText: text).lasts, "\(text)")
    }
  }
}
