import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    /// The size of the prepared contents in bytes; `nil` in a journal of an older Hannun.
    var size: Int64? = nil
    /// Their ``LedgerChecksum`` (XXH64, or FNV-1a in a journal of an older Hannun); `nil` in a
    /// journal older still.
    var checksum: String? = nil
    /// What `path` held when the write committed (a file of the ledger itself, not of the
    /// index): ``absent``, or `"SIZE CHECKSUM"` of its contents (see ``identity(of:)``). `nil`
    /// when not recorded.
    var before: String? = nil

    /// ``before`` of a file that did not exist.
    static let absent = "absent"

    /// A file's contents for ``before``: `"SIZE CHECKSUM"`, or ``absent``. Contents rather than
    /// the file's inode and time, so that a ledger copied elsewhere (a backup, `cp -r`) with a
    /// journal in it is still recognised.
    static func identity(of contents: Data?) -> String {
      guard let contents else { return absent }
      return "\(contents.count) \(LedgerChecksum.of(contents))"
    }

    /// Whether `contents` (or their absence) are what `recorded` — a ``before`` of this Hannun
    /// or of an older one, whose checksum is FNV-1a's — describes.
    static func identity(_ recorded: String, describes contents: Data?) -> Bool {
      guard let contents else { return recorded == absent }
      guard let space = recorded.firstIndex(of: " "),
        Int(recorded[..<space]) == contents.count
      else { return false }
      return LedgerChecksum.matches(contents, String(recorded[recorded.index(after: space)...]))
    }
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
      if let size = change.size {
        writer.append(",\"size\":")
        writer.integer(size)
      }
      if let checksum = change.checksum {
        writer.append(",\"checksum\":")
        writer.string(checksum)
      }
      if let before = change.before {
        writer.append(",\"before\":")
        writer.string(before)
      }
      writer.append("}")
    }
    writer.append("]}")
    return Data(writer.bytes)
  }
}

/// The checksum a journal records of each prepared file (and of each file it replaces), so that
/// recovery renames into place only the very contents the write prepared: `x` and XXH64 of the
/// bytes as 16 hex digits. Journals of older Hannuns recorded 64-bit FNV-1a as 16 hex digits
/// (no `x`), which recovery still reads; FNV-1a takes the bytes one at a time, and a move's
/// journal (two month files, their files before, the catalog) cost about 0.7 ms of its CPU.
/// (It detects damage and mix-ups, not tampering: the journal sits beside the files it names.)
package enum LedgerChecksum {
  /// The checksum of `data`, as a journal of this Hannun records it.
  package static func of(_ data: Data) -> String {
    FileOperations.recordChecksum(of: data.count)
    return of(xxh64: data.withUnsafeBytes(ContentChecksum.xxh64))
  }

  /// The checksum of bytes whose XXH64 (``ContentChecksum/xxh64(_:)``) is `hash`.
  static func of(xxh64 hash: UInt64) -> String {
    "x" + hex(hash)
  }

  /// Whether `data` has the checksum `recorded`, in either form.
  static func matches(_ data: Data, _ recorded: String) -> Bool {
    recorded.hasPrefix("x") ? of(data) == recorded : fnv1a(data) == recorded
  }

  /// The checksum of `data` as older journals record it: 64-bit FNV-1a, 16 hex digits.
  static func fnv1a(_ data: Data) -> String {
    FileOperations.recordChecksum(of: data.count)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { raw in
      for byte in raw.bindMemory(to: UInt8.self) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
    }
    return hex(hash)
  }

  /// `value` as 16 hex digits.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// One write to the ledger that changes several files (month files, `meta.json`, the index) all
/// together or not at all, in the manner of a redo log:
///
/// 1. **Prepare.** Each new file is written in full to `ledger/pending/` and flushed to disk
///    (each file's writing to disk is started as it is written, and all are waited for before
///    the commit). A crash here leaves only pending files, which the next writer removes:
///    nothing changed.
/// 2. **Commit.** The list of changes — with each pending file's size and checksum, and what
///    each destination is at this moment — is written to a temporary file, flushed, and renamed
///    to `ledger/journal.json`. That rename is the instant the write happens.
/// 3. **Apply.** Each destination to remove is removed, then each pending file is renamed over
///    its destination; the directories are flushed, and the journal is removed and its removal
///    flushed, so that no power cut brings back a journal whose write is done.
///
/// Recovery (``recover(_:)``), run under the writers' lock by the next process that opens the
/// ledger, finishes a journal it finds after checking it against the files: a pending file must
/// be the one recorded, a destination must still be what it was at the commit (or already hold
/// its new contents), and anything else is refused, naming the file. Readers hold a shared lock,
/// so they never see the files between two renames.
struct LedgerCommit {
  private let layout: LedgerLayout
  private var changes: [StoredJournal.Change] = []
  private var pendingCreated = false
  /// Pending files to flush before the commit (by pending path, with their destination), whose
  /// writing to disk was started when they were written: see ``write(_:to:flushing:)``.
  private var unflushed: [(pending: String, destination: String)] = []
  /// The size and checksum of each pending file (by pending path), for the journal: taken as
  /// each file is written once ``deferred`` is full, so that a write of many months never holds
  /// their bytes together.
  private var contents: [String: (size: Int64, checksum: String)] = [:]
  /// The bytes of pending files whose checksum is not taken yet (by pending path), up to
  /// ``deferredLimit`` bytes in all: a write that changes one file of the ledger commits
  /// without a journal and never needs them (the checksums of a month file of 833 entries and
  /// of the catalog were the largest cost of the store in an edit's process).
  private var deferred: [String: Data] = [:]
  private var deferredBytes = 0
  /// The most bytes of pending files kept for a checksum taken later: more than one write of an
  /// entry stages (its month file, the catalog, a shard, a year's totals and postings: well under
  /// 1 MiB at a million entries), and little enough that an index build, which stages hundreds of
  /// files, keeps within its memory bound.
  private static let deferredLimit = 1 << 20
  /// The destinations staged so far, so that staging a file again is found without a search.
  private var staged: Set<String> = []
  /// What files of the ledger hold now (by relative path), as the writer read them under the
  /// lock: the journal's ``StoredJournal/Change/before`` is taken from these bytes instead of
  /// reading each file again (a move's two month files, 300 KB, were read twice).
  private var current: [String: Data] = [:]

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
  ///   - hash: XXH64 of `data` (``ContentChecksum/xxh64(_:)``), when the writer has taken it
  ///     already: the journal's checksum is made from it instead of hashing the bytes again.
  ///   - current: What `relative` holds now, when the writer read it under the lock and checked
  ///     it against the index's record (a month file it spliced): the journal then records it
  ///     without reading the file again.
  /// - Returns: The signature the file will have once in place (a rename keeps it).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the destination.
  mutating func write(
    _ data: Data, to relative: String, flushing: Bool = true, hash: UInt64? = nil,
    replacing current: Data? = nil
  ) throws(LedgerError) -> FileSignature {
    let pending = try pendingPath()
    // A file to flush is flushed at the commit, not here: its writing to disk starts now, and
    // goes on while the rest of the write is prepared (two month files and the index take
    // about a millisecond to prepare), so that the flushes wait less.
    let signature = try POSIXFiles.createFile(
      data, atPath: layout.path(pending), reportingAs: layout.path(relative), flushing: false,
      startingWriteback: flushing)
    recordPending(pending, as: relative, flushing: flushing, replacing: current)
    if let hash {
      contents[pending] = (Int64(data.count), LedgerChecksum.of(xxh64: hash))
    } else if deferredBytes + data.count <= Self.deferredLimit {
      deferred[pending] = data
      deferredBytes += data.count
    } else {
      contents[pending] = (Int64(data.count), LedgerChecksum.of(data))
    }
    return signature
  }

  /// Stages new contents for a file given as runs of bytes (a spliced month file), written
  /// straight from them (see ``SplicedBytes``), as ``write(_:to:flushing:hash:replacing:)``
  /// writes one buffer to flush.
  /// - Parameters:
  ///   - bytes: The file's new contents.
  ///   - relative: The file, relative to `ledger/`.
  ///   - hash: XXH64 of `bytes` (``SplicedBytes/xxh64()``), for the journal's checksum.
  ///   - current: What `relative` holds now, as for ``write(_:to:flushing:hash:replacing:)``.
  /// - Returns: The signature the file will have once in place (a rename keeps it).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the destination.
  mutating func write(
    _ bytes: SplicedBytes, to relative: String, hash: UInt64, replacing current: Data? = nil
  ) throws(LedgerError) -> FileSignature {
    let pending = try pendingPath()
    let (path, target) = (layout.path(pending), layout.path(relative))
    // Flushed at the commit, its writing to disk started now (as above).
    let signature = try bytes.withBuffers { buffers throws(LedgerError) in
      try POSIXFiles.createFile(
        gathering: buffers, atPath: path, reportingAs: target, flushing: false,
        startingWriteback: true)
    }
    recordPending(pending, as: relative, flushing: true, replacing: current)
    contents[pending] = (Int64(bytes.count), LedgerChecksum.of(xxh64: hash))
    return signature
  }

  /// A new pending file's path, relative to `ledger/`, with `pending/` created.
  private mutating func pendingPath() throws(LedgerError) -> String {
    if !pendingCreated {
      try POSIXFiles.createDirectories(atPath: layout.pendingDirectory)
      pendingCreated = true
    }
    return "pending/" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".json"
  }

  /// Records the pending file just written as `relative`'s new contents.
  private mutating func recordPending(
    _ pending: String, as relative: String, flushing: Bool, replacing current: Data?
  ) {
    dropStaged(relative)
    changes.append(StoredJournal.Change(path: relative, pending: pending))
    if let current { self.current[relative] = current }
    if flushing { unflushed.append((pending, relative)) }
  }

  /// Stages a file prepared in `staging/` before the lock was taken (see ``StagedFile``): it is
  /// moved into `pending/` and committed as if ``write(_:to:flushing:)`` had written it there.
  /// Its contents were flushed when it was prepared.
  /// - Parameters:
  ///   - staged: The prepared file.
  ///   - relative: Its destination, relative to `ledger/`.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the destination.
  /// - Returns: The signature the file has once in place.
  mutating func adopt(_ staged: StagedFile, as relative: String) throws(LedgerError)
    -> FileSignature
  {
    let pending = try pendingPath()
    try POSIXFiles.rename(staged.path, over: layout.path(pending))
    dropStaged(relative)
    changes.append(StoredJournal.Change(path: relative, pending: pending))
    contents[pending] = (staged.size, staged.checksum)
    return staged.signature
  }

  /// Stages the removal of a file (relative to `ledger/`).
  mutating func remove(_ relative: String) {
    dropStaged(relative)
    changes.append(StoredJournal.Change(path: relative, pending: nil))
  }

  /// Forgets an earlier change to the same file, removing its pending contents.
  private mutating func dropStaged(_ relative: String) {
    guard staged.insert(relative).inserted == false else { return }
    for change in changes where change.path == relative {
      if let pending = change.pending {
        POSIXFiles.removeLeftover(atPath: layout.path(pending))
        contents[pending] = nil
        if let data = deferred.removeValue(forKey: pending) { deferredBytes -= data.count }
      }
    }
    changes.removeAll { $0.path == relative }
    unflushed.removeAll { $0.destination == relative }
    current[relative] = nil
  }

  /// Removes what was staged, when the write is given up before it commits.
  func abandon() {
    for change in changes {
      if let pending = change.pending { POSIXFiles.removeLeftover(atPath: layout.path(pending)) }
    }
  }

  /// Commits the staged changes and applies them: through the journal when they change more
  /// than one file of the ledger itself, otherwise by renaming that file last (see
  /// ``apply(_:document:layout:)``).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` before the journal is in place (or,
  ///   without a journal, at all): nothing changed. After, the write has happened and the next
  ///   process to open the ledger finishes applying it:
  ///   ``LedgerError/unfinishedWrite(path:reason:journal:)``.
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
    do throws(LedgerError) {
      let journal = StoredJournal(schemaVersion: supportedSchemaVersion, changes: try recorded())
      try POSIXFiles.writeAtomically(journal.encoded(), toPath: layout.journalPath)
      do throws(LedgerError) {
        try Self.apply(journal.changes, layout: layout)
      } catch .unwritableFile(let path, let reason) {
        // The journal in place is the write: what failed is putting its files in place, which
        // the next process to open the ledger finishes. Not "nothing was changed".
        throw .unfinishedWrite(path: path, reason: reason, journal: layout.journalPath)
      }
    } catch {
      if !POSIXFiles.exists(layout.journalPath) { abandon() }
      throw error
    }
  }

  /// The staged changes as the journal records them: each pending file's size and checksum, and
  /// what each file of the ledger itself is now, so that recovery can tell the very files this
  /// write prepared and expected from anything else.
  private func recorded() throws(LedgerError) -> [StoredJournal.Change] {
    var recorded = changes
    for position in recorded.indices {
      let change = recorded[position]
      if let pending = change.pending {
        if let known = contents[pending] {
          recorded[position].size = known.size
          recorded[position].checksum = known.checksum
        } else if let data = deferred[pending] {
          recorded[position].size = Int64(data.count)
          recorded[position].checksum = LedgerChecksum.of(data)
        }
      }
      if !LedgerLayout.isIndexFile(change.path) {
        var now = current[change.path]
        if now == nil { now = try POSIXFiles.read(path: layout.path(change.path))?.data }
        recorded[position].before = StoredJournal.Change.identity(of: now)
      }
    }
    return recorded
  }

  /// Applies a write that changes one file of the ledger itself (a month file, `meta.json`,
  /// `budgets.json` …) and any number of index files, without a journal. One step is the instant
  /// the write happens, and the index is only ever used while its catalog records every month
  /// file's signature (and each index file's), so a kill or power cut on either side of it leaves
  /// an index the next process finds stale and rebuilds from the month files, and nothing the
  /// write staged is seen. The order keeps the catalog from ever listing a month file that is not
  /// there (which would be named missing):
  ///
  /// - A document written (created or replaced) is renamed into place first and its folder
  ///   flushed, then the index files follow.
  /// - A document removed goes last: the index files first, the catalog's folder flushed, then
  ///   the removal.
  ///
  /// Saved against the journal: three flushes (the pending folder, the journal and `ledger/`) and
  /// the journal's own file.
  private static func apply(
    _ changes: [StoredJournal.Change], document: StoredJournal.Change, layout: LedgerLayout
  ) throws(LedgerError) {
    let documentPath = layout.path(document.path)
    let documentFolder = POSIXFiles.parentDirectory(of: documentPath)
    let index = changes.filter { $0.path != document.path }
    if let pending = document.pending {
      try POSIXFiles.rename(layout.path(pending), over: documentPath, creatingFolder: true)
      POSIXFiles.synchronizeDirectory(atPath: documentFolder)
      try applyIndex(index, layout: layout)
    } else {
      try applyIndex(index, layout: layout)
      flushCatalogFolder(changes, layout: layout)
      try POSIXFiles.removeFile(atPath: documentPath, flushing: true)
    }
  }

  /// Renames the index's pending files into place and removes the index files a write drops.
  private static func applyIndex(_ changes: [StoredJournal.Change], layout: LedgerLayout)
    throws(LedgerError)
  {
    for change in changes {
      let destination = layout.path(change.path)
      if let pending = change.pending {
        try POSIXFiles.rename(layout.path(pending), over: destination, creatingFolder: true)
      } else {
        try POSIXFiles.removeFile(atPath: destination, flushing: false)
      }
    }
  }

  /// Finishes a write that a killed process committed but did not apply, and removes what
  /// killed writers left behind (pending files, temporary files). Call holding the writers' lock.
  ///
  /// Nothing is replayed blindly: before anything is touched, each change is looked at (see
  /// ``remaining(_:layout:)``), and a journal whose files are not what it recorded is refused
  /// with the file that differs, and left in place with everything else.
  /// - Returns: Whether a journal was found and applied.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the journal is damaged or does
  ///   not match its files (it is then left in place: the ledger may be half-written and needs a
  ///   person to look), or ``LedgerError/unwritableFile(path:reason:)`` when it cannot be
  ///   applied.
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
      let (changes, indexLeftBehind) = try remaining(journal, layout: layout)
      if indexLeftBehind {
        // An index file of the write did not survive whole, so the catalog may still list a
        // month file the write removes: it would be named missing. The files are the truth, so
        // the catalog goes (for good, before the journal does) and the index is built again.
        try POSIXFiles.removeFile(atPath: layout.path(LedgerLayout.catalogFile))
      }
      try apply(changes, layout: layout)
      recovered = true
    }
    removeLeftovers(layout)
    return recovered
  }

  /// The changes of a committed journal still to make, decided before anything is touched:
  ///
  /// - A file of the ledger already holding its prepared contents (size and checksum) is done.
  /// - A pending file still there must be whole (the size and checksum recorded), and its
  ///   destination still what it was at the commit; it is then renamed into place.
  /// - A pending file that is gone was renamed, unless its destination is still as it was at
  ///   the commit: the prepared contents are then lost, and the journal is refused.
  /// - A file to remove is removed while it is what it was at the commit. One that changed
  ///   since was created again by a later write when every rename of the journal is done (a
  ///   write makes its removals before its renames), and is left alone; otherwise the journal is
  ///   refused.
  /// - The index's files are derived: one whose pending file is not whole is left as it is, and
  ///   the index is then rebuilt from the ledger's files (`indexLeftBehind`).
  ///
  /// A journal of an older Hannun records no sizes, checksums or earlier files, and is applied
  /// as it was then.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming the journal, with
  ///   ``FileProblem/journalMismatch(file:_:)`` naming the file that differs.
  private static func remaining(_ journal: StoredJournal, layout: LedgerLayout)
    throws(LedgerError) -> (changes: [StoredJournal.Change], indexLeftBehind: Bool)
  {
    func refuse(_ file: String, _ mismatch: JournalMismatch) -> LedgerError {
      .unreadableFile(path: layout.journalPath, reason: .journalMismatch(file: file, mismatch))
    }
    var remaining: [StoredJournal.Change] = []
    var changedRemovals: [String] = []
    var renamesLeft = false
    var hasRenames = false
    var indexLeftBehind = false
    for change in journal.changes {
      let target = layout.path(change.path)
      let isIndex = LedgerLayout.isIndexFile(change.path)
      guard let pending = change.pending else {
        if isIndex {
          remaining.append(change)
        } else if POSIXFiles.exists(target) {
          if try matches(change.before, target) {
            remaining.append(change)
          } else {
            changedRemovals.append(target)
          }
        }
        continue
      }
      let source = layout.path(pending)
      if isIndex {
        if try holds(source, change) {
          remaining.append(change)
        } else {
          // Unless the index file already holds what the write prepared for it.
          var alreadyThere = false
          if change.checksum != nil { alreadyThere = try holds(target, change) }
          if !alreadyThere { indexLeftBehind = true }
        }
        continue
      }
      hasRenames = true
      if change.checksum != nil, try holds(target, change) { continue }
      if POSIXFiles.exists(source) {
        guard try holds(source, change) else {
          throw refuse(target, .pendingDamaged(pending: source))
        }
        guard try matches(change.before, target) else {
          throw refuse(target, .targetChanged)
        }
        remaining.append(change)
        renamesLeft = true
      } else if change.before != nil, try matches(change.before, target) {
        throw refuse(target, .pendingMissing(pending: source))
      }
      // Otherwise it was renamed into place and changed by a later write: left as it is.
    }
    if let changed = changedRemovals.first, renamesLeft || !hasRenames {
      throw refuse(changed, .targetChanged)
    }
    return (remaining, indexLeftBehind)
  }

  /// Whether the file at `path` is a regular file with the size and checksum `change` records
  /// (any file there, for a change of an older Hannun's journal, which records neither).
  private static func holds(_ path: String, _ change: StoredJournal.Change) throws(LedgerError)
    -> Bool
  {
    guard let size = change.size, let checksum = change.checksum else {
      return POSIXFiles.exists(path)
    }
    guard let signature = try POSIXFiles.signature(ofFileAt: path), signature.isRegular,
      signature.size == size, let file = try POSIXFiles.read(path: path)
    else { return false }
    return Int64(file.data.count) == size && LedgerChecksum.matches(file.data, checksum)
  }

  /// Whether the file at `path` (or its absence) is what `before` recorded; always, when
  /// nothing was.
  private static func matches(_ before: String?, _ path: String) throws(LedgerError) -> Bool {
    guard let before else { return true }
    return StoredJournal.Change.identity(before, describes: try POSIXFiles.read(path: path)?.data)
  }

  /// Makes `changes`: every removal first, then every rename of a pending file still there, then
  /// flushes the ledger's directories and removes the journal, flushing `ledger/` too, so that
  /// no power cut can bring back a journal whose write is done (a later write could have changed
  /// the files it names).
  private static func apply(_ changes: [StoredJournal.Change], layout: LedgerLayout)
    throws(LedgerError)
  {
    var directories: Set<String> = []
    let ordered = changes.filter { $0.pending == nil } + changes.filter { $0.pending != nil }
    for change in ordered {
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
    // Once the journal is gone, a catalog rename lost in a power cut would stay lost, and a
    // catalog listing a month file the write removed would name it missing.
    if changes.contains(where: { $0.pending == nil && !LedgerLayout.isIndexFile($0.path) }) {
      flushCatalogFolder(changes, layout: layout)
    }
    try POSIXFiles.removeFile(atPath: layout.journalPath, flushing: true)
  }

  /// Flushes the catalog's folder when `changes` rename a new catalog into it.
  private static func flushCatalogFolder(
    _ changes: [StoredJournal.Change], layout: LedgerLayout
  ) {
    guard changes.contains(where: { $0.path == LedgerLayout.catalogFile && $0.pending != nil })
    else { return }
    POSIXFiles.synchronizeDirectory(
      atPath: POSIXFiles.parentDirectory(of: layout.path(LedgerLayout.catalogFile)))
  }

  /// Removes everything in `pending/` and every `.NAME.RANDOM.tmp` in `ledger/` (the journal's and
  /// `meta.json`'s temporary files): with the lock held and no journal, none of it belongs to a
  /// write in progress. (Temporary files an older Hannun left in the year folders are removed when
  /// a writer lists them.)
  private static func removeLeftovers(_ layout: LedgerLayout) {
    if let names = try? POSIXFiles.contentsOfDirectory(atPath: layout.pendingDirectory) {
      for name in names {
        POSIXFiles.removeLeftover(atPath: POSIXFiles.join(layout.pendingDirectory, name))
      }
    }
    removeTemporaryFiles(in: layout.ledgerDirectory)
    StagedFile.removeAbandoned(layout)
  }

  /// Removes the `.NAME.RANDOM.tmp` files `POSIXFiles.writeAtomically` leaves when killed.
  static func removeTemporaryFiles(in directory: String) {
    guard let names = try? POSIXFiles.contentsOfDirectory(atPath: directory) else { return }
    for name in names where isTemporaryFileName(name) {
      POSIXFiles.removeLeftover(atPath: POSIXFiles.join(directory, name))
    }
  }

  static func isTemporaryFileName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
  }
}

/// A file a long write (an import) prepared in `ledger/staging/` before it took the writers'
/// lock, flushed to disk: at its commit the write moves it into `pending/`
/// (``LedgerCommit/adopt(_:as:)``). Writers clear `pending/` whenever they take the lock, so a
/// file prepared without the lock waits elsewhere; its name starts with the process's id, and a
/// writer removes the staged files of processes no longer running.
struct StagedFile: Sendable {
  /// The file's path.
  let path: String
  /// Its size in bytes.
  let size: Int64
  /// Its ``LedgerChecksum``.
  let checksum: String
  /// Its signature (a rename keeps it).
  let signature: FileSignature
  /// The file it will replace, named in errors.
  let target: String

  /// `ledger/staging/`.
  static func directory(_ layout: LedgerLayout) -> String {
    POSIXFiles.join(layout.ledgerDirectory, "staging")
  }

  /// Writes `data` to a new staged file, flushed to disk unless `flushing` is `false`.
  /// - Parameters:
  ///   - data: The contents.
  ///   - layout: The ledger.
  ///   - target: The file it will replace, named in errors.
  ///   - flushing: Whether the file is flushed now. A batch of many files is written without
  ///     (their writing to disk is started) and flushed together by ``flush(_:layout:)`` before
  ///     anything points to them.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming `target`.
  static func write(
    _ data: Data, layout: LedgerLayout, reportingAs target: String, flushing: Bool = true
  ) throws(LedgerError) -> StagedFile {
    let folder = directory(layout)
    try POSIXFiles.createDirectories(atPath: folder)
    let name = "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".json"
    let path = POSIXFiles.join(folder, name)
    let signature = try POSIXFiles.createFile(
      data, atPath: path, reportingAs: target, flushing: flushing, startingWriteback: !flushing)
    return StagedFile(
      path: path, size: Int64(data.count), checksum: LedgerChecksum.of(data), signature: signature,
      target: target)
  }

  /// Flushes staged files written without flushing, all at once when there are many (see
  /// ``POSIXFiles/flushFiles(_:onFileSystemOf:)``): a commit may adopt them only after this.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming the file that could not be
  ///   flushed.
  static func flush(_ files: [StagedFile], layout: LedgerLayout) throws(LedgerError) {
    try POSIXFiles.flushFiles(
      files.map { ($0.path, $0.target) }, onFileSystemOf: directory(layout))
  }

  /// Removes the file (a write given up, or prepared again).
  func discard() {
    POSIXFiles.removeLeftover(atPath: path)
  }

  /// Removes the staged files of processes that are no longer running; run under the
  /// exclusive lock.
  static func removeAbandoned(_ layout: LedgerLayout) {
    let folder = directory(layout)
    guard let names = try? POSIXFiles.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      let digits = name.prefix { $0.isASCII && $0.isNumber }
      if let pid = Int32(digits), pid > 0, kill(pid, 0) == 0 || errno == EPERM { continue }
      POSIXFiles.removeLeftover(atPath: POSIXFiles.join(folder, name))
    }
  }
}
