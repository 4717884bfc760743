/// Where an export is written a piece at a time: a file, standard output's spool, a string.
public protocol ExportSink: AnyObject, Sendable {
  /// Writes `text` after what was written.
  /// - Throws: Why it cannot be written; the export ends then.
  func append(_ text: String) throws
  /// Forgets everything written, to write the export again from its start (another process
  /// wrote while the ledger was read).
  /// - Throws: Why it cannot be emptied; the export ends then.
  func reset() throws
}
