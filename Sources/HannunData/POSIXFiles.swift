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

/// One version of a file as the file system reports it: a rewrite (a rename over it) or an edit
/// in place changes at least one field, so a cached copy is trusted only while it is unchanged.
package struct FileSignature: Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  package var modifiedSeconds: Int64
  package var modifiedNanoseconds: Int64
  /// Whether it is a regular file (not a FIFO, a device, a socket or a directory), which is all
  /// the ledger ever reads: anything else is refused without being opened.
  package var isRegular: Bool = true
  /// Whether it is a directory.
  package var isDirectory: Bool = false
  /// Whether it is a symbolic link itself (looked at without following it: see
  /// ``POSIXFiles/signature(ofLedgerFileAt:)``).
  package var isSymbolicLink: Bool = false

  /// Refuses what is not a regular file, which is all the ledger reads: a symbolic link with
  /// ``FileProblem/symbolicLinkFile``, anything else with ``FileProblem/notRegularFile``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path`.
  package func requireRegular(at path: String) throws(LedgerError) {
    if isSymbolicLink { throw .unreadableFile(path: path, reason: .symbolicLinkFile) }
    guard isRegular else { throw .unreadableFile(path: path, reason: .notRegularFile) }
  }
}

/// The few POSIX file operations the store needs, with failures mapped to ``LedgerError``.
///
/// Directories are created with mode 0700 and files with mode 0600: the ledger is personal
/// finance data, for its owner only. Reading functions never create anything.
package enum POSIXFiles {
  package static let directoryMode: mode_t = 0o700
  package static let fileMode: mode_t = 0o600

  /// The system's text for an `errno` value, such as "Permission denied".
  package static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  // MARK: - Reading

  /// The largest file of the ledger read, in bytes (64 MiB): a month of a thousand entries is
  /// about 200 KB, and a decade of moods a few hundred. A larger file — a month file made huge
  /// by hand, a sparse file — is refused by its size before anything is read, so one damaged
  /// file cannot make Hannun take gigabytes of memory.
  package static let sizeLimit: Int64 = 64 << 20

  /// ``FileProblem/tooLarge(size:limit:)`` for a file of `size` bytes at `path`.
  package static func tooLarge(_ path: String, size: Int64) -> LedgerError {
    .unreadableFile(path: path, reason: .tooLarge(size: size, limit: sizeLimit))
  }

  /// The signature of the file at `path`, following a symbolic link, or `nil` when nothing is
  /// there. For a file of the ledger, use ``signature(ofLedgerFileAt:)``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when it cannot be examined.
  package static func signature(ofFileAt path: String) throws(LedgerError) -> FileSignature? {
    try signature(ofFileAt: path, followingLinks: true)
  }

  /// The signature of one of the ledger's own files at `path` (a month file, `meta.json`,
  /// `budgets.json`, `recurring.json`, `moods.json`), or `nil` when nothing is there. A symbolic
  /// link is looked at, not followed (`lstat`): its signature says it is one
  /// (``FileSignature/isSymbolicLink``), for ``FileSignature/requireRegular(at:)`` to refuse.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when it cannot be examined.
  package static func signature(ofLedgerFileAt path: String) throws(LedgerError)
    -> FileSignature?
  {
    try signature(ofFileAt: path, followingLinks: false)
  }

  private static func signature(ofFileAt path: String, followingLinks: Bool)
    throws(LedgerError) -> FileSignature?
  {
    var info = stat()
    FileOperations.recordStat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw .unreadableFile(path: path, reason: .system(errno: code))
    }
    return signature(of: info)
  }

  /// The contents of the regular file at `path` and the signature of the version read, or `nil`
  /// when nothing is there. A symbolic link is followed: a file the user names may be one. For
  /// a file of the ledger, use ``read(ledgerFile:)``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``.
  package static func read(path: String) throws(LedgerError) -> (
    data: Data, signature: FileSignature
  )? {
    try read(path: path, followingLinks: true)
  }

  /// The contents of one of the ledger's own files at `path` (a month file, `meta.json`,
  /// `budgets.json`, `recurring.json`, `moods.json`) and the signature of the version read, or
  /// `nil` when nothing is there. A symbolic link is not followed (`O_NOFOLLOW`): Hannun replaces
  /// these files whole on each write, which would replace the link and leave the file it points
  /// to behind, so a link is refused before anything is read or written.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``: ``FileProblem/symbolicLinkFile``
  ///   for a link, else as ``read(path:)``.
  package static func read(ledgerFile path: String) throws(LedgerError) -> (
    data: Data, signature: FileSignature
  )? {
    try read(path: path, followingLinks: false)
  }

  private static func read(path: String, followingLinks: Bool) throws(LedgerError) -> (
    data: Data, signature: FileSignature
  )? {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. It has no
    // effect on a regular file, and anything else is refused below.
    let descriptor = open(
      path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw openFailure(path, code)
    }
    defer { close(descriptor) }
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadableFile(path: path, reason: .system(errno: errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFile(path: path, reason: .notRegularFile)
    }
    guard Int64(info.st_size) <= sizeLimit else { throw tooLarge(path, size: Int64(info.st_size)) }
    // Read straight into the buffer the `Data` keeps: no chunk, no second copy. One byte to
    // spare tells the end of a file that has not grown since `fstat` from one that has.
    var capacity = Int(info.st_size) + 1
    guard var buffer = malloc(capacity) else {
      throw .unreadableFile(
        path: path, reason: .system(errno: ENOMEM))
    }
    var count = 0
    while true {
      if count == capacity {
        // A file that grew past the limit while it was read is refused too.
        guard Int64(count) <= sizeLimit else {
          free(buffer)
          throw tooLarge(path, size: Int64(count))
        }
        capacity *= 2
        guard let grown = realloc(buffer, capacity) else {
          free(buffer)
          throw .unreadableFile(
            path: path, reason: .system(errno: ENOMEM))
        }
        buffer = grown
      }
      let done = systemRead(descriptor, buffer + count, capacity - count)
      if done == 0 { break }
      if done < 0 {
        let code = errno
        if code == EINTR { continue }
        free(buffer)
        throw .unreadableFile(path: path, reason: .system(errno: code))
      }
      count += done
    }
    return (Data(bytesNoCopy: buffer, count: count, deallocator: .free), signature(of: info))
  }

  /// Why `open` of `path` failed with `code`: ``FileProblem/symbolicLinkFile`` when it was
  /// opened with `O_NOFOLLOW` and is a link (`ELOOP`, which a loop of links among the folders
  /// of the path gives too: the path is looked at to tell them apart), else the system's words.
  static func openFailure(_ path: String, _ code: Int32) -> LedgerError {
    if code == ELOOP {
      var info = stat()
      FileOperations.recordStat()
      if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
        return .unreadableFile(path: path, reason: .symbolicLinkFile)
      }
    }
    return .unreadableFile(path: path, reason: .system(errno: code))
  }

  /// The names in the directory at `path` and the signature of each (`lstat` relative to the
  /// open directory, which spares the kernel a path walk per file), or `nil` when there is no
  /// directory there. A name that disappears while being read is left out. A symbolic link is
  /// not followed: its signature says it is one (the folders listed are the ledger's own, whose
  /// files must not be links, see ``signature(ofLedgerFileAt:)``).
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``.
  package static func signaturesOfFiles(inDirectory path: String) throws(LedgerError) -> [(
    name: String, signature: FileSignature
  )]? {
    var result: [(name: String, signature: FileSignature)] = []
    let found = try forEachEntry(inDirectory: path) { descriptor, entry in
      var info = stat()
      FileOperations.recordStat()
      let status = withUnsafeBytes(of: entry.pointee.d_name) { raw -> Int32 in
        guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return -1 }
        return fstatat(descriptor, base, &info, AT_SYMLINK_NOFOLLOW)
      }
      guard status == 0 else { return }
      result.append((name(of: entry), signature(of: info)))
    }
    return found ? result : nil
  }

  /// The signature of the directory at `path` and of each of `names` in it (relative paths,
  /// `lstat` relative to the open directory: the kernel walks the directory's own path once, not
  /// once per name); `nil` for what is not there or cannot be looked at. A name that is a
  /// symbolic link is not followed, as ``signaturesOfFiles(inDirectory:)`` lists it.
  package static func signatures(inDirectory path: String, of names: [String]) -> (
    directory: FileSignature?, names: [FileSignature?]
  ) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return (nil, names.map { _ in nil }) }
    defer { close(descriptor) }
    var info = stat()
    FileOperations.recordStat()
    let directory = fstat(descriptor, &info) == 0 ? signature(of: info) : nil
    let found = names.map { name -> FileSignature? in
      FileOperations.recordStat()
      return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        ? signature(of: info) : nil
    }
    return (directory, found)
  }

  /// The names in the directory at `path` (without `.` and `..`), or `nil` when there is no
  /// directory there.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``.
  package static func contentsOfDirectory(atPath path: String) throws(LedgerError) -> [String]? {
    var names: [String] = []
    let found = try forEachEntry(inDirectory: path) { _, entry in names.append(name(of: entry)) }
    return found ? names : nil
  }

  /// Calls `body` with the open directory's descriptor and each entry but `.` and `..`.
  /// - Returns: `false` when there is no directory at `path`.
  private static func forEachEntry(
    inDirectory path: String,
    _ body: (Int32, UnsafeMutablePointer<dirent>) -> Void
  ) throws(LedgerError) -> Bool {
    guard let directory = try openDirectory(path) else { return false }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        let code = errno
        if code != 0 {
          throw .unreadableFile(
            path: path, reason: .system(errno: code))
        }
        return true
      }
      let isDot = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw[0] == 0x2E && (raw[1] == 0 || (raw[1] == 0x2E && raw[2] == 0))
      }
      if !isDot { body(descriptor, entry) }
    }
  }

  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The open directory at `path`, or `nil` when there is none.
  private static func openDirectory(_ path: String) throws(LedgerError) -> DirectoryStream? {
    guard let directory = opendir(path) else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw .unreadableFile(path: path, reason: .system(errno: code))
    }
    return directory
  }

  // MARK: - Writing

  /// Creates the directory at `path` and any missing parents, each with mode 0700. Existing
  /// directories are left as they are.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``.
  package static func createDirectories(atPath path: String) throws(LedgerError) {
    var info = stat()
    FileOperations.recordStat()
    if stat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw .unwritableFile(path: path, reason: .notAFolder)
      }
      return
    }
    let parent = parentDirectory(of: path)
    if parent != path { try createDirectories(atPath: parent) }
    guard mkdir(path, directoryMode) == 0 else {
      let code = errno
      if code == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw .unwritableFile(path: path, reason: .system(errno: code, changingIn: [parent]))
    }
    // The umask may have removed bits; set exactly owner-only.
    FileOperations.record(.makeDirectory(path: path))
    guard chmod(path, directoryMode) == 0 else {
      throw .unwritableFile(path: path, reason: .system(errno: errno))
    }
    synchronizeDirectory(atPath: parent)
  }

  /// Replaces the file at `path` with `data` so that a reader or a crash sees either the old
  /// contents or the new, never a mix: the bytes go to a temporary file in the same directory
  /// (`.NAME.RANDOM.tmp`, mode 0600), which is flushed to disk, renamed over `path`, and the
  /// directory is flushed. The temporary file is removed when any step fails.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - path: The file to replace.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming `path`; the old file is then
  ///   untouched.
  package static func writeAtomically(_ data: Data, toPath path: String) throws(LedgerError) {
    let directory = parentDirectory(of: path)
    let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporary = join(directory, ".\(name).\(random).tmp")

    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    guard descriptor >= 0 else {
      let code = errno
      let problem = FileProblem.system(errno: code, changingIn: [directory])
      throw .unwritableFile(
        path: path,
        reason: problem.isFolderNotWritable ? problem : .cannotCreateTemporary(errno: code))
    }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do throws(LedgerError) {
      try fill(descriptor, with: data, path: path)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else {
      throw .unwritableFile(path: path, reason: .system(errno: errno))
    }
    FileOperations.record(.create(path: temporary, data: data, flushed: true))
    guard systemRename(temporary, path) == 0 else {
      throw .unwritableFile(
        path: path, reason: .system(errno: errno, changingIn: [directory]))
    }
    FileOperations.record(.rename(from: temporary, to: path))
    renamed = true
    synchronizeDirectory(atPath: directory)
  }

  /// Writes `data` to a new file at `path` (which must not exist), flushes it to disk unless
  /// `flushing` is `false` (for hints, whose loss in a power cut costs only time), and returns
  /// its signature: the file's identity, which a rename keeps.
  /// - Parameters:
  ///   - startingWriteback: With `flushing` off, asks the system to start writing the file to
  ///     disk now without waiting (Linux's `sync_file_range`), so that a later
  ///     ``flushFile(atPath:reportingAs:)`` finds the work under way or done: several files
  ///     written one after another then reach the disk together, while the writer goes on.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``; nothing is left behind.
  package static func createFile(
    _ data: Data, atPath path: String, reportingAs target: String, flushing: Bool = true,
    startingWriteback: Bool = false
  ) throws(LedgerError) -> FileSignature {
    try createFile(
      atPath: path, reportingAs: target, flushing: flushing, startingWriteback: startingWriteback,
      contents: data
    ) { descriptor throws(LedgerError) in
      try fill(descriptor, with: data, path: target, flushing: flushing)
    }
  }

  /// Writes a new file at `path` (which must not exist) from `buffers`, one after another, as
  /// ``createFile(_:atPath:reportingAs:flushing:startingWriteback:)`` writes one buffer and with
  /// the same guarantees, without putting them together in memory first: `writev` takes them
  /// where they are (a spliced month file's runs, see ``SplicedBytes``).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``; nothing is left behind.
  static func createFile(
    gathering buffers: [UnsafeRawBufferPointer], atPath path: String, reportingAs target: String,
    flushing: Bool = true, startingWriteback: Bool = false
  ) throws(LedgerError) -> FileSignature {
    try createFile(
      atPath: path, reportingAs: target, flushing: flushing, startingWriteback: startingWriteback,
      contents: SplicedBytes.assembled(buffers)
    ) { descriptor throws(LedgerError) in
      try makeOwnerOnly(descriptor, path: target)
      if let code = writeAll(buffers, maxVectors: maxVectors, { writev(descriptor, $0, $1) }) {
        throw .unwritableFile(path: target, reason: .system(errno: code))
      }
      guard !flushing || fsync(descriptor) == 0 else {
        throw .unwritableFile(path: target, reason: .cannotFlush(errno: errno))
      }
    }
  }

  /// Writes every byte of `buffers`, in order, with `write` (`writev` on a descriptor, given
  /// vectors and their number): at most `maxVectors` a call, again from the first byte not
  /// written after a partial write, and again after `EINTR`.
  /// - Returns: `nil`, or the `errno` of the call that failed.
  static func writeAll(
    _ buffers: [UnsafeRawBufferPointer], maxVectors: Int,
    _ write: (UnsafePointer<iovec>, Int32) -> Int
  ) -> Int32? {
    var vectors = buffers.compactMap { buffer -> iovec? in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
      return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: buffer.count)
    }
    return vectors.withUnsafeMutableBufferPointer { vectors -> Int32? in
      guard let start = vectors.baseAddress else { return nil }
      var first = 0
      while first < vectors.count {
        let written = write(start + first, Int32(min(vectors.count - first, maxVectors)))
        if written < 0 {
          let code = errno
          if code == EINTR { continue }
          return code
        }
        // No byte taken and no error: the file cannot take more (never seen on a regular file).
        if written == 0 { return EIO }
        var left = written
        while left > 0, first < vectors.count {
          let length = vectors[first].iov_len
          if left >= length {
            left -= length
            first += 1
          } else {
            vectors[first].iov_base = vectors[first].iov_base.map { $0 + left }
            vectors[first].iov_len = length - left
            left = 0
          }
        }
      }
      return nil
    }
  }

  /// The most buffers one `writev` takes (`IOV_MAX`; 16, the least POSIX allows, when the system
  /// does not say).
  static let maxVectors: Int = {
    let limit = sysconf(Int32(_SC_IOV_MAX))
    return limit > 0 ? limit : 16
  }()

  /// Creates the file, calls `fill` with its descriptor, starts its writeback when asked and
  /// returns its signature; removes it when anything fails. `contents` (the bytes written) are
  /// put together only for a bound log of file operations.
  private static func createFile(
    atPath path: String, reportingAs target: String, flushing: Bool, startingWriteback: Bool,
    contents: @autoclosure () -> Data, fill: (Int32) throws(LedgerError) -> Void
  ) throws(LedgerError) -> FileSignature {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    guard descriptor >= 0 else {
      let code = errno
      let problem = FileProblem.system(errno: code, changingIn: [parentDirectory(of: path)])
      throw .unwritableFile(
        path: target,
        reason: problem.isFolderNotWritable ? problem : .cannotCreateTemporary(errno: code))
    }
    var done = false
    defer {
      close(descriptor)
      if !done { unlink(path) }
    }
    try fill(descriptor)
    if startingWriteback && !flushing { startWriteback(descriptor) }
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unwritableFile(
        path: target, reason: .system(errno: errno))
    }
    done = true
    FileOperations.record(.create(path: path, data: contents(), flushed: flushing))
    return signature(of: info)
  }

  /// Appends `data` to the file at `path`, creating it (owner-only) when there is none, without
  /// flushing it (for derived data whose loss or tearing in a power cut is detected when read:
  /// the index's change log), and returns the file's signature after.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``; some bytes may then have been
  ///   appended.
  package static func append(_ data: Data, toPath path: String) throws(LedgerError)
    -> FileSignature
  {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, fileMode)
    guard descriptor >= 0 else {
      throw .unwritableFile(path: path, reason: .system(errno: errno))
    }
    defer { close(descriptor) }
    try fill(descriptor, with: data, path: path, flushing: false)
    FileOperations.record(.append(path: path, data: data))
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unwritableFile(path: path, reason: .system(errno: errno))
    }
    return signature(of: info)
  }

  /// Flushes the file at `path` to disk (a file ``createFile(_:atPath:reportingAs:flushing:startingWriteback:)``
  /// wrote without flushing).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming `target`.
  package static func flushFile(atPath path: String, reportingAs target: String)
    throws(LedgerError)
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      throw .unwritableFile(
        path: target, reason: .cannotFlush(errno: errno))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw .unwritableFile(
        path: target, reason: .cannotFlush(errno: errno))
    }
    FileOperations.record(.flush(path: path))
  }

  /// Renames `source` over `destination` (same file system): atomic for any reader.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` naming `destination`.
  /// - Parameter creatingFolder: Whether a missing folder of `destination` is created (with its
  ///   missing parents, as ``createDirectories(atPath:)`` does) and the rename tried again. The
  ///   rename is tried first: the folder is there on almost every write, and its failing rename
  ///   tells when it is not, which spares a `stat` of the folder before each rename.
  package static func rename(
    _ source: String, over destination: String, creatingFolder: Bool = false
  ) throws(LedgerError) {
    if creatingFolder {
      if systemRename(source, destination) == 0 {
        FileOperations.record(.rename(from: source, to: destination))
        return
      }
      let code = errno
      guard code == ENOENT || code == ENOTDIR else {
        throw .unwritableFile(
          path: destination,
          reason: .system(errno: code, changingIn: folders(renaming: source, over: destination)))
      }
      try createDirectories(atPath: parentDirectory(of: destination))
    }
    guard systemRename(source, destination) == 0 else {
      throw .unwritableFile(
        path: destination,
        reason: .system(errno: errno, changingIn: folders(renaming: source, over: destination)))
    }
    FileOperations.record(.rename(from: source, to: destination))
  }

  /// The folders a rename of `source` over `destination` writes in: the destination's, then the
  /// source's when it is another.
  private static func folders(renaming source: String, over destination: String) -> [String] {
    let target = parentDirectory(of: destination)
    let origin = parentDirectory(of: source)
    return origin == target ? [target] : [target, origin]
  }

  /// Whether anything (of any kind) is at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    FileOperations.recordStat()
    return lstat(path, &info) == 0
  }

  /// Removes the file at `path`, if there is one, and flushes its directory.
  /// - Parameters:
  ///   - path: The file.
  ///   - flushing: Whether to flush the directory so that the removal survives a power cut.
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)``.
  package static func removeFile(atPath path: String, flushing: Bool = true) throws(LedgerError) {
    guard unlink(path) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw .unwritableFile(
        path: path, reason: .system(errno: code, changingIn: [parentDirectory(of: path)]))
    }
    FileOperations.record(.remove(path: path))
    if flushing { synchronizeDirectory(atPath: parentDirectory(of: path)) }
  }

  /// Removes the file at `path` if there is one, without a word (a leftover: failing to remove
  /// it changes nothing).
  package static func removeLeftover(atPath path: String) {
    if unlink(path) == 0 { FileOperations.record(.remove(path: path)) }
  }

  // MARK: - Paths

  /// `directory/name`, without doubling a slash.
  package static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The directory containing `path`; `/` for top-level paths.
  package static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }

  // MARK: - Helpers

  /// Writes all of `data` to a new file's descriptor (created with ``fileMode``, made exactly
  /// owner-only by ``makeOwnerOnly(_:path:)``) and flushes it to disk.
  private static func fill(
    _ descriptor: Int32, with data: Data, path: String, flushing: Bool = true
  ) throws(LedgerError) {
    try makeOwnerOnly(descriptor, path: path)
    let failure: Int32? = data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          let code = errno
          if code == EINTR { continue }
          return code
        }
        if written == 0 { return EIO }  // no progress and no error: never loop on it
        offset += written
      }
      return nil
    }
    if let code = failure {
      throw .unwritableFile(path: path, reason: .system(errno: code))
    }
    guard !flushing || fsync(descriptor) == 0 else {
      throw .unwritableFile(
        path: path, reason: .cannotFlush(errno: errno))
    }
  }

  /// Makes a file just created with `open(…, O_CREAT, fileMode)` exactly owner-only. The mode
  /// given to `open` can only lose bits, to the process's umask (which Hannun never changes); so
  /// the first file a process creates is looked at (`fstat`), and only when its mode came out
  /// other than ``fileMode`` is each new file set with `fchmod` — a `fchmod` per file written
  /// (six for one `add`) is otherwise a system call that changes nothing.
  private static func makeOwnerOnly(_ descriptor: Int32, path: String) throws(LedgerError) {
    if CreationMode.keepsFileMode { return }
    var info = stat()
    FileOperations.recordStat()
    if fstat(descriptor, &info) == 0, info.st_mode & 0o7777 == fileMode {
      CreationMode.keepsFileMode = true
      return
    }
    FileOperations.recordModeChange()
    guard fchmod(descriptor, fileMode) == 0 else {
      throw .unwritableFile(path: path, reason: .system(errno: errno))
    }
  }

  /// Flushes a directory's entries (a new name, a rename) to disk. Best effort: some file systems
  /// refuse to sync directories, and once a rename has happened the write cannot be undone.
  package static func synchronizeDirectory(atPath path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
    FileOperations.record(.flushDirectory(path: path))
  }

  package static func signature(of info: stat) -> FileSignature {
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return FileSignature(
      device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec),
      modifiedNanoseconds: Int64(modified.tv_nsec), isRegular: (info.st_mode & S_IFMT) == S_IFREG,
      isDirectory: (info.st_mode & S_IFMT) == S_IFDIR,
      isSymbolicLink: (info.st_mode & S_IFMT) == S_IFLNK)
  }
}

// glibc declares `DIR` as an incomplete type, which Swift imports as `OpaquePointer`; Darwin
// defines the struct, so `opendir` returns a typed pointer there.
#if canImport(Darwin)
  private typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  private typealias DirectoryStream = OpaquePointer
#endif

/// Starts writing a file's dirty pages to disk without waiting for them, where the system can
/// (Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Glibc's Swift module does not
/// declare, so it is looked up by name); elsewhere it does nothing. Best effort: the flush that
/// follows is what makes the file durable.
private func startWriteback(_ descriptor: Int32) {
  #if os(Linux)
    _ = syncFileRange?(descriptor, 0, 0, 2)
  #endif
}

#if os(Linux)
  private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
  private let syncFileRange: SyncFileRange? = {
    guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
    return unsafeBitCast(symbol, to: SyncFileRange.self)
  }()
#endif

// Inside `POSIXFiles` the enum's own `read(path:)` hides the C function of that name, so the
// system calls are reached through these.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
