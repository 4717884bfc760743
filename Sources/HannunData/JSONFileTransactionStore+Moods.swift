import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerLayout {
  /// The mood diary, relative to `ledger/`.
  static let moodsFile = "moods.json"

  /// The absolute path of the mood diary.
  var moodsPath: String { path(Self.moodsFile) }
}

/// The mood diary lives in `ledger/moods.json` (``StoredMoods``), read under the shared lock and
/// replaced under the exclusive lock through the same journalled commit as entries, so a kill
/// leaves the old diary or the new one, never half of either.
extension JSONFileTransactionStore: MoodRepository {
  /// Reads `moods.json`; no file is no moods.
  public func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood] {
    let diary = try await reading { () throws(LedgerError) in
      try storedMoods()?.diary(path: layout.moodsPath) ?? [:]
    }
    return diary.filter { range.contains($0.key) }
  }

  /// Replaces the day's mood when the stored one is still `current`, in one journalled commit
  /// (which creates `meta.json` for a new ledger); publishes a change of the day's month.
  public func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws {
    // The lock's body throws only ledger errors, so a stale read comes out as the stored mood.
    let stale = try await writing { () throws(LedgerError) -> DayMood?? in
      let stored = try storedMoods()
      var diary = try stored?.diary(path: layout.moodsPath) ?? [:]
      guard diary[day] == current else { return .some(diary[day]) }
      guard current != updated else { return .none }
      diary[day] = updated
      let data: Data? =
        diary.isEmpty && stored?.otherFields.isEmpty ?? true
        ? nil : MoodFileCodec.encode(StoredMoods(diary, keepingUnknownFrom: stored))
      var index = try currentIndex(forWriting: true)
      try commit([], ids: [:], index: &index, otherFiles: [LedgerLayout.moodsFile: data])
      feed.publish(months: [day.yearMonth])
      return .none
    }
    if case .some(let stored) = stale { throw MoodError.staleMood(day, current: stored) }
  }

  /// The document in `moods.json`, or `nil` when there is none.
  private func storedMoods() throws(LedgerError) -> StoredMoods? {
    let path = layout.moodsPath
    guard let file = try POSIXFiles.read(ledgerFile: path) else { return nil }
    return try MoodFileCodec.decode(file.data, path: path)
  }
}
