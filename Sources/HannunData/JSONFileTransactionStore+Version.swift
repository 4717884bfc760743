import HannunDomain
import Synchronization

extension JSONFileTransactionStore: SharedLedger {
  /// The signatures of `ledger/`, of the index's catalog and of its change log, and of each
  /// year folder. Every write, by any process, rewrites the catalog (a new file renamed into
  /// place) or appends a line to the change log (``IndexChangeLog``), so a write changes one of
  /// them; reading changes none, except a read that records the index it had to build. A month
  /// file deleted, copied in or saved over by hand (an editor, a sync tool, a backup put back)
  /// changes its year folder and nothing of the index, and a frontend showing that month must
  /// read it again, to show it or name its damage. Nothing is read but three `stat` calls and,
  /// unless a watch of the year folders (``versionWakeups()``) has seen nothing move since the
  /// last look, `ledger/`'s entries, each looked at from the open folder (a century's ledger:
  /// about 100 year folders: a PageDown paid 1.3–1.8 ms for them); no lock is taken: a version read during a write differs from the one after
  /// it. Nor does it wait for the store's isolation, so a long read in progress (a whole
  /// ledger's totals) does not hold up a frontend that only asks whether anything moved.
  public nonisolated func storedVersion() async -> LedgerVersion {
    let index = [LedgerLayout.catalogFile, LedgerLayout.changesFile].map {
      Self.versionPart(try? POSIXFiles.signature(ofFileAt: layout.path($0)))
    }
    let ledger = Self.versionPart(try? POSIXFiles.signature(ofFileAt: layout.ledgerDirectory))
    let years = yearFoldersVersion.current { [layout] in
      let entries =
        (try? POSIXFiles.signaturesOfFiles(inDirectory: layout.ledgerDirectory)) ?? nil
      return (entries ?? []).filter { LedgerLayout.year(fromDirectoryName: $0.name) != nil }
        .sorted { $0.name < $1.name }.map { $0.name + ":" + Self.versionPart($0.signature) }
        .joined(separator: "/")
    }
    return LedgerVersion(([ledger] + index + [years]).joined(separator: "/"))
  }

  /// A signature as a part of the version.
  private static func versionPart(_ signature: FileSignature?) -> String {
    guard let signature else { return "-" }
    return
      "\(signature.device).\(signature.inode).\(signature.size)."
      + "\(signature.modifiedSeconds).\(signature.modifiedNanoseconds)"
  }

  /// Whether one of this store's writes committed the ledger's first `meta.json`: of two
  /// processes that opened the same new ledger at once, only the one whose write created it.
  /// - Returns: ``wroteFirstMetadata``.
  public func createdTheLedger() async -> Bool { wroteFirstMetadata }
}

/// The year folders' part of a store's version, kept between looks while a watch of every
/// folder (``JSONFileTransactionStore/versionWakeups()``) is running and has read no event since:
/// without such a watch, or after any event, the folders are looked at again. The flag is cleared
/// before a look, so an event during the look makes the next one look again.
final class YearFoldersVersion: Sendable {
  private struct State {
    var watches = 0
    var allFolders = false
    var moved = true
    var kept: String?
  }
  private let state = Mutex(State())

  /// The part: the kept one while a watch says nothing moved, else `look()` (then kept).
  func current(_ look: () -> String) -> String {
    let kept = state.withLock { state -> String? in
      if state.watches > 0, state.allFolders, !state.moved, let kept = state.kept { return kept }
      state.moved = false
      return nil
    }
    if let kept { return kept }
    let part = look()
    state.withLock { $0.kept = part }
    return part
  }

  /// A watch is starting.
  func watchStarted() {
    state.withLock {
      $0.watches += 1
      $0.moved = true
    }
  }

  /// A watch stopped (or could not start).
  func watchStopped() {
    state.withLock {
      $0.watches -= 1
      $0.moved = true
    }
  }

  /// Whether the watch now watches every folder it is to watch (a folder it could not add to
  /// the kernel's watch makes the folders be looked at every time).
  func watching(allFolders: Bool) {
    state.withLock {
      $0.allFolders = allFolders
      $0.moved = true
    }
  }

  /// A watch read an event in one of its folders.
  func moved() { state.withLock { $0.moved = true } }
}
