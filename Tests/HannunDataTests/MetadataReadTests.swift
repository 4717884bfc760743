import Foundation
import HannunDomain
import Testing

@testable import HannunData

@Suite("meta.json is read from its bytes, and only what the decoder reads the same way")
struct MetadataReadTests {
  private func decoded(_ text: String) -> StoredMetadata? {
    try? LedgerCodec.decode(StoredMetadata.self, from: Data(text.utf8), path: "meta.json")
  }

  @Test("the file as Hannun writes it is read without the decoder, to the decoder's value")
  func written() throws {
    for currency in ["KRW", "USD", "EUR", "JPY"] {
      let data = try LedgerCodec.encode(
        StoredMetadata(currency: try Currency(code: currency)), path: "meta.json")
      let plain = try #require(StoredMetadata.plain(data))
      #expect(plain == StoredMetadata(schemaVersion: supportedSchemaVersion, currency: currency))
      #expect(plain == decoded(String(decoding: data, as: UTF8.self)))
    }
    let compact = #"{"currency":"KRW","schemaVersion":1}"#
    #expect(StoredMetadata.plain(Data(compact.utf8)) == decoded(compact))
    #expect(StoredMetadata.plain(Data(compact.utf8)) != nil)
    let reordered = " {\n \"schemaVersion\" : 1 ,\t\"currency\" : \"usd\" }\r\n"
    #expect(StoredMetadata.plain(Data(reordered.utf8)) == decoded(reordered))
    #expect(StoredMetadata.plain(Data(reordered.utf8))?.currency == "usd")
  }

  @Test(
    "anything else is left to the decoder, which reads it or says what is wrong",
    arguments: [
      "", "{}", "[]", "null", #"{"currency":"KRW"}"#, #"{"schemaVersion":1}"#,
      #"{"schemaVersion":2,"currency":"KRW"}"#, #"{"schemaVersion":0,"currency":"KRW"}"#,
      #"{"schemaVersion":-1,"currency":"KRW"}"#, #"{"schemaVersion":1.0,"currency":"KRW"}"#,
      #"{"schemaVersion":1e0,"currency":"KRW"}"#, #"{"schemaVersion":01,"currency":"KRW"}"#,
      #"{"schemaVersion":"1","currency":"KRW"}"#, #"{"schemaVersion":1,"currency":7}"#,
      #"{"schemaVersion":1,"currency":"K\u0052W"}"#, #"{"schemaVersion":1,"currency":"원"}"#,
      #"{"schemaVersion":1,"currency":"KRW","note":"x"}"#,
      #"{"schemaVersion":1,"currency":"KRW","currency":"USD"}"#,
      #"{"schemaVersion":1,"schemaVersion":1,"currency":"KRW"}"#,
      #"{"schema\u0056ersion":1,"currency":"KRW"}"#, #"{"schemaVersion":1,"currency":"KRW"} x"#,
      #"{"schemaVersion":1,"currency":"KRW"}{}"#, #"{"schemaVersion":1,"currency":"KRW""#,
      "\u{FEFF}{\"schemaVersion\":1,\"currency\":\"KRW\"}",
      #"{"schemaVersion":99999999999999999999,"currency":"KRW"}"#,
    ])
  func leftToTheDecoder(text: String) {
    #expect(StoredMetadata.plain(Data(text.utf8)) == nil, "\(text)")
  }
}
