import Testing

@testable import HannunLineEditor
@testable import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each `readline()` call installs Hannun's SIGINT and SIGWINCH handlers and puts the earlier
/// actions back after it. Saving those actions once wrote past the end of their storage into the
/// flag that says Ctrl-C was pressed (in optimized builds), so from the second read on every read
/// ended at once as interrupted and the REPL spun, taking no input.
@Suite("Readline's signal handling across reads", .serialized)
struct ReadlineSignalTests {
  @Test("installing and restoring the handlers, read after read, leaves no signal pending")
  func noSignalAfterRestoring() {
    for read in 1...3 {
      ReadlineGlobals.installSignalHandlers()
      #expect(ReadlineGlobals.interruptSignal == 0, "read \(read): Ctrl-C seen without one")
      #expect(ReadlineGlobals.resizeSignal == 0, "read \(read): a resize seen without one")
      ReadlineGlobals.restoreSignalHandlers()
    }
  }

  @Test("the actions in place before a read are the ones in place after it")
  func actionsPutBack() {
    var before = sigaction()
    sigaction(SIGWINCH, nil, &before)
    ReadlineGlobals.installSignalHandlers()
    var during = sigaction()
    sigaction(SIGWINCH, nil, &during)
    ReadlineGlobals.restoreSignalHandlers()
    var after = sigaction()
    sigaction(SIGWINCH, nil, &after)
    #if canImport(Glibc)
      let handler = { (action: sigaction) in
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      }
    #else
      let handler = { (action: sigaction) in
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
      }
    #endif
    #expect(handler(during) != handler(before))
    #expect(handler(after) == handler(before))
  }
}
