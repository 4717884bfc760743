import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the signed-in sessions are kept between runs of `hannun serve`, so that restarting the
/// server signs no phone out: a file only its owner may read or write (0600), next to the token
/// file. It holds the token the sessions were made under — a new token forgets them all — and
/// one line per session: its secret, its CSRF token and when it ends (seconds since 1970).
/// A file that is missing, not private or not in this shape keeps nothing.
struct SessionFile: Sendable {
  /// The file's path.
  let path: String

  /// The first line of the file.
  private static let header = "hannun-sessions 1"

  /// One kept session.
  struct Entry: Equatable, Sendable {
    var secret: String
    var csrf: String
    var expires: Int64
  }

  /// The file kept beside a token file: `serve-token.sessions` next to `serve-token`.
  /// - Parameter tokenFile: The token file's path.
  static func beside(tokenFile: String) -> SessionFile {
    SessionFile(path: tokenFile + ".sessions")
  }

  /// The sessions made under `token` that have not ended by `now`, oldest first.
  func load(token: String, now: Int64) -> [Entry] {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_mode & 0o077 == 0, status.st_uid == getuid(), status.st_size < 1 << 20,
      let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return [] }
    let lines = text.split(separator: "\n").map(String.init)
    guard lines.count >= 2, lines[0] == Self.header, Secret.matches(lines[1], token) else {
      return []
    }
    return lines.dropFirst(2).compactMap { line in
      let parts = line.split(separator: " ").map(String.init)
      guard parts.count == 3, parts[0].utf8.count == 64, parts[1].utf8.count == 64,
        let expires = Int64(parts[2]), expires > now
      else { return nil }
      return Entry(secret: parts[0], csrf: parts[1], expires: expires)
    }
  }

  /// Replaces the file with `entries` under `token`: written to a private file beside it, then
  /// renamed over it, so a reader never sees half a file.
  /// - Returns: Whether the file was written.
  @discardableResult
  func save(_ entries: [Entry], token: String) -> Bool {
    var text = Self.header + "\n" + token + "\n"
    for entry in entries { text += "\(entry.secret) \(entry.csrf) \(entry.expires)\n" }
    let temporary = path + ".new"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
