import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

/// The files under a directory as a power cut leaves them, rebuilt from the operations
/// `POSIXFiles` recorded: a file's contents survive only once flushed (`fsync`), and a
/// directory's entries (a new name, a rename, a removal) only once the directory is flushed. A
/// file created and never flushed survives, if its name does, empty. This is the least a POSIX
/// file system promises; a real one often keeps more.
private struct PowerCutModel {
  enum Entry: Equatable {
    case file(Int)
    case directory
  }

  struct Folder {
    var current: [String: Entry] = [:]
    var durable: [String: Entry] = [:]
  }

  let root: String
  private var contents: [Int: (current: Data, durable: Data)] = [:]
  private var folders: [String: Folder] = [:]

  /// The files under `root` now, all on disk.
  init(root: String) throws {
    self.root = root
    try load(root)
  }

  private mutating func load(_ path: String) throws {
    var folder = Folder()
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
      let child = path + "/" + name
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory)
      if isDirectory.boolValue {
        folder.current[name] = .directory
        try load(child)
      } else {
        let data = try Data(contentsOf: URL(fileURLWithPath: child))
        let inode = contents.count
        contents[inode] = (data, data)
        folder.current[name] = .file(inode)
      }
    }
    folder.durable = folder.current
    folders[path] = folder
  }

  private static func split(_ path: String) -> (folder: String, name: String) {
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }

  mutating func apply(_ operation: FileOperation) {
    switch operation {
    case .create(let path, let data, let flushed):
      let (folder, name) = Self.split(path)
      let inode = contents.count
      contents[inode] = (data, flushed ? data : Data())
      folders[folder, default: Folder()].current[name] = .file(inode)
    case .append(let path, let data):
      let (folder, name) = Self.split(path)
      if case .file(let inode)? = folders[folder]?.current[name], let file = contents[inode] {
        contents[inode] = (file.current + data, file.durable)
      } else {
        let inode = contents.count
        contents[inode] = (data, Data())
        folders[folder, default: Folder()].current[name] = .file(inode)
      }
    case .flush(let path):
      let (folder, name) = Self.split(path)
      if case .file(let inode)? = folders[folder]?.current[name], let file = contents[inode] {
        contents[inode] = (file.current, file.current)
      }
    case .rename(let from, let to):
      let (source, sourceName) = Self.split(from)
      let (destination, destinationName) = Self.split(to)
      guard let entry = folders[source]?.current[sourceName] else { return }
      folders[source]?.current[sourceName] = nil
      folders[destination, default: Folder()].current[destinationName] = entry
    case .remove(let path):
      let (folder, name) = Self.split(path)
      folders[folder]?.current[name] = nil
    case .makeDirectory(let path):
      let (folder, name) = Self.split(path)
      if folders[path] == nil { folders[path] = Folder() }
      folders[folder, default: Folder()].current[name] = .directory
    case .flushDirectory(let path):
      if var folder = folders[path] {
        folder.durable = folder.current
        folders[path] = folder
      }
    case .flushFileSystem:
      for (inode, file) in contents { contents[inode] = (file.current, file.current) }
      for (path, var folder) in folders {
        folder.durable = folder.current
        folders[path] = folder
      }
    }
  }

  /// Writes the files as they are after a power cut now (`durable`) or after a kill (every
  /// operation done) into `target`, a folder that does not exist yet.
  func write(to target: String, durable: Bool) throws {
    try write(folder: root, to: target, durable: durable)
  }

  private func write(folder path: String, to target: String, durable: Bool) throws {
    try FileManager.default.createDirectory(
      atPath: target, withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    guard let folder = folders[path] else { return }
    for (name, entry) in durable ? folder.durable : folder.current {
      switch entry {
      case .directory:
        try write(folder: path + "/" + name, to: target + "/" + name, durable: durable)
      case .file(let inode):
        let file = contents[inode] ?? (Data(), Data())
        let url = URL(fileURLWithPath: target + "/" + name)
        try (durable ? file.durable : file.current).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      }
    }
  }
}

/// Every entry of the ledger, id → date, read through a store.
private func entries(_ store: JSONFileTransactionStore) async throws -> [String: String] {
  let all = try await store.transactions(in: Day.range("2025-01-01", "2026-12-31"))
  var result: [String: String] = [:]
  for entry in all {
    #expect(result[entry.id.rawValue] == nil, "\(entry.id) is stored twice")
    result[entry.id.rawValue] = entry.day.iso
  }
  return result
}

/// The ledger after each of five writes, from `start`: a move that empties November (its file
/// removed, in a journalled commit), an add that creates November again, a move that empties
/// December into November, a delete, an add. The journal of the first names the November file
/// that the second creates again.
private let states: [[String: String]] = [
  ["a1": "2025-11-03", "b1": "2025-12-05"],
  ["a1": "2026-01-15", "b1": "2025-12-05"],
  ["a1": "2026-01-15", "b1": "2025-12-05", "c1": "2025-11-20"],
  ["a1": "2026-01-15", "b1": "2025-11-21", "c1": "2025-11-20"],
  ["a1": "2026-01-15", "b1": "2025-11-21"],
  ["a1": "2026-01-15", "b1": "2025-11-21", "d1": "2026-01-02"],
]

/// Runs the five writes of ``states`` on a new ledger in `data`, recording their file operations.
/// - Returns: The model of the files before the writes, the operations, and how many operations
///   had been made when each write returned.
private func recordWrites(_ data: URL) async throws -> (
  model: PowerCutModel, operations: [FileOperation], ends: [Int]
) {
  let store = try await openStore(data)
  try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
  try await store.insert(.fixture(id: "b1", day: "2025-12-05"))
  let model = try PowerCutModel(root: filePath(data).replacing(#/\/$/#, with: ""))
  let log = FileOperationLog()
  var ends: [Int] = []
  try await FileOperations.$log.withValue(log) {
    let a1 = try #require(try await store.transaction(withID: TransactionID("a1")))
    var moved = a1
    moved.day = Fixtures.day("2026-01-15")
    try await store.update(a1, to: moved)
    ends.append(log.operations.count)
    try await store.insert(.fixture(id: "c1", day: "2025-11-20"))
    ends.append(log.operations.count)
    let b1 = try #require(try await store.transaction(withID: TransactionID("b1")))
    var movedB = b1
    movedB.day = Fixtures.day("2025-11-21")
    try await store.update(b1, to: movedB)
    ends.append(log.operations.count)
    try await store.delete(id: TransactionID("c1"))
    ends.append(log.operations.count)
    try await store.insert(.fixture(id: "d1", day: "2026-01-02"))
    ends.append(log.operations.count)
  }
  #expect(try await entries(store) == states[5])
  return (model, log.operations, ends)
}

@Suite("JSON file store: power cuts at every step of a write, and journals that do not match")
struct PowerCutTests {
  @Test(
    "a power cut (or a kill) after any file operation leaves a ledger before or after the write")
  func powerCutAtEveryStep() async throws {
    try await withTemporaryDirectory { base in
      let (start, operations, ends) = try await recordWrites(base.appending(path: "data"))
      #expect(operations.count > 40, "\(operations.count) operations recorded")
      var model = start
      for step in 0...operations.count {
        if step > 0 { model.apply(operations[step - 1]) }
        // The write in progress after `step` operations, and the states it may leave.
        let write = ends.firstIndex { step < $0 } ?? ends.count
        let allowed =
          ends.contains(step) || step == 0 || write == ends.count
          ? [states[ends.firstIndex(of: step).map { $0 + 1 } ?? write]]
          : [states[write], states[write + 1]]
        for durable in [true, false] {
          let last = step > 0 ? "\(operations[step - 1])" : "none"
          let context = "\(durable ? "power cut" : "kill") after operation \(step): \(last)"
          let copy = base.appending(path: "cut-\(step)-\(durable)")
          try model.write(to: filePath(copy).replacing(#/\/$/#, with: ""), durable: durable)
          do {
            let store = try await openStore(copy)
            let found = try await entries(store)
            #expect(allowed.contains(found), "\(context): \(found), expected one of \(allowed)")
            // The index agrees with the month files, and the next write works and leaves no
            // leftover behind.
            #expect(
              Set(try await store.ids(startingWith: "").map(\.rawValue)) == Set(found.keys),
              "\(context)")
            try await store.insert(.fixture(id: "z9", day: "2025-11-28"))
            let after = try await entries(try await openStore(copy))
            #expect(after.count == found.count + 1, "\(context): \(after)")
            #expect(!exists(copy.appending(path: "ledger/journal.json")), "\(context)")
            let pending = copy.appending(path: "ledger/pending")
            #expect(
              ((try? FileManager.default.contentsOfDirectory(atPath: filePath(pending))) ?? [])
                .allSatisfy { $0.hasPrefix("listing-") }, "\(context)")
          } catch {
            Issue.record("\(context): \(error)")
          }
          try FileManager.default.removeItem(at: copy)
        }
      }
    }
  }

  /// The files just after the first write (the move) committed its journal, before it renamed
  /// anything: the model replayed up to the journal's rename, every operation on disk.
  private func committedMove(_ base: URL) async throws -> (data: URL, operations: [FileOperation]) {
    let (start, operations, _) = try await recordWrites(base.appending(path: "data"))
    let commit = try #require(
      operations.firstIndex {
        if case .rename(_, let to) = $0 { return to.hasSuffix("/ledger/journal.json") }
        return false
      })
    var model = start
    for operation in operations[...commit] { model.apply(operation) }
    let data = base.appending(path: "committed")
    try model.write(to: filePath(data).replacing(#/\/$/#, with: ""), durable: false)
    return (data, operations)
  }

  @Test("a pending file that is not the one the journal recorded is refused, naming both")
  func damagedPendingRefused() async throws {
    try await withTemporaryDirectory { base in
      let (data, _) = try await committedMove(base)
      let january = filePath(monthFile(data, "2026-01"))
      let journal = try String(
        contentsOf: data.appending(path: "ledger/journal.json"), encoding: .utf8)
      let match = try #require(
        journal.firstMatch(of: #/"path":"2026\/2026-01.json","pending":"([^"]+)"/#))
      let pending = data.appending(path: "ledger/" + String(match.1))
      // Same size, different bytes: only the checksum tells.
      var bytes = try Data(contentsOf: pending)
      bytes[bytes.count / 2] ^= 0x01
      try bytes.write(to: pending)
      let before = try snapshot(data)
      await #expect(
        throws: LedgerError.unreadableFile(
          path: filePath(data.appending(path: "ledger/journal.json")),
          reason: .journalMismatch(file: january, .pendingDamaged(pending: filePath(pending))))
      ) {
        _ = try await openStore(data).transactions(in: Day.range("2025-11-01", "2026-01-31"))
      }
      #expect(try snapshot(data) == before, "a refused recovery changed files")
    }
  }

  @Test("a file changed since the journal's commit is refused, naming it, and nothing is changed")
  func changedTargetRefused() async throws {
    try await withTemporaryDirectory { base in
      let (data, _) = try await committedMove(base)
      // November, which the journal removes, was edited by hand after the cut.
      try Data(
        monthJSON(records: [recordJSON(id: "a1"), recordJSON(id: "hand", date: "2025-11-04")])
          .utf8
      ).write(to: monthFile(data, "2025-11"))
      let before = try snapshot(data)
      await #expect(
        throws: LedgerError.unreadableFile(
          path: filePath(data.appending(path: "ledger/journal.json")),
          reason: .journalMismatch(file: filePath(monthFile(data, "2025-11")), .targetChanged))
      ) {
        _ = try await openStore(data)
      }
      #expect(try snapshot(data) == before, "a refused recovery changed files")
    }
  }

  @Test("a journal brought back after later writes (a lost removal) deletes nothing they wrote")
  func staleJournalChangesNothing() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let (_, operations, _) = try await recordWrites(data)
      // The move's journal, as it was written; the ledger is now past the second write too.
      let journal = try #require(
        operations.lazy.compactMap { operation -> Data? in
          if case .create(let path, let bytes, _) = operation, path.contains("/.journal.json.") {
            return bytes
          }
          return nil
        }.first)
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "c2", day: "2025-11-22"))
      try journal.write(to: data.appending(path: "ledger/journal.json"))
      let found = try await entries(try await openStore(data))
      #expect(found == states[5].merging(["c2": "2025-11-22"]) { $1 })
      #expect(!exists(data.appending(path: "ledger/journal.json")))
    }
  }
}
