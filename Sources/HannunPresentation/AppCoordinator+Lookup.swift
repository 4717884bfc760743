import HannunDomain

extension AppCoordinator {
  /// The entry with exactly this id as it is stored now, which may be newer than the calendar's
  /// list: what a frontend compares a form's version with (a conflict with another window's
  /// change) or looks for before writing again (a form sent twice). Opens no route.
  /// - Parameter id: The entry's whole id (never a prefix).
  /// - Returns: The entry, or `nil` when no entry has this id.
  /// - Throws: What the repository throws when reading.
  public func storedEntry(_ id: TransactionID) async throws -> Transaction? {
    try await repository.transaction(withID: id)
  }
}

extension AppCoordinator {
  /// Whether the delete of the entry with this id is already made: no entry has the id now. A
  /// frontend sending a delete again after its answer was lost answers it as made instead of "no
  /// such entry". `false` when the entries cannot be read. Opens no route.
  /// - Parameter id: The entry's whole id (never a prefix).
  public func alreadyDeleted(_ id: TransactionID) async -> Bool {
    do {
      return try await repository.transaction(withID: id) == nil
    } catch {
      return false
    }
  }
}
