import Foundation
import HannunTestSupport
import Testing

@testable import HannunData

/// XXH64 as the journal, the catalog and the change log take it: the published values, and the
/// same value whether the bytes come in one buffer or in pieces (a spliced month file is hashed
/// over the runs it is written from, never put together).
@Suite("XXH64 of month files, in one buffer or in pieces")
struct ContentChecksumTests {
  @Test("the one-shot XXH64 gives the published values")
  func knownValues() {
    func hash(_ text: String) -> UInt64 {
      Data(text.utf8).withUnsafeBytes(ContentChecksum.xxh64)
    }
    #expect(hash("") == 0xEF46_DB37_51D8_E999)
    #expect(hash("abc") == 0x44BC_2CF5_AD77_0999)
    // 39 bytes: one stripe of 32, then words and single bytes.
    #expect(hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
  }
}
