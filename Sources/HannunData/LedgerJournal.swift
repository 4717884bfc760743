import Foundation
import HannunDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ledger/journal.json`: the list of file changes of one write, present from the moment the
/// write commits until every change is in place.
struct StoredJournal: Codable, Hashable, Sendable {
  struct Change: Codable, Hashable, Sendable {
    /// The file to replace or remove, relative to `ledger/`.
    var path: String
    /// The prepared new contents, relative to `ledger/` (`pending/…`), or `nil` to remove `path`.
    var pending: String?
  }

  var schemaVersion: Int
  var changes: [Change]

  /// The journal's bytes, written by hand: a writer never pays for `JSONEncoder` (recovery
  /// reads it back with `JSONDecoder`, which accepts exactly this text).
  func encoded() -> Data {
    var writer = JSONWriter(capacity: 64 + 96 * changes.count)
    writer.append("{\"schemaVersion\":")
    writer.integer(Int64(schemaVersion))
    writer.append(",\"changes\":[")
    for (index, change) in changes.enumerated() {
      if index > 0 { writer.append(",") }
      writer.append("{\"path\":")
      writer.string(change.path)
      if let pending = change.pending {
        writer.append(",\"pending\":")
        writer.string(pending)
      }
      writer.append("}")
    }
    writer.append("]}")
    return Data(writer.bytes)
  }
}

/// One write to the ledger that changes several files (month files, `meta.json`, the index) all
/// together or not at all, in the manner of a redo log:
///
/// 1. **Prepare.** Each new file is written in full to `ledger/pending/` and flushed to disk
///    (each file's writing to disk is started as it is written, and all are waited for before
///    the commit). A crash here leaves only pending files, which the next writer removes:
///    nothing changed.
/// 2. **Commit.** The list of changes is written to a temporary file, flushed, and renamed to
///    `ledger/journal.json`. That rename is the instant the write happens.
/// 3. **Apply.** Each pending file is renamed over its destination (or the destination removed),
///    then the journal is removed.
///
/// Recovery (``recover(_:)``), run under the writers' lock by the next process that opens the
/// ledger, re-applies a journal it finds: a pending file that is still there has not been renamed
/// yet, one that is gone has, so applying twice is harmless. Readers hold a shared lock, so they
/// never see the files between two renames.
struct LedgerCommit {
  private let layout: LedgerLayout
  private var changes: [StoredJournal.Change] = []
  private var pendingCreated = false
  /// Pending files to flush before the commit (by pending path, with their destination), whose
  /// writing to disk was started when they were written: see ``write(_:to:flushing:)``.
  private var unflushed: [(pending: String, destination: String)] = []

  init(layout: LedgerLayout) {
    self.layout = layout
  }

  /// Whether nothing has been staged.
  var isEmpty: Bool { changes.isEmpty }

  /// Stages new contents for a file (relative to `ledger/`).
  /// - Parameters:
  ///   - data: The file's new contents.
  ///   - relative: The file, relative to `ledger/`.
  ///   - flushing: Whether the pending file is flushed to disk before the commit. Only derived
  ///     files whose signature the committed catalog records (the index) may skip it: after a
  ///     power cut such a file may be older or empty, and its signature then tells.
  /// - Returns: The signature the file will have once in place (a rename keeps it).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the destination.
  mutating func write(_ data: Data, to relative: String, flushing: Bool = true)
    throws(LedgerError) -> FileSignature
  {
    if !pendingCreated {
      try POSIXFiles.createDirectories(atPath: layout.pendingDirectory)
      pendingCreated = true
    }
    let pending = "pending/" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".json"
    // A file to flush is flushed at the commit, not here: its writing to disk starts now, and
    // goes on while the rest of the write is prepared (two month files and the index take
    // about a millisecond to prepare), so that the flushes wait less.
    let signature = try POSIXFiles.createFile(
      data, atPath: layout.path(pending), reportingAs: layout.path(relative), flushing: false,
      startingWriteback: flushing)
    dropStaged(relative)
    changes.append(StoredJournal.Change(path: relative, pending: pending))
    if flushing { unflushed.append((pending, relative)) }
    return signature
  }

  /// Stages the removal of a file (relative to `ledger/`).
  mutating func remove(_ relative: String) {
    dropStaged(relative)
    changes.append(StoredJournal.Change(path: relative, pending: nil))
  }

  /// Forgets an earlier change to the same file, removing its pending contents.
  private mutating func dropStaged(_ relative: String) {
    for change in changes where change.path == relative {
      if let pending = change.pending { unlink(layout.path(pending)) }
    }
    changes.removeAll { $0.path == relative }
    unflushed.removeAll { $0.destination == relative }
  }

  /// Removes what was staged, when the write is given up before it commits.
  func abandon() {
    for change in changes {
      if let pending = change.pending { unlink(layout.path(pending)) }
    }
  }

  /// Commits the staged changes and applies them: through the journal when they change more
  /// than one file of the ledger itself, otherwise by renaming that file last (see
  /// ``apply(_:document:layout:)``).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``. When it is thrown before the journal
  ///   is in place (or, without a journal, at all) nothing changed; after, the write has happened
  ///   and the next process to open the ledger finishes applying it.
  func commit() throws(LedgerError) {
    guard !changes.isEmpty else { return }
    // Every document is on disk before anything points to it: a journal, or a rename.
    for file in unflushed {
      do throws(LedgerError) {
        try POSIXFiles.flushFile(
          atPath: layout.path(file.pending), reportingAs: layout.path(file.destination))
      } catch {
        abandon()
        throw error
      }
    }
    let documents = changes.filter { !LedgerLayout.isIndexFile($0.path) }
    if documents.count == 1 {
      try Self.apply(changes, document: documents[0], layout: layout)
      return
    }
    POSIXFiles.synchronizeDirectory(atPath: layout.pendingDirectory)
    let journal = StoredJournal(schemaVersion: supportedSchemaVersion, changes: changes)
    let data = journal.encoded()
    do throws(LedgerError) {
      try POSIXFiles.writeAtomically(data, toPath: layout.journalPath)
    } catch {
      abandon()
      throw error
    }
    try Self.apply(journal, layout: layout)
  }

  /// Applies a write that changes one file of the ledger itself (a month file, `meta.json`,
  /// `budgets.json` …) and any number of index files, without a journal: the index files are
  /// renamed first and the document last, so that one rename is the instant the write happens,
  /// as the journal's is for larger writes.
  ///
  /// A kill before that last rename leaves the old document beside index files that may already
  /// be new; the index is only ever used while its catalog records the document's signature
  /// (and each index file's), so the next process finds that it does not describe the ledger and
  /// rebuilds it from the month files, and nothing the write staged is seen. Saved against the
  /// journal: three flushes (the pending folder, the journal and `ledger/`) and the journal's own
  /// file.
  private static func apply(
    _ changes: [StoredJournal.Change], document: StoredJournal.Change, layout: LedgerLayout
  ) throws(LedgerError) {
    let ordered = changes.filter { $0.path != document.path } + [document]
    for change in ordered {
      let destination = layout.path(change.path)
      if let pending = change.pending {
        try POSIXFiles.createDirectories(atPath: POSIXFiles.parentDirectory(of: destination))
        try POSIXFiles.rename(layout.path(pending), over: destination)
      } else {
        try POSIXFiles.removeFile(atPath: destination, flushing: false)
      }
    }
    POSIXFiles.synchronizeDirectory(
      atPath: POSIXFiles.parentDirectory(of: layout.path(document.path)))
  }

  /// Finishes a write that a killed process committed but did not apply, and removes what
  /// killed writers left behind (pending files, temporary files). Call holding the writers' lock.
  /// - Returns: Whether a journal was found and applied.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the journal is damaged (it is
  ///   then left in place: the ledger may be half-written and needs a person to look), or
  ///   ``LedgerError/unwritableFile(path:reason:)`` when it cannot be applied.
  @discardableResult
  static func recover(_ layout: LedgerLayout) throws(LedgerError) -> Bool {
    var recovered = false
    if let file = try POSIXFiles.read(path: layout.journalPath) {
      let journal = try LedgerCodec.decode(
        StoredJournal.self, from: file.data, path: layout.journalPath)
      let unsafe = journal.changes.first {
        !LedgerLayout.isSafeRelativePath($0.path)
          || !($0.pending.map(LedgerLayout.isSafeRelativePath) ?? true)
      }
      if let unsafe {
        throw .unreadableFile(
          path: layout.journalPath,
          reason: .unsafeJournal(naming: unsafe.path))
      }
      try apply(journal, layout: layout)
      recovered = true
    }
    removeLeftovers(layout)
    return recovered
  }

  /// Renames each pending file into place (skipping those already renamed), removes what is to
  /// be removed, flushes the directories and removes the journal.
  private static func apply(_ journal: StoredJournal, layout: LedgerLayout) throws(LedgerError) {
    var directories: Set<String> = []
    for change in journal.changes {
      let destination = layout.path(change.path)
      let directory = POSIXFiles.parentDirectory(of: destination)
      // The index's folders are not flushed: a rename there lost in a power cut leaves a file
      // whose signature differs from the catalog's record, and it is not used.
      if !LedgerLayout.isIndexFile(change.path) { directories.insert(directory) }
      if let pending = change.pending {
        let source = layout.path(pending)
        guard POSIXFiles.exists(source) else { continue }
        try POSIXFiles.createDirectories(atPath: directory)
        try POSIXFiles.rename(source, over: destination)
      } else {
        // Flushed with the other directories below.
        try POSIXFiles.removeFile(atPath: destination, flushing: false)
      }
    }
    for directory in directories.sorted() { POSIXFiles.synchronizeDirectory(atPath: directory) }
    // Not flushed: a journal whose removal a power cut undoes is applied again by the next
    // process, which finds every pending file already renamed, and so changes nothing. (The next
    // commit's flush of `ledger/` makes this removal durable in any case.)
    try POSIXFiles.removeFile(atPath: layout.journalPath, flushing: false)
  }

  /// Removes everything in `pending/` and every `.NAME.RANDOM.tmp` in `ledger/` (the journal's and
  /// `meta.json`'s temporary files): with the lock held and no journal, none of it belongs to a
  /// write in progress. (Temporary files an older Hannun left in the year folders are removed when
  /// a writer lists them.)
  private static func removeLeftovers(_ layout: LedgerLayout) {
    if let names = try? POSIXFiles.contentsOfDirectory(atPath: layout.pendingDirectory) {
      for name in names { unlink(POSIXFiles.join(layout.pendingDirectory, name)) }
    }
    removeTemporaryFiles(in: layout.ledgerDirectory)
  }

  /// Removes the `.NAME.RANDOM.tmp` files `POSIXFiles.writeAtomically` leaves when killed.
  static func removeTemporaryFiles(in directory: String) {
    guard let names = try? POSIXFiles.contentsOfDirectory(atPath: directory) else { return }
    for name in names where isTemporaryFileName(name) {
      unlink(POSIXFiles.join(directory, name))
    }
  }

  static func isTemporaryFileName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
  }
}
