import HannunDomain

extension JSONFileTransactionStore: SharedLedger {
  /// The signatures of `ledger/`, of the index's catalog and of its change log, and of each
  /// year folder. Every write, by any process, rewrites the catalog (a new file renamed into
  /// place) or appends a line to the change log (``IndexChangeLog``), so a write changes one of
  /// them; reading changes none, except a read that records the index it had to build. A month
  /// file deleted, copied in or saved over by hand (an editor, a sync tool, a backup put back)
  /// changes its year folder and nothing of the index, and a frontend showing that month must
  /// read it again, to show it or name its damage. Nothing is read but `ledger/`'s entries, each
  /// looked at from the open folder (a century's ledger: about 100 year folders), and two more
  /// `stat` calls; no lock is taken: a version read during a write differs from the one after
  /// it. Nor does it wait for the store's isolation, so a long read in progress (a whole
  /// ledger's totals) does not hold up a frontend that only asks whether anything moved.
  public nonisolated func storedVersion() async -> LedgerVersion {
    func part(_ signature: FileSignature?) -> String {
      guard let signature else { return "-" }
      return
        "\(signature.device).\(signature.inode).\(signature.size)."
        + "\(signature.modifiedSeconds).\(signature.modifiedNanoseconds)"
    }
    let index = [LedgerLayout.catalogFile, LedgerLayout.changesFile].map {
      part(try? POSIXFiles.signature(ofFileAt: layout.path($0)))
    }
    let entries = (try? POSIXFiles.signaturesOfFiles(inDirectory: layout.ledgerDirectory)) ?? nil
    let years = (entries ?? []).filter { LedgerLayout.year(fromDirectoryName: $0.name) != nil }
      .sorted { $0.name < $1.name }.map { $0.name + ":" + part($0.signature) }
    let ledger = part(try? POSIXFiles.signature(ofFileAt: layout.ledgerDirectory))
    return LedgerVersion(([ledger] + index + years).joined(separator: "/"))
  }

  /// Whether one of this store's writes committed the ledger's first `meta.json`: of two
  /// processes that opened the same new ledger at once, only the one whose write created it.
  /// - Returns: ``wroteFirstMetadata``.
  public func createdTheLedger() async -> Bool { wroteFirstMetadata }
}
