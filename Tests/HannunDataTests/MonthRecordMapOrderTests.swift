import Foundation
import HannunDomain
import Testing

@testable import HannunData

@Suite("A month map orders records by their fields' bytes exactly as String orders them")
struct MonthRecordMapOrderTests {
  private static let pieces = [
    "a", "b", "z", "0", "9", "-", "T", ":", ".", "é", "가", "\"", "\\", "~",
  ]

  private func text(_ random: inout SystemRandomNumberGenerator) -> String {
    String(
      (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Self.pieces.randomElement(using: &random) ?? "a"
      }.joined())
  }

  @Test("escaped, non-ASCII and plain fields against plain and non-ASCII text", arguments: 0..<10)
  func order(trial: Int) throws {
    var random = SystemRandomNumberGenerator()
    var fields: [(id: String, date: String, createdAt: String)] = []
    for number in 0..<40 {
      fields.append(("\(text(&random))\(number)", text(&random), text(&random)))
    }
    var writer = JSONWriter(capacity: 4096)
    writer.append("{\"month\":\"2025-11\",\"schemaVersion\":1,\"transactions\":[\n")
    for (position, field) in fields.enumerated() {
      if position > 0 { writer.append(",\n") }
      writer.append("{\"id\":")
      writer.string(field.id)
      writer.append(",\"date\":")
      writer.string(field.date)
      writer.append(",\"createdAt\":")
      writer.string(field.createdAt)
      writer.append("}")
    }
    writer.append("\n]}\n")
    let map = try #require(MonthRecordMap(data: Data(writer.bytes)))
    #expect(map.records.count == fields.count)
    for (position, field) in fields.enumerated() {
      #expect(map.position(of: TransactionID(field.id)) == position)
      for _ in 0..<20 {
        let other = (text(&random), text(&random), text(&random))
        let pick = Int.random(in: 0..<4, using: &random)
        // Often equal in the first fields, so that later ones decide.
        let probe = (
          pick > 0 ? field.date : other.0, pick > 1 ? field.createdAt : other.1,
          pick > 2 ? field.id : other.2
        )
        let expected = (field.date, field.createdAt, field.id) < probe
        #expect(
          map.precedes(
            map.records[position], date: probe.0, createdAt: probe.1, id: probe.2) == expected,
          "\(field) vs \(probe)")
      }
    }
  }
}
