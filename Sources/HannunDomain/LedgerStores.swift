/// A store that offers every capability of a ledger: entries, budgets, recurring rules, moods,
/// the stored version and restoring. The file store and the in-memory store are each one; pass
/// it wherever one capability is asked for, or to ``LedgerStores/init(_:)`` for all of them.
public typealias LedgerStore =
  TransactionRepository & BudgetRepository & RecurringRepository & MoodRepository & SharedLedger
  & LedgerRestoring

/// One ledger's capabilities, each typed by its own protocol: what a session, a calendar, an
/// editor or a backup asks for, so that what a store offers is known from the types and never
/// found by a cast.
///
/// Most ledgers are one store that offers everything (``init(_:)``). The parts may also come
/// from different places, say a preview whose budgets come from a fake, or an app whose budgets
/// live on a server (``init(entries:budgets:recurring:moods:versions:restoring:)``); they must
/// then describe one ledger: confirming a recurring occurrence, for one, adds its entry through
/// ``recurring``, and an atomic write (``TransactionRepository/commit(_:)``) of ``entries`` may
/// change budgets and rules too.
public struct LedgerStores: Sendable {
  /// Entries: reads, writes, the change feed and atomic writes.
  public var entries: any TransactionRepository
  /// Monthly budgets.
  public var budgets: any BudgetRepository
  /// Recurring rules and the decisions about their occurrences.
  public var recurring: any RecurringRepository
  /// The mood diary.
  public var moods: any MoodRepository
  /// The ledger's stored version, which moves with every write of any process.
  public var versions: any SharedLedger
  /// Restoring a backup into the empty ledger.
  public var restoring: any LedgerRestoring

  /// Every capability from one store that offers them all.
  /// - Parameter store: The store, such as the file store or an in-memory store.
  public init(_ store: some LedgerStore) {
    self.init(
      entries: store, budgets: store, recurring: store, moods: store, versions: store,
      restoring: store)
  }

  /// Capabilities from separate parts that describe one ledger.
  /// - Parameters:
  ///   - entries: Entries.
  ///   - budgets: Budgets.
  ///   - recurring: Recurring rules; confirming adds entries to the same ledger as `entries`.
  ///   - moods: The mood diary.
  ///   - versions: The stored version of the whole ledger.
  ///   - restoring: Restoring a backup.
  public init(
    entries: any TransactionRepository, budgets: any BudgetRepository,
    recurring: any RecurringRepository, moods: any MoodRepository, versions: any SharedLedger,
    restoring: any LedgerRestoring
  ) {
    self.entries = entries
    self.budgets = budgets
    self.recurring = recurring
    self.moods = moods
    self.versions = versions
    self.restoring = restoring
  }
}
