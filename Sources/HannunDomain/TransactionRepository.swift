/// Where ledger entries live. Queries are by day range, so a frontend loads only what it shows.
///
/// Every successful write publishes a ``LedgerChange`` to every subscriber, so views stay current
/// whoever made the change.
public protocol TransactionRepository: Sendable {
  /// Entries whose day falls in `days`, in ``Transaction/listOrder(_:_:)``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when stored data cannot be read.
  func transactions(in days: ClosedRange<Day>) async throws -> [Transaction]

  /// The entry with exactly this id, or `nil`.
  func transaction(withID id: TransactionID) async throws -> Transaction?

  /// Every id in the ledger that starts with `prefix`.
  func ids(startingWith prefix: String) async throws -> [TransactionID]

  /// Stores a new entry.
  /// - Throws: ``LedgerError/duplicateTransaction(_:)`` when the id is taken; nothing is written.
  func insert(_ transaction: Transaction) async throws

  /// Replaces the entry with the same id, which may move it to another day or month.
  /// - Throws: ``LedgerError/unknownTransaction(_:)``; nothing is written.
  func update(_ transaction: Transaction) async throws

  /// Removes an entry.
  /// - Returns: The removed entry.
  /// - Throws: ``LedgerError/unknownTransaction(_:)``; nothing is written.
  @discardableResult
  func delete(id: TransactionID) async throws -> Transaction

  /// Subscribes to changes.
  /// - Returns: The revision the subscription starts after, and the stream of later changes.
  func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>)

  /// The number of the latest change; it grows by one with each successful write.
  func latestRevision() async -> UInt64
}

/// One successful write: its revision and the months whose totals it changed.
public struct LedgerChange: Hashable, Sendable {
  public let revision: UInt64
  public let months: Set<YearMonth>

  public init(revision: UInt64, months: Set<YearMonth>) {
    self.revision = revision
    self.months = months
  }
}

extension TransactionRepository {
  /// Finds one entry by its full id or an unambiguous prefix.
  /// - Throws: ``LedgerError/unknownTransaction(_:)`` or ``LedgerError/ambiguousTransaction(_:)``.
  public func resolve(id text: String) async throws -> Transaction {
    if let exact = try await transaction(withID: TransactionID(text)) { return exact }
    let matches = text.isEmpty ? [] : try await ids(startingWith: text)
    guard matches.count <= 1 else { throw LedgerError.ambiguousTransaction(text) }
    guard let id = matches.first, let found = try await transaction(withID: id) else {
      throw LedgerError.unknownTransaction(text)
    }
    return found
  }
}
