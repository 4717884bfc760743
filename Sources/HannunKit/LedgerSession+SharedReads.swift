import HannunDomain
import HannunPresentation

extension LedgerSession {
  /// A session for one more device, as ``device(language:makeID:)`` makes it, whose reads and
  /// writes go through `cache`: the months, plan, budgets and moods one device read are not read
  /// again for another while the ledger is unchanged. A server with many devices gives each one
  /// of these over one cache.
  /// - Parameters:
  ///   - cache: A cache over this session's ledger (``LedgerReadCache/base`` is ``stores``).
  ///   - language: The device's titles and labels; this session's by default.
  ///   - makeID: Makes ids for the device's new entries; this session's by default.
  /// - Returns: The new session; its calendar is not started.
  public func device(
    sharing cache: LedgerReadCache, language: DisplayLanguage? = nil,
    makeID: (@Sendable () -> TransactionID)? = nil
  ) -> LedgerSession {
    let device = LedgerSession(
      stores: cache.stores, currency: currency, clock: clock, language: language ?? self.language,
      firstWeekday: firstWeekday, makeID: makeID ?? self.makeID, dataDirectory: dataDirectory,
      changes: changes)
    device.pendingNewLedgerNotice = pendingNewLedgerNotice
    return device
  }
}
