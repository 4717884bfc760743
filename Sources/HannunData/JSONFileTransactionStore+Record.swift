import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: - An index a read had to build is recorded

extension JSONFileTransactionStore {
  /// Records the index a read just built or patched in memory, so that the next process finds
  /// it and the build is paid once, not by every read until something writes.
  ///
  /// Called after the read's shared lock is released. The writers' lock is tried once, without
  /// waiting: when another process holds it (a writer, or readers), the read has already
  /// answered from memory and the next read records the index instead. Under the lock a journal
  /// left by a killed writer is finished first (the index is then forgotten: the files changed);
  /// the index is then checked against the month files as a writer checks it — an index patched
  /// by a reader is rebuilt, since its id shards on disk are not — and committed alone, every
  /// shard, totals year and the catalog, through the same journalled commit as every write, so a
  /// kill at any point leaves the old index or the new one. A failure costs only the record: the
  /// read's answer stands.
  func recordIndexBuiltByRead() async {
    guard let built = index, built.unrecorded || built.patchedInMemory, !built.months.isEmpty,
      POSIXFiles.exists(layout.metadataPath),
      let lock = try? await POSIXFiles.lock(
        directory: layout.ledgerDirectory, exclusive: true, waitingAtMost: .zero)
    else { return }
    lockAcquisitions += 1
    defer { lock.release() }
    do throws(LedgerError) {
      if try LedgerCommit.recover(layout) {
        forgetEverything()
        return
      }
      var current = try currentIndex(forWriting: true)
      guard current.unrecorded else { return }
      try commit(changes: [], ids: [:], index: &current)
    } catch {
      return
    }
  }
}
