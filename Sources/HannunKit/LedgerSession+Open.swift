import HannunData
import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerSession {
  /// Opens the ledger of a data directory, as `hannun` does, and starts its calendar (unless
  /// ``Options/startsCalendar`` is `false`).
  ///
  /// Opening reads the ledger's `meta.json` and finishes a write a killed process left behind;
  /// it creates nothing. The directory and its files appear with the first write.
  /// - Parameter options: Where the ledger is and how to show it; the defaults follow the
  ///   process environment exactly as `hannun` does.
  /// - Returns: The session, its calendar on the clock's today.
  /// - Throws: `LedgerError.currencyMismatch` when ``Options/currency``
  ///   differs from an existing ledger's; `LedgerError.unreadableFile` when the
  ///   directory is a file, or the ledger's metadata is missing or damaged.
  public static func open(_ options: Options = Options()) async throws -> LedgerSession {
    let directory = options.resolvedDataDirectory
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: options.currency,
      defaultCurrency: preferredCurrency(localeIdentifier: options.resolvedLocaleIdentifier))
    let session = LedgerSession(
      stores: LedgerStores(store), currency: store.currency, clock: options.clock,
      language: options.language, firstWeekday: options.firstWeekday, makeID: options.makeID,
      dataDirectory: directory)
    if store.isNewLedger {
      let reason: NewLedgerNotice.Reason =
        if options.currency != nil {
          .requested
        } else if let locale = options.localeIdentifierIfSet, !locale.isEmpty {
          .locale(locale)
        } else {
          .noLocale
        }
      let notice = NewLedgerNotice(
        currency: store.currency, reason: reason,
        ledgerPath: directory.appending(path: "ledger").path(percentEncoded: false))
      session.pendingNewLedgerNotice = await PendingNewLedgerNotice(notice, ledger: store)
    }
    if options.startsCalendar { await session.start() }
    return session
  }

  /// The currency a new ledger of a user of `localeIdentifier` takes: its region's, from ICU's
  /// locale data, which is loaded for it (`hannun` links FoundationEssentials alone).
  nonisolated private static func preferredCurrency(localeIdentifier: String) -> Currency {
    _ = LocaleData.loaded
    return Currency.preferred(for: Locale(identifier: localeIdentifier))
  }

  /// Opens the ledger in `dataDirectory` in the language of `locale`, and starts its calendar.
  /// - Parameters:
  ///   - dataDirectory: The folder holding (or to hold) `ledger/`.
  ///   - locale: A locale identifier, `ko_KR` or `en_US`: the language of titles and labels, and
  ///     the currency of a new ledger.
  ///   - currency: The currency of a new ledger, instead of the locale's; an existing ledger
  ///     keeps its own, and must match.
  ///   - clock: Today, and the stamps of new entries.
  ///   - firstWeekday: The first column of the calendar's grid.
  /// - Returns: The started session.
  /// - Throws: What ``open(_:)`` throws.
  public static func open(
    dataDirectory: URL, locale: String, currency: Currency? = nil,
    clock: LedgerClock = .system, firstWeekday: Weekday = .sunday
  ) async throws -> LedgerSession {
    try await open(
      Options(
        dataPath: dataDirectory.path, localeIdentifier: locale, currency: currency, clock: clock,
        firstWeekday: firstWeekday))
  }
}
