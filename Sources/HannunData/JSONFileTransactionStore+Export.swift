import HannunDomain

extension JSONFileTransactionStore {
  /// Reads the months overlapping `days` one at a time under one hold of the readers' lock, each
  /// checked against the index as ``transactions(in:)`` checks it, and hands each month's
  /// entries to `body` before the next is read: an export of a million entries holds one month.
  public func transactions(
    in days: ClosedRange<Day>, monthByMonth body: @Sendable ([Transaction]) throws -> Void
  ) async throws {
    var failure: (any Error)?
    try await reading { () throws(LedgerError) in
      failure = nil
      var (read, months) = try startCheckedRead(overlapping: days)
      for month in months {
        guard let loaded = try loadChecked(month, in: &read) else { continue }
        var entries = loaded.transactions
        if !(days.contains(month.firstDay) && days.contains(month.lastDay)) {
          entries = entries.filter { days.contains($0.day) }
        }
        guard !entries.isEmpty else { continue }
        do {
          try body(entries)
        } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw failure }
  }
}
