import Foundation
import HannunDomain

/// An export sink that keeps each piece written and counts the times it was emptied: what a
/// test reads to see that an export is written a piece (a month) at a time.
public final class RecordingExportSink: ExportSink, @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String] = []
  private var emptied = 0

  /// An empty sink.
  public init() {}

  /// Keeps `text` as one more piece.
  public func append(_ text: String) { lock.withLock { kept.append(text) } }

  /// Forgets the pieces kept, counting it.
  public func reset() {
    lock.withLock {
      kept = []
      emptied += 1
    }
  }

  /// The pieces kept since the last reset, in order.
  public var pieces: [String] { lock.withLock { kept } }
  /// The pieces joined: the export's text.
  public var text: String { pieces.joined() }
  /// How many times the export started again.
  public var resets: Int { lock.withLock { emptied } }
}
