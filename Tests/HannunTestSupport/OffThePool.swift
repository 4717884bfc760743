import Foundation

/// Runs `body` on a thread of its own and gives back its result.
///
/// For a test's long computation (a pass over every Unicode scalar, say) or a blocking wait: the
/// concurrency pool has a thread per core, and the servers, stores and view-models of the tests
/// that run beside it need them. Record issues after the call, from the result: `#expect` inside
/// `body` runs outside the test's task.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { done in
    Thread { done.resume(returning: body()) }.start()
  }
}
