import Dispatch
import HannunDomain

#if canImport(Glibc)
  import Glibc
#endif

extension JSONFileTransactionStore {
  /// Wakes a watcher of ``storedVersion()`` from the file system: on Linux, an inotify watch on
  /// the data directory, `ledger/`, `ledger/index/` and each year folder (what the version is
  /// made of; a year folder made later is watched once `ledger/` says so), read on a
  /// dispatch queue of its own, so no thread of the shared pool ever blocks on it. Elsewhere, or
  /// when inotify cannot be had (no descriptor left, no folder on the way to the data directory
  /// to watch), `nil`: the watcher polls.
  /// - Returns: One element soon after each change in those folders (changes close together
  ///   make one), until the stream ends; its end closes the descriptor.
  public nonisolated func versionWakeups() async -> AsyncStream<Void>? {
    #if canImport(Glibc)
      LedgerFolderWatch.wakeups(
        folders: [layout.root, layout.ledgerDirectory, layout.indexDirectory],
        moreFolders: { [layout] in layout.yearDirectories() }, observer: yearFoldersVersion)
    #else
      nil
    #endif
  }
}

#if canImport(Glibc)
  /// One inotify descriptor watching a ledger's folders, read by a dispatch source. Folders that
  /// do not exist yet are watched once their parent says something appeared in it: a ledger
  /// before its first write, or a data directory not made yet (then its nearest existing
  /// ancestor is watched until it is). A folder replaced by another (a restore) is watched again
  /// the same way.
  ///
  /// Unchecked: ``ancestorWatch`` is changed only in the initializer and on ``queue``.
  final class LedgerFolderWatch: @unchecked Sendable {
    /// The inotify descriptor, open until ``stop()``.
    let descriptor: Int32
    /// The folders, parents first.
    private let folders: [String]
    /// Folders watched besides, looked up again at each change (a ledger's year folders): each
    /// is watched while it exists.
    private let moreFolders: @Sendable () -> [String]
    /// Told of each event, and whether every folder is watched, so that it may keep what it
    /// looked at while nothing moves.
    private let observer: YearFoldersVersion?
    /// The first folder's ancestors, nearest first.
    private let ancestors: [String]
    /// The watch on an ancestor while the first folder does not exist.
    private var ancestorWatch: Int32?
    private let source: any DispatchSourceRead
    private let queue = DispatchQueue(label: "hannun.ledger-folder-watch")

    /// What a change in a folder is: an entry made, removed, renamed or rewritten, or the folder
    /// itself touched, moved or removed.
    private static let events: UInt32 =
      UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
      | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
      | UInt32(IN_MOVE_SELF)

    private init?(
      folders: [String], moreFolders: @escaping @Sendable () -> [String],
      observer: YearFoldersVersion?
    ) {
      self.moreFolders = moreFolders
      self.observer = observer
      let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      self.descriptor = descriptor
      self.folders = folders
      var ancestors: [String] = []
      var path = folders.first ?? "/"
      while path != "/", let slash = path.lastIndex(of: "/") {
        path = slash == path.startIndex ? "/" : String(path[..<slash])
        ancestors.append(path)
      }
      self.ancestors = ancestors
      source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      guard addWatches() else {
        close(descriptor)
        return nil
      }
    }

    /// Wake-ups from a new watch on `folders`.
    /// - Parameters:
    ///   - folders: The folders, parents before their children.
    ///   - moreFolders: Folders watched besides while they exist, looked up at each change.
    /// - Returns: The stream, or `nil` when no watch could be set.
    static func wakeups(
      folders: [String], moreFolders: @escaping @Sendable () -> [String] = { [] },
      observer: YearFoldersVersion? = nil
    ) -> AsyncStream<Void>? {
      watch(folders: folders, moreFolders: moreFolders, observer: observer).map(\.stream)
    }

    /// A new watch on `folders` and its wake-ups; the watch stops when the stream ends.
    /// - Parameters:
    ///   - folders: The folders, parents before their children.
    ///   - moreFolders: Folders watched besides while they exist, looked up at each change.
    /// - Returns: The watch and its stream, or `nil` when no watch could be set.
    static func watch(
      folders: [String], moreFolders: @escaping @Sendable () -> [String] = { [] },
      observer: YearFoldersVersion? = nil
    ) -> (watch: LedgerFolderWatch, stream: AsyncStream<Void>)? {
      observer?.watchStarted()
      guard
        let watch = LedgerFolderWatch(
          folders: folders, moreFolders: moreFolders, observer: observer)
      else {
        observer?.watchStopped()
        return nil
      }
      let (stream, continuation) = AsyncStream.makeStream(
        of: Void.self, bufferingPolicy: .bufferingNewest(1))
      watch.start { continuation.yield() }
      continuation.onTermination = { _ in
        watch.stop()
        observer?.watchStopped()
      }
      return (watch, stream)
    }

    /// Watches every folder that exists, or the nearest ancestor of the first while it does
    /// not (again: an existing watch is kept, a replaced folder gets a new one).
    /// - Returns: Whether anything is watched.
    @discardableResult
    private func addWatches() -> Bool {
      let watched = folders.prefix { inotify_add_watch(descriptor, $0, Self.events) >= 0 }.count
      if watched > 0 {
        if let ancestorWatch { inotify_rm_watch(descriptor, ancestorWatch) }
        ancestorWatch = nil
        var complete = watched == folders.count
        if complete {
          // Adding a watch a folder has already keeps it; one that is gone is dropped by the
          // kernel.
          for folder in moreFolders() where inotify_add_watch(descriptor, folder, Self.events) < 0 {
            complete = false
          }
        }
        observer?.watching(allFolders: complete)
        return true
      }
      observer?.watching(allFolders: false)
      for ancestor in ancestors {
        let watch = inotify_add_watch(descriptor, ancestor, Self.events)
        guard watch >= 0 else { continue }
        if let ancestorWatch, ancestorWatch != watch { inotify_rm_watch(descriptor, ancestorWatch) }
        ancestorWatch = watch
        return true
      }
      return false
    }

    private func start(_ wake: @escaping @Sendable () -> Void) {
      source.setEventHandler { [self] in
        guard drain() else { return }
        observer?.moved()
        addWatches()
        wake()
      }
      // The descriptor is closed only once the source can no longer read it.
      source.setCancelHandler { [descriptor] in close(descriptor) }
      source.activate()
    }

    /// Stops the watch and closes its descriptor (at once, or as soon as a read in progress
    /// ends).
    func stop() { source.cancel() }

    /// Reads every event waiting.
    /// - Returns: Whether there was one.
    private func drain() -> Bool {
      var any = false
      let size = 4096
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(descriptor, buffer, size)
        if count > 0 {
          any = true
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return any
        }
      }
    }
  }
#endif
