import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

@Suite("The backup format over random ledgers")
struct BackupRandomTests {
  /// Text the entry rules accept, drawn from pieces that stress a JSON writer and reader:
  /// quotes, backslashes, Hangul, emoji with joiners, combining marks, bidi and zero-width
  /// characters, `\u{7F}`-adjacent and astral scalars.
  private static let pieces = [
    "a", "Z", " ", "\"", "\\", "/", "한", "눈", "가계부", "😀", "👨‍👩‍👧", "e\u{301}", "\u{202E}",
    "\u{200B}", "\u{FEFF}", "\u{2066}", "𝄞", "\u{A0}", "{", "}", "[", "]", ",", ":", "0",
  ]

  private static func text(_ generator: inout SplitMix64, maximum: Int) -> String {
    var result = ""
    for _ in 0..<Int.random(in: 0...maximum, using: &generator) {
      result += pieces.randomElement(using: &generator) ?? ""
    }
    return result
  }

  @Test("200 random ledgers are read back as written, and written again to the same bytes")
  func roundTrips() throws {
    var generator = SplitMix64(seed: 20_251_124)
    for trial in 0..<200 {
      let currency: Currency = trial % 3 == 0 ? .usd : .krw
      var entries: [Transaction] = []
      for index in 0..<Int.random(in: 0...12, using: &generator) {
        let category = (try? TransactionRules.category("c" + Self.text(&generator, maximum: 12)))
        let memo = try? TransactionRules.memo(Self.text(&generator, maximum: 30))
        guard let category, let memo else { continue }
        let day =
          Day.supportedRange.lowerBound.adding(
            days: Int.random(in: 0...3_000_000, using: &generator)) ?? Fixtures.day("2025-01-01")
        let milliseconds = Int64.random(
          in: -1_000_000_000_000...4_000_000_000_000, using: &generator)
        let created = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        entries.append(
          Transaction(
            id: TransactionID("t\(trial)x\(index)"), day: day,
            kind: Bool.random(using: &generator) ? .income : .expense,
            amount: try Amount(
              minorUnits: Int64.random(in: 1...Amount.maximumMinorUnits, using: &generator)),
            category: category, memo: memo, createdAt: created,
            updatedAt: created.addingTimeInterval(
              Double(Int.random(in: 0...99_999, using: &generator)) / 1000)))
      }
      var moods: [Day: DayMood] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        let day = Fixtures.day("2025-01-01").adding(
          days: Int.random(in: 0...400, using: &generator))
        if let day, let note = try? MoodRules.note(Self.text(&generator, maximum: 20)) {
          moods[day] = DayMood(Mood.allCases.randomElement(using: &generator) ?? .okay, note: note)
        }
      }
      let backup = LedgerBackup(currency: currency, entries: entries, moods: moods)
      let text = try BackupExport.text(backup)
      let back = try BackupReader.read(Array(text.utf8))
      #expect(try BackupExport.text(back) == text, "trial \(trial)")
      #expect(back.entries.map(\.memo) == backup.entries.map(\.memo), "trial \(trial)")
      #expect(back.moods == backup.moods, "trial \(trial)")
      #expect(back.entries.map(\.amount) == backup.entries.map(\.amount), "trial \(trial)")
    }
  }
}
