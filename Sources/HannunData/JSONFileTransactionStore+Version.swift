import HannunDomain

extension JSONFileTransactionStore: SharedLedger {
  /// The signatures of `ledger/`, of the index's catalog and of its change log. Every write, by
  /// any process, rewrites the catalog (a new file renamed into place) or appends a line to the
  /// change log (``IndexChangeLog``), so a write changes one of them; reading changes none,
  /// except a read that records the index it had to build. Nothing is read but `ledger/`'s
  /// entries and a `stat` of each of these and of each year folder (a century's ledger: about
  /// 100), and
  /// no lock is taken: a version read during a write differs from the one after it. Nor does it
  /// wait for the store's isolation, so a long read in progress (a whole ledger's totals) does
  /// not hold up a frontend that only asks whether anything moved.
  public nonisolated func storedVersion() async -> LedgerVersion {
    // And each year folder's: a month file deleted, copied or saved over by hand (an editor,
    // a sync tool, a restore from a backup) changes its folder and nothing of the index, and a
    // frontend showing that month must read it again, to show it or name its damage.
    let paths =
      [
        layout.ledgerDirectory, layout.path(LedgerLayout.catalogFile),
        layout.path(LedgerLayout.changesFile),
      ] + layout.yearDirectories()
    let parts = paths.map { path -> String in
      guard let signature = try? POSIXFiles.signature(ofFileAt: path) else { return "-" }
      return
        "\(signature.device).\(signature.inode).\(signature.size)."
        + "\(signature.modifiedSeconds).\(signature.modifiedNanoseconds)"
    }
    return LedgerVersion(parts.joined(separator: "/"))
  }

  /// Whether one of this store's writes committed the ledger's first `meta.json`: of two
  /// processes that opened the same new ledger at once, only the one whose write created it.
  /// - Returns: ``wroteFirstMetadata``.
  public func createdTheLedger() async -> Bool { wroteFirstMetadata }
}
