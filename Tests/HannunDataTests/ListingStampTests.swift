import Foundation
import Testing

@testable import HannunData

@Suite("The listing a writer records, read back from its bytes")
struct ListingStampTests {
  @Test("a listing reads back as it was written, folders and catalog that are absent included")
  func listingRoundTrip() {
    func folder(_ inode: UInt64) -> FileSignature {
      FileSignature(
        device: 65_024, inode: inode, size: 4_096, modifiedSeconds: 1_795_497_021,
        modifiedNanoseconds: 170_790_187, isRegular: false, isDirectory: true)
    }
    let catalog = FileSignature(
      device: 65_024, inode: 99, size: 108_030, modifiedSeconds: 1_795_502_909,
      modifiedNanoseconds: 0, isRegular: true, isDirectory: false)
    for stamp in [
      ListingStamp(
        years: [1925, 2025, 9999], folders: [folder(1), folder(2), nil, folder(4)],
        catalog: catalog),
      ListingStamp(years: [], folders: [folder(1)], catalog: nil),
    ] {
      #expect(ListingStamp(decoding: stamp.encoded()) == stamp)
    }
    #expect(
      ListingStamp(decoding: Data(#"{"schemaVersion":1,"folders":["ledger -"]}"#.utf8)) == nil)
    #expect(
      ListingStamp(
        decoding: Data(#"{"schemaVersion":1,"folders":["ledger -","0999 -","catalog -"]}"#.utf8))
        == nil)
  }
}
