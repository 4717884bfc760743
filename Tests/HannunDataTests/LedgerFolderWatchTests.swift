import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunData

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Another process's write wakes the change signal through the file system", .serialized)
struct LedgerFolderWatchTests {
  private func entry(_ id: String, day: String = "2025-11-03") -> Transaction {
    Transaction.fixture(id: id, day: day, amount: 4_500, category: "cafe")
  }

  @Test("another store's write is signalled within seconds, though the poll is an hour apart")
  func outsideWriteWithoutPoll() async throws {
    try await withDataDirectory { data in
      // The ledger exists, as in a REPL opened on it (a folder made later: the test below).
      try await openStore(data).insert(entry("first"))
      let reader = try await openStore(data)
      let writer = try await openStore(data)
      let signal = LedgerChangeSignal(
        repository: reader, versions: reader, interval: .seconds(3600))
      let seen = Heard()
      let stream = await signal.subscribe()
      let collecting = Task {
        for await signal in stream { await seen.append(signal) }
      }
      defer { collecting.cancel() }
      #if canImport(Glibc)
        #expect(await signal.wakesOnOutsideWrites)
      #endif
      for (number, day) in ["2025-11-03", "2025-11-04", "2024-02-29"].enumerated() {
        let before = await seen.all.count
        try await writer.insert(entry("w\(number)", day: day))
        // Bounded from the write's end, generously: beside 1,200 other tests on two cores this
        // test's tasks can wait a long time for a thread (alone it takes about 20 ms; on a
        // machine also building two other packages, one wait took 75 s). The poll is an hour
        // apart, so a signal within the bound can only come from the file system.
        let clock = ContinuousClock()
        let written = clock.now
        let deadline = clock.now + .seconds(600)
        while await seen.all.count == before, clock.now < deadline {
          try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await seen.all.count > before, "write \(number) was not signalled within 600 s")
        print("write \(number) signalled after \(clock.now - written)")
        // What one write stirred settles before the next one starts.
        try await Task.sleep(for: .milliseconds(50))
      }
      let heard = await seen.all
      #expect(heard.allSatisfy { $0 == .outside }, "\(heard)")
    }
  }

  #if canImport(Glibc)
    @Test("a watch's descriptor is closed when its stream ends")
    func descriptorsClosed() async throws {
      try await withDataDirectory { data in
        let store = try await openStore(data)
        try await store.insert(entry("d1"))
        let layout = LedgerLayout(dataDirectory: data)
        for _ in 0..<20 {
          let (watch, stream) = try #require(
            LedgerFolderWatch.watch(folders: [layout.root, layout.ledgerDirectory]))
          #expect(isInotify(watch.descriptor))
          let reading = Task { for await _ in stream {} }
          reading.cancel()
          _ = await reading.value
          // The descriptor is closed on the watch's queue, soon after.
          let clock = ContinuousClock()
          let deadline = clock.now + .seconds(60)
          while isInotify(watch.descriptor), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
          }
          #expect(!isInotify(watch.descriptor), "descriptor \(watch.descriptor) left open")
        }
      }
    }

    @Test("a data directory made after the watch started is watched once it appears")
    func folderMadeLater() async throws {
      try await withDataDirectory { data in
        let layout = LedgerLayout(dataDirectory: data)
        #expect(!exists(data))
        let (_, stream) = try #require(
          LedgerFolderWatch.watch(
            folders: [layout.root, layout.ledgerDirectory, layout.indexDirectory]))
        let woken = Heard()
        let reading = Task {
          for await _ in stream { await woken.append(.outside) }
        }
        defer { reading.cancel() }
        let writer = try await openStore(data)
        for number in 0..<3 {
          let before = await woken.all.count
          try await writer.insert(entry("m\(number)"))
          let clock = ContinuousClock()
          let deadline = clock.now + .seconds(60)
          while await woken.all.count == before, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
          }
          #expect(await woken.all.count > before, "write \(number) woke nothing")
          try await Task.sleep(for: .milliseconds(50))
        }
      }
    }

    @Test("a month file deleted or copied in by hand changes the version and wakes the watch")
    func handChangeInYearFolder() async throws {
      try await withDataDirectory { data in
        let store = try await openStore(data)
        try await store.insert(entry("n1", day: "2025-11-03"))
        try await store.insert(entry("o1", day: "2025-10-03"))
        try await store.insert(entry("y1", day: "2024-10-03"))
        let stream = try #require(await store.versionWakeups())
        let woken = Heard()
        let reading = Task {
          for await _ in stream { await woken.append(.outside) }
        }
        defer { reading.cancel() }
        let october = monthFile(data, "2025-10")
        let changes: [(String, () throws -> Void)] = [
          ("a month file deleted", { try FileManager.default.removeItem(at: october) }),
          (
            "a month file copied in from a backup",
            {
              try Data(contentsOf: monthFile(data, "2024-10")).write(to: october)
            }
          ),
        ]
        for (what, change) in changes {
          let before = await store.storedVersion()
          let heard = await woken.all.count
          try change()
          let clock = ContinuousClock()
          let deadline = clock.now + .seconds(600)
          while await woken.all.count == heard, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
          }
          #expect(await woken.all.count > heard, "\(what) woke nothing")
          // Once the watch has woken, the version a watcher reads then has moved.
          #expect(await store.storedVersion() != before, "\(what): the version is the same")
          try await Task.sleep(for: .milliseconds(50))
        }
      }
    }

    @Test("while the watch reads nothing, the version does not look at each year folder again")
    func versionKeptWhileQuiet() async throws {
      try await withDataDirectory { data in
        let writer = try await openStore(data)
        try await writer.apply(
          (1966...2025).map { .insert(.fixture(id: "y\($0)", day: "\($0)-11-03")) })
        let store = try await openStore(data)
        func stats(of reads: Int) async -> Int {
          let log = FileOperationLog()
          await FileOperations.$log.withValue(log) {
            for _ in 0..<reads { _ = await store.storedVersion() }
          }
          return log.stats
        }
        // Without a watch, every read looks at the 60 year folders.
        #expect(await stats(of: 5) >= 5 * 60)
        let stream = try #require(await store.versionWakeups())
        let reading = Task { for await _ in stream {} }
        defer { reading.cancel() }
        let first = await store.storedVersion()
        // A watch that reads nothing: the folders' part is kept, two `stat` calls and the
        // ledger folder's a read.
        #expect(await stats(of: 5) <= 5 * 3)
        #expect(await store.storedVersion() == first)
        // An own write is the store's own version at once, and stays so when the watch hears it.
        try await store.insert(.fixture(id: "w1", day: "2025-11-04"))
        let written = await store.storedVersion()
        #expect(written != first)
        try await Task.sleep(for: .milliseconds(200))
        #expect(await store.storedVersion() == written)
      }
    }

    /// Whether `descriptor` is an open inotify descriptor of this process.
    private func isInotify(_ descriptor: Int32) -> Bool {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
        == "anon_inode:inotify"
    }
  #endif
}

/// What a subscription or a watch heard, in order.
private actor Heard {
  private(set) var all: [LedgerSignal] = []

  func append(_ signal: LedgerSignal) { all.append(signal) }
}
