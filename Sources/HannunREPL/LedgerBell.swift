import HannunPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A wake-up for a line editor waiting at the command prompt: another thread rings it when
/// another process wrote the ledger, and the read in progress ends with ``LineInput/changed(line:)``
/// so the session redraws the screen without waiting for a key.
///
/// It is a non-blocking pipe: ringing writes one byte (from any thread), the editor waits on
/// its read end together with the terminal, and ``drain()`` empties it.
public final class LedgerBell: Sendable {
  /// The end the line editor waits on, or -1 when no pipe could be made (then it never rings).
  package let readEnd: Int32
  private let writeEnd: Int32

  /// A bell with a pipe of its own (closed on `exec`).
  public init() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      readEnd = -1
      writeEnd = -1
      return
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if readEnd >= 0 { close(readEnd) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Wakes the read that waits on the bell, or the next one that does.
  public func ring() {
    guard writeEnd >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Forgets every ring so far.
  /// - Returns: Whether it had rung.
  @discardableResult
  public func drain() -> Bool {
    guard readEnd >= 0 else { return false }
    var rang = false
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) > 0 { rang = true }
    return rang
  }

  /// Rings the bell whenever another process moves the ledger, until the task is cancelled.
  /// When the change signal is woken by the file system (inotify, on Linux), the bell rings on
  /// its ``LedgerSignal/outside`` and nothing is read while nobody writes; otherwise the
  /// ledger's mark (``LedgerChangeSignal/mark()``: two `stat` calls, no lock) is read every
  /// `interval`.
  /// - Parameters:
  ///   - changes: The ledger's change signal.
  ///   - interval: How often the mark is read when the signal is not woken: 15 ms keeps a
  ///     redraw within a frame or three.
  /// - Returns: The watching task; cancel it when the session ends.
  public func watch(_ changes: LedgerChangeSignal, every interval: Duration = .milliseconds(15))
    -> Task<Void, Never>
  {
    Task.detached { [self] in
      let signals = await changes.subscribe()
      if await changes.wakesOnOutsideWrites {
        for await signal in signals where signal == .outside { ring() }
        return
      }
      // A poll needs no subscription: ending it (its reading cancelled) stops the signal's watch.
      Task { for await _ in signals {} }.cancel()
      var seen = await changes.mark()
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        let now = await changes.mark()
        if now.showsOutsideWrite(since: seen) { ring() }
        seen = now
      }
    }
  }
}
