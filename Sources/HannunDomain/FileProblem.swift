/// What is wrong with a file of the ledger, as a value: Presentation's catalogues say it in the
/// user's language. A damaged file's content is described by a ``ContentFault`` (what the parser
/// or the record rules found, and where); only text from the file itself, and the system's own
/// words for a failed call, are carried as text.
public enum FileProblem: Equatable, Sendable {
  /// A system call failed: the kind of failure (what the catalogues name) and what the system
  /// calls it.
  case system(SystemFailure, systemText: String)
  /// A temporary file for a safe replacement could not be created: why, as for
  /// ``system(_:systemText:)``.
  case cannotCreateTemporary(SystemFailure, systemText: String)
  /// The ledger's lock could not be taken: why, as for ``system(_:systemText:)``.
  case cannotLock(SystemFailure, systemText: String)
  /// The file could not be flushed to disk: why, as for ``system(_:systemText:)``.
  case cannotFlush(SystemFailure, systemText: String)
  /// A file could not be created, renamed or removed in `folder` (an absolute path) because that folder
  /// does not let this user write in it (its write permission was taken away, `chmod u-w`): the
  /// failure and the system's words, as for ``system(_:systemText:)``. Giving write permission
  /// back to that folder mends it.
  case folderNotWritable(folder: String, SystemFailure, systemText: String)
  /// Something other than a regular file (a FIFO, a device) is where a file belongs.
  case notRegularFile
  /// Something other than a folder is where a folder belongs.
  case notAFolder
  /// The data directory or `ledger` is a file; a folder is needed.
  case fileWhereFolderBelongs
  /// The ledger folder went away during a write.
  case folderDisappeared
  /// `meta.json` is missing although month files exist; it records their currency.
  case missingMetadata
  /// Written by a newer Hannun: its schema version, and the newest this one reads.
  case newerVersion(Int, supported: Int)
  /// A schema version no Hannun wrote.
  case unknownVersion(Int)
  /// An entry id stored in this file and in another.
  case duplicateID(TransactionID, alsoIn: String)
  /// A journal naming a path outside the ledger: left for a person to look at.
  case unsafeJournal(naming: String)
  /// An entry that breaks the storage rules and cannot be written, and what rule.
  case entryNotStorable(TransactionID, detail: ContentFault)
  /// The content does not parse or breaks a rule: what and where.
  case invalidContent(ContentFault)
  /// Larger than the most Hannun reads of one file (`size` and `limit` in bytes): refused before
  /// it is read, since no file Hannun writes comes near it.
  case tooLarge(size: Int64, limit: Int64)
  /// A month file the ledger's index lists (it held entries at the last write) is gone: its
  /// entries are missing, not none. `indexFolder` is the index's folder, whose removal accepts
  /// the loss.
  case missingMonthFile(indexFolder: String)
  /// A month's file found in another year's folder (`2024/2025-11.json`), where it is never read:
  /// its entries would be missing from every view. `belongsAt` is where it must be (an absolute
  /// path).
  case monthFileInOtherYear(belongsAt: String)
  /// A symbolic link where one of the ledger's own folders belongs: writes through it would land
  /// outside the data directory.
  case symbolicLink
  /// A symbolic link where one of the ledger's files belongs (a month file, `meta.json`,
  /// `budgets.json`, `recurring.json`, `moods.json`): Hannun replaces such a file whole on each
  /// write, which would replace the link and leave the file it points to behind, so it is
  /// neither read through nor written over.
  case symbolicLinkFile
  /// Another process held the ledger's lock for longer than this one waits: the holder as it
  /// recorded itself (`nil` when it left no record: a reader, or an older Hannun), and how long
  /// this process waited, in milliseconds.
  case lockHeld(by: LockHolder?, waitedMilliseconds: Int)
  /// `journal.json` records an interrupted write that cannot be finished safely, because of
  /// `file` (an absolute path): nothing was changed, and a person needs to look.
  case journalMismatch(file: String, JournalMismatch)
}

/// The kind of a failed system call, as the catalogues name it in the user's language. The file
/// store reads it from the call's error number (`errno`), so that no layer above it needs the C
/// library's constants; a failure without a name of its own keeps its number, and the system's
/// own words for it go with it (``FileProblem/system(_:systemText:)``).
public enum SystemFailure: Hashable, Sendable {
  /// No such file or folder (`ENOENT`).
  case notFound
  /// The device failed to read or write (`EIO`).
  case inputOutput
  /// Not allowed to its user (`EACCES`, `EPERM`).
  case permissionDenied
  /// Something is already there (`EEXIST`).
  case alreadyExists
  /// A part of the path is not a folder (`ENOTDIR`).
  case notAFolder
  /// A folder where a file was expected (`EISDIR`).
  case isAFolder
  /// The process has too many files open (`EMFILE`).
  case tooManyOpenFiles
  /// No space is left on the device (`ENOSPC`).
  case diskFull
  /// The file system is mounted read-only (`EROFS`).
  case readOnly
  /// A name or path is longer than the system takes (`ENAMETOOLONG`).
  case nameTooLong
  /// The user's disk quota is used up (`EDQUOT`).
  case quotaExceeded
  /// Any other failure, by the system's error number.
  case other(code: Int32)
}
