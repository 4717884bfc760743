import HannunData
import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Restores a backup into an empty ledger, written once for every frontend (`hannun import`, the
/// web's import page): the backup must be in the ledger's currency, and the ledger must hold
/// nothing — no entry, budget, rule, decision or mood. A refused restore writes nothing.
///
/// A backup already in memory is restored with ``restore(_:requiring:)``; a file of any size is
/// read a piece at a time with ``restore(requiring:dryRun:reading:)``, its entries going to the
/// store as they are read. Take one from ``LedgerSession/restorer``.
public struct LedgerRestorer: Sendable {
  private let stores: LedgerStores
  /// The currency of the ledger when it exists, which a backup must be in; `nil` for a ledger
  /// not created yet, which takes the backup's.
  public let ledgerCurrency: Currency?

  /// A restorer over a ledger's capabilities.
  /// - Parameters:
  ///   - stores: The ledger's capabilities.
  ///   - ledgerCurrency: The existing ledger's currency, or `nil` when it does not exist yet.
  public init(stores: LedgerStores, ledgerCurrency: Currency?) {
    self.stores = stores
    self.ledgerCurrency = ledgerCurrency
  }

  /// Whether the ledger holds nothing: no budget, rule, decision, mood or entry. Entries are
  /// read a month at a time and the reading stops at the first, so a large ledger costs one
  /// month.
  /// - Throws: What the stores throw when reading.
  public func isEmpty() async throws -> Bool {
    guard try await stores.budgets.budgetPlan().isEmpty else { return false }
    let plan = try await stores.recurring.recurringPlan()
    guard plan.rules.isEmpty && plan.decisions.isEmpty else { return false }
    guard try await stores.moods.moods(in: Day.supportedRange).isEmpty else { return false }
    do {
      try await stores.entries.transactions(in: Day.supportedRange) { _ in throw FoundEntry() }
    } catch is FoundEntry {
      return false
    }
    return true
  }

  /// Refuses a backup in a currency other than `required` or the existing ledger's.
  /// - Parameters:
  ///   - currency: The backup's currency.
  ///   - required: A currency code the restore must be in besides the ledger's (`--currency`,
  ///     or the currency a server shows), or `nil`.
  /// - Throws: ``BackupError/currencyMismatch(ledger:backup:)`` naming the first it differs
  ///   from: `required`, then the ledger's.
  public func check(_ currency: Currency, requiring required: String? = nil) throws(BackupError) {
    for code in [required?.uppercased(), ledgerCurrency?.code].compactMap({ $0 })
    where code != currency.code {
      throw .currencyMismatch(ledger: code, backup: currency.code)
    }
  }

  /// Why `backup` cannot be restored now, asked by reading — the question the restore asks
  /// again under the ledger's lock: its currency first, then whether the ledger is empty.
  /// - Parameters:
  ///   - backup: The backup.
  ///   - required: A currency the restore must be in besides the ledger's, or `nil`.
  /// - Returns: The refusal, or `nil` when it can be restored.
  /// - Throws: What the stores throw when reading.
  public func refusal(of backup: LedgerBackup, requiring required: String? = nil) async throws
    -> BackupError?
  {
    do throws(BackupError) {
      try check(backup.currency, requiring: required)
    } catch {
      return error
    }
    return try await isEmpty() ? nil : .ledgerNotEmpty
  }

  /// Restores a backup held in memory, whole, in one write.
  /// - Parameters:
  ///   - backup: The backup.
  ///   - required: A currency the restore must be in besides the ledger's, or `nil`.
  /// - Throws: ``BackupError/currencyMismatch(ledger:backup:)``,
  ///   ``BackupError/ledgerNotEmpty`` or ``BackupError/invalid(_:)``; what the store throws.
  ///   Nothing is written then.
  public func restore(_ backup: LedgerBackup, requiring required: String? = nil) async throws {
    try check(backup.currency, requiring: required)
    try await stores.restoring.restore(backup)
  }

  /// Reads a backup a piece at a time and restores it (or, with `dryRun`, only reads it and
  /// asks whether it could be restored). `read` hands the backup's currency to `check` as soon
  /// as it knows it, before any entry, and each entry to the sink as it reads it: the store
  /// keeps them (the file store in staging files until its commit), so a backup of any size is
  /// restored in little memory and the ledger's lock is held only for the commit.
  /// - Parameters:
  ///   - required: A currency the restore must be in besides the ledger's, or `nil`.
  ///   - dryRun: Whether to write nothing: the backup is read and checked whole, its entries
  ///     let go, and the ledger is then asked whether it is empty.
  ///   - read: Reads the backup: the currency to `check`, the entries to the sink.
  /// - Returns: What the backup holds.
  /// - Throws: ``BackupError/currencyMismatch(ledger:backup:)`` (from `check`),
  ///   ``BackupError/ledgerNotEmpty``; what `read` or the store throws. Nothing is written then.
  public func restore(
    requiring required: String? = nil, dryRun: Bool = false,
    reading read:
      @escaping @Sendable (
        _ check: (Currency) throws -> Void, _ entries: any BackupEntrySink
      ) throws -> BackupOutline
  ) async throws -> BackupOutline {
    let check: @Sendable (Currency) throws -> Void = { [self] currency in
      try self.check(currency, requiring: required)
    }
    guard dryRun else {
      return try await stores.restoring.restore(reading: { sink in try read(check, sink) })
    }
    let outline = try read(check, CountedEntries())
    // The same question the restore asks under the lock, asked by reading.
    guard try await isEmpty() else { throw BackupError.ledgerNotEmpty }
    return outline
  }
}

extension LedgerSession {
  /// Restores a backup into this ledger when it is empty. A ledger not created yet takes the
  /// backup's currency; an existing one requires its own.
  public var restorer: LedgerRestorer {
    LedgerRestorer(stores: stores, ledgerCurrency: newLedgerNotice == nil ? currency : nil)
  }

  /// The ledger opened again after a restore into a ledger not created before, which then keeps
  /// the backup's currency (as `hannun import` leaves it): a frontend that stays open (the web)
  /// goes on in the session returned. For a data directory the store is opened again, as
  /// ``open(_:)`` opens it, and keeps the currency of its `meta.json`; a store given to the
  /// session is kept, in `currency`. The same clock, language, first weekday, ids and data
  /// directory; its own editor and view-models; no new-ledger notice (the ledger exists now);
  /// its calendar not started.
  /// - Parameter currency: The restored backup's currency.
  /// - Returns: The session over the restored ledger.
  /// - Throws: What opening the store throws (`LedgerError`).
  public func reopened(in currency: Currency) async throws -> LedgerSession {
    guard let dataDirectory else {
      return LedgerSession(
        stores: stores, currency: currency, clock: clock, language: language,
        firstWeekday: firstWeekday, makeID: makeID, dataDirectory: nil)
    }
    let store = try await JSONFileTransactionStore.open(
      directory: dataDirectory, requestedCurrency: nil, defaultCurrency: currency)
    return LedgerSession(
      stores: LedgerStores(store), currency: store.currency, clock: clock, language: language,
      firstWeekday: firstWeekday, makeID: makeID, dataDirectory: dataDirectory)
  }
}

/// The entries of a dry run: read and checked, then let go.
private final class CountedEntries: BackupEntrySink {
  func add(_ entry: Transaction) throws {}
}

/// The first entry of a ledger that should be empty, ending its reading.
private struct FoundEntry: Error {}
