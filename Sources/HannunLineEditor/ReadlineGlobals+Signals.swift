@preconcurrency import CReadline
import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C and window resizes while readline reads, and the key source that sees them.
extension ReadlineGlobals {
  /// Set to 1 by the SIGINT handler, cleared by ``readKey(_:)``.
  nonisolated(unsafe) static var interruptSignal: Int32 = 0
  /// Set to 1 by the SIGWINCH handler, cleared by ``readKey(_:)``.
  nonisolated(unsafe) static var resizeSignal: Int32 = 0
  /// The self-pipe that wakes ``readKey(_:)`` when a signal arrives: its read end…
  nonisolated(unsafe) static var wakeUpReader: Int32 = -1
  /// …and its write end, the only thing the handlers write to.
  nonisolated(unsafe) static var wakeUpWriter: Int32 = -1
  /// Where the actions in place before ``installSignalHandlers()`` are kept (SIGINT's, then
  /// SIGWINCH's), in memory of their own, of a fixed generous size.
  ///
  /// They were two `sigaction` statics: in an optimized build the compiler emitted the second
  /// one 4 bytes shorter than the C library's `struct sigaction` (its initializer folded into a
  /// constant without the padding after `sa_flags`), so saving the old SIGWINCH action wrote the
  /// high half of its `sa_restorer` into ``interruptSignal``, the static right after it. From
  /// the second read on, every read then ended at once as if Ctrl-C had been pressed, and the
  /// REPL spun redrawing, taking no more input.
  nonisolated(unsafe) private static let savedActions: UnsafeMutablePointer<sigaction> = {
    let room = UnsafeMutableRawPointer.allocate(
      byteCount: 2 * actionRoom, alignment: MemoryLayout<sigaction>.alignment)
    room.initializeMemory(as: UInt8.self, repeating: 0, count: 2 * actionRoom)
    return room.bindMemory(to: sigaction.self, capacity: 2)
  }()
  /// Bytes kept for each saved action: more than any C library's `struct sigaction`.
  private static let actionRoom = 512

  /// Installs the SIGINT and SIGWINCH handling for one `readline()` call.
  ///
  /// Readline's own signal catching is off (``configureOnce()`` turns off its SIGWINCH handler,
  /// and this its SIGINT one). Each handler only stores a constant into an `Int32` static and
  /// writes one byte to a non-blocking pipe, then restores `errno`: all async-signal-safe, and
  /// every static they touch is initialised here first, so no lazy initialisation runs inside a
  /// handler. A handler may run on any thread, so ``readKey(_:)``, readline's key source for the
  /// call, waits on the terminal and the pipe together and acts on the flags on readline's
  /// thread.
  static func installSignalHandlers() {
    // Made before the flags are cleared, so nothing the C library writes lands after that.
    let interruptSlot = savedAction(0)
    let resizeSlot = savedAction(1)
    interruptSignal = 0
    resizeSignal = 0
    if wakeUpReader < 0 {
      var ends: [Int32] = [-1, -1]
      if pipe(&ends) == 0 {
        for end in ends {
          _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
          _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeUpReader = ends[0]
        wakeUpWriter = ends[1]
      }
    }
    rl_catch_signals = 0
    rl_getc_function = { stream in ReadlineGlobals.readKey(stream) }
    install(SIGINT, flags: 0, savingTo: interruptSlot) { _ in
      let saved = errno
      ReadlineGlobals.interruptSignal = 1
      var byte: UInt8 = 3
      _ = write(ReadlineGlobals.wakeUpWriter, &byte, 1)
      errno = saved
    }
    // SA_RESTART: a resize must not fail a file operation on another thread with EINTR.
    install(SIGWINCH, flags: Int32(SA_RESTART), savingTo: resizeSlot) { _ in
      let saved = errno
      ReadlineGlobals.resizeSignal = 1
      var byte: UInt8 = 26
      _ = write(ReadlineGlobals.wakeUpWriter, &byte, 1)
      errno = saved
    }
  }

  /// Puts back the actions that were in place before ``installSignalHandlers()``.
  static func restoreSignalHandlers() {
    sigaction(SIGINT, savedAction(0), nil)
    sigaction(SIGWINCH, savedAction(1), nil)
    rl_getc_function = rl_getc
    drainWakeUp()
  }

  /// The room for saved action `number` (0: SIGINT, 1: SIGWINCH).
  private static func savedAction(_ number: Int) -> UnsafeMutablePointer<sigaction> {
    (UnsafeMutableRawPointer(savedActions) + number * actionRoom)
      .assumingMemoryBound(to: sigaction.self)
  }

  /// Installs `handler` for `signal`, writing the action it replaces to `previous`.
  private static func install(
    _ signal: Int32, flags: Int32, savingTo previous: UnsafeMutablePointer<sigaction>,
    _ handler: @convention(c) (Int32) -> Void
  ) {
    var action = sigaction()
    // The handler field is a union whose Swift name differs between glibc and Darwin.
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(signal, &action, previous)
  }

  /// Reads one byte of input for readline.
  ///
  /// Ctrl-C empties the line and a resize makes readline learn the new size (and wipes the line
  /// from the screen, which the caller redraws); so does the ledger bell of a command read, once
  /// no typed key waits; each then answers `READERR`, which ends
  /// `readline()` at once whatever it was doing (a completion listing, a search), with the
  /// terminal restored, and it keeps answering it until the call returns. The first byte typed
  /// on a selected prefill decides whether the prefill is replaced.
  static func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    let descriptor = stream.map { fileno($0) } ?? STDIN_FILENO
    while true {
      if ending != nil { return READERR }
      if interruptSignal != 0 {
        interruptSignal = 0
        drainWakeUp()
        ending = .interrupted
        rl_replace_line("", 1)
        rl_redisplay()
        continue
      }
      if resizeSignal != 0 {
        resizeSignal = 0
        drainWakeUp()
        rl_resize_terminal()
        ending = .resized(currentLine())
        _ = rl_clear_visible_line()
        continue
      }
      let bell = followedBell?.readEnd ?? -1
      var sources = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeUpReader, events: Int16(POLLIN), revents: 0),
        pollfd(fd: bell, events: Int16(POLLIN), revents: 0),
      ]
      // A negative descriptor is ignored by poll.
      let ready = poll(&sources, 3, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return EOF
      }
      // Keys typed before the bell rang are read first, so none is lost or reordered.
      if sources[0].revents == 0, sources[2].revents != 0, followedBell?.drain() == true {
        ending = .changed(currentLine(), point: rl_point)
        rl_deactivate_mark()
        _ = rl_clear_visible_line()
        continue
      }
      guard sources[0].revents != 0 else { continue }
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count == 1 {
        if selectionPending { firstKeyOnSelection(byte) }
        return Int32(byte)
      }
      if count < 0 && errno == EINTR { continue }
      return EOF
    }
  }

  private static func drainWakeUp() {
    guard wakeUpReader >= 0 else { return }
    var byte: UInt8 = 0
    while read(wakeUpReader, &byte, 1) > 0 {}
  }
}
