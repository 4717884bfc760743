/// A backup read a piece at a time (``LedgerRestoring/restore(reading:)``): everything but its
/// entries, which went to a ``BackupEntrySink`` one by one as they were read, and how many
/// there were.
public struct BackupOutline: Hashable, Sendable {
  /// The backup without its entries: the currency, budgets, rules with their decisions, moods.
  public var rest: LedgerBackup
  /// How many entries were read.
  public var entryCount: Int
  /// The months that have entries.
  public var months: Set<YearMonth>

  /// An outline.
  /// - Parameters:
  ///   - rest: The backup without its entries (any it holds are ignored).
  ///   - entryCount: How many entries were read.
  ///   - months: The months that have entries.
  public init(rest: LedgerBackup, entryCount: Int, months: Set<YearMonth>) {
    var rest = rest
    rest.entries = []
    self.rest = rest
    self.entryCount = entryCount
    self.months = months
  }
}

/// Where a backup's entries go as they are read: each entry once, already checked by the
/// backup's reader.
public protocol BackupEntrySink: AnyObject {
  /// Takes one entry.
  /// - Throws: Why it cannot be kept (a duplicate id, a file that cannot be written); the
  ///   restore then ends with nothing written.
  func add(_ entry: Transaction) throws
}

extension LedgerRestoring {
  /// Restores a backup read a piece at a time by collecting its entries in memory and handing
  /// the whole backup to ``restore(_:)``: for stores that hold everything in memory anyway.
  public func restore(reading read: @Sendable (any BackupEntrySink) throws -> BackupOutline)
    async throws -> BackupOutline
  {
    let collected = CollectedEntries()
    let outline = try read(collected)
    var backup = outline.rest
    backup.entries = collected.entries.sorted(by: Transaction.listOrder)
    try await restore(backup)
    return outline
  }
}

/// The entries of a backup kept in memory.
private final class CollectedEntries: BackupEntrySink {
  var entries: [Transaction] = []

  func add(_ entry: Transaction) throws { entries.append(entry) }
}
