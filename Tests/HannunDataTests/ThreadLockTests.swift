import HannunData
import Testing

@Suite("ThreadLock")
struct ThreadLockTests {
  @Test("The thread lock lets one thread in at a time")
  func lockExcludes() async {
    final class Counter: @unchecked Sendable {
      let lock = ThreadLock()
      var value = 0
    }
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
        }
      }
    }
    #expect(counter.lock.withLock { counter.value } == 80_000)
  }
}
