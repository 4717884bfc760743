import HannunDomain
import HannunInMemoryStore

extension ChurningLedger {
  /// The ledger's capabilities: its entries, moods and stored version are this ledger's (so
  /// another process's writes show between reads); budgets, rules and restoring are its store's.
  public nonisolated var stores: LedgerStores {
    LedgerStores(
      entries: self, budgets: store, recurring: store, moods: self, versions: self,
      restoring: store)
  }
}
