/// Everything a ledger holds, as one value: the currency, every entry with its id and stamps,
/// the budgets' whole history of changes, the recurring rules with the decisions about their
/// occurrences, and the mood diary. What a backup file carries and what ``LedgerRestoring``
/// restores; a format reads and writes it, this layer holds its rules (``problems()``).
public struct LedgerBackup: Hashable, Sendable {
  /// The ledger's currency.
  public var currency: Currency
  /// The entries, in ``Transaction/listOrder(_:_:)``.
  public var entries: [Transaction]
  /// The budgets.
  public var budgets: BudgetPlan
  /// The recurring rules and their decisions.
  public var recurring: RecurringPlan
  /// The mood diary, by day.
  public var moods: [Day: DayMood]

  /// A backup.
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - entries: The entries, in any order; kept in list order.
  ///   - budgets: The budgets.
  ///   - recurring: The recurring rules and decisions.
  ///   - moods: The mood diary.
  public init(
    currency: Currency, entries: [Transaction], budgets: BudgetPlan = .empty,
    recurring: RecurringPlan = .empty, moods: [Day: DayMood] = [:]
  ) {
    self.currency = currency
    self.entries = entries.sorted(by: Transaction.listOrder)
    self.budgets = budgets
    self.recurring = recurring
    self.moods = moods
  }

  /// Whether the backup holds nothing at all: no entry, budget, rule, decision or mood.
  public var isEmpty: Bool {
    entries.isEmpty && budgets.isEmpty && recurring.rules.isEmpty
      && recurring.decisions.isEmpty && moods.isEmpty
  }

  /// The months that have entries, in order.
  public var months: [YearMonth] { Set(entries.map(\.day.yearMonth)).sorted() }

  /// The moods in day order.
  public var moodsInOrder: [(day: Day, mood: DayMood)] {
    moods.keys.sorted().compactMap { day in moods[day].map { (day, $0) } }
  }

  /// The decisions in occurrence order (day, then rule).
  public var decisionsInOrder: [(key: OccurrenceKey, decision: OccurrenceDecision)] {
    recurring.decisions.keys.sorted().compactMap { key in
      recurring.decisions[key].map { (key, $0) }
    }
  }
}

/// A ledger that can be restored from a backup: the whole of it in one write, or nothing.
public protocol LedgerRestoring: Sendable {
  /// Restores `backup` into this ledger, which must be empty: every entry with its id and stamps,
  /// the budgets, the rules with their decisions, and the moods, in one write that leaves either
  /// the empty ledger or the restored one. A new ledger takes the backup's currency.
  /// - Parameter backup: What to restore; its ``LedgerBackup/problems()`` must be empty.
  /// - Throws: ``BackupError/ledgerNotEmpty`` when the ledger holds anything;
  ///   ``BackupError/currencyMismatch(ledger:backup:)`` when the ledger exists in another
  ///   currency; ``BackupError/invalid(_:)`` when the backup breaks a rule; what a write throws.
  ///   Nothing is written then.
  func restore(_ backup: LedgerBackup) async throws

  /// Restores a backup read a piece at a time: `read` hands each entry to the sink as it reads
  /// it and returns the rest, and the restore is then made as ``restore(_:)`` makes it, all of
  /// it or nothing. A store may keep the entries outside memory meanwhile (the file store
  /// writes them to staging files and takes its lock only for the commit).
  /// - Parameter read: Reads the backup; called once, before anything is written.
  /// - Returns: What `read` returned.
  /// - Throws: What `read` throws, or what ``restore(_:)`` throws; nothing is written then.
  func restore(reading read: @Sendable (any BackupEntrySink) throws -> BackupOutline) async throws
    -> BackupOutline
}

/// Why a backup was not taken or not restored; Presentation says it in the user's language.
public enum BackupError: Error, Equatable, Sendable {
  /// The ledger to restore into already holds entries, budgets, rules or moods.
  case ledgerNotEmpty
  /// The ledger exists in one currency and the backup is in another.
  case currencyMismatch(ledger: String, backup: String)
  /// Another process kept writing while the backup was read: no consistent snapshot after this
  /// many tries.
  case unsettled(attempts: Int)
  /// The backup breaks a rule (the first problem found).
  case invalid(BackupProblem)
}
