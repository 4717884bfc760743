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

  /// XXH64 of `bytes` taken by the stream over the pieces `cuts` splits them into (offsets,
  /// sorted, repeats allowed: empty pieces).
  private static func streamed(_ bytes: [UInt8], cuts: [Int]) -> UInt64 {
    bytes.withUnsafeBytes { raw in
      var stream = ContentChecksum.Stream()
      var start = 0
      for cut in cuts + [bytes.count] {
        stream.update(UnsafeRawBufferPointer(rebasing: raw[start..<cut]))
        start = cut
      }
      #expect(stream.count == bytes.count)
      return stream.value
    }
  }

  private static func randomBytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
  }

  private static func randomCuts(_ count: Int, pieces: Int, _ random: inout SplitMix64) -> [Int] {
    (0..<pieces).map { _ in Int.random(in: 0...count, using: &random) }.sorted()
  }

  @Test("the stream gives the one-shot value for every length to 100, however it is split")
  func streamSmall() {
    var random = SplitMix64(seed: 22)
    for count in 0...100 {
      let bytes = Self.randomBytes(count, &random)
      let expected = bytes.withUnsafeBytes(ContentChecksum.xxh64)
      #expect(Self.streamed(bytes, cuts: []) == expected, "\(count) bytes in one piece")
      // Every single cut, then random splits into up to 40 pieces (many empty or one byte).
      for cut in 0...count {
        #expect(Self.streamed(bytes, cuts: [cut]) == expected, "\(count) bytes cut at \(cut)")
      }
      for _ in 0..<50 {
        let cuts = Self.randomCuts(count, pieces: Int.random(in: 1...40, using: &random), &random)
        #expect(Self.streamed(bytes, cuts: cuts) == expected, "\(count) bytes cut at \(cuts)")
      }
      #expect(
        Self.streamed(bytes, cuts: Array(0..<count)) == expected, "\(count) bytes one by one")
    }
  }

  @Test("the stream gives the one-shot value of large inputs split anywhere")
  func streamLarge() {
    var random = SplitMix64(seed: 23)
    for count in [4_096, 160_037, 1 << 20 | 13] {
      let bytes = Self.randomBytes(count, &random)
      let expected = bytes.withUnsafeBytes(ContentChecksum.xxh64)
      for pieces in [1, 2, 3, 7, 100, 2_000] {
        let cuts = Self.randomCuts(count, pieces: pieces, &random)
        #expect(Self.streamed(bytes, cuts: cuts) == expected, "\(count) bytes in \(pieces)")
      }
      // As a splice lays a month out: a long run, a separator, a record, a separator, the rest.
      let middle = Int.random(in: 0..<(count - 200), using: &random)
      let cuts = [middle, middle + 2, middle + 183, middle + 185]
      #expect(Self.streamed(bytes, cuts: cuts) == expected)
    }
  }
}
