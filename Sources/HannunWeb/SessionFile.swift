import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the signed-in sessions are kept between runs of `hannun serve`, so that restarting the
/// server signs no phone out: a file only its owner may read or write (0600), next to the token
/// file. It holds the token the sessions were made under — a new token forgets them all — and
/// one line per session (one paired device): its secret, its CSRF token, when it ends and when it
/// began (seconds since 1970), and the device's name (percent-encoded; `-` for none). Lines of the
/// first version's files (without the last two) are read too. A file that is missing, not
/// private or not in this shape keeps nothing. `hannun serve --devices` lists and revokes the
/// sessions by rewriting it; a running server reads it again when it changed.
struct SessionFile: Sendable {
  /// The file's path.
  let path: String

  /// The first line of the file.
  private static let header = "hannun-sessions 2"
  /// The first line of the first version's files, still read.
  private static let firstHeader = "hannun-sessions 1"

  /// One kept session: one signed-in device.
  struct Entry: Equatable, Sendable {
    var secret: String
    var csrf: String
    var expires: Int64
    /// When it began, in seconds since 1970; 0 when not known (a first-version file).
    var created: Int64 = 0
    /// The name given when pairing, or empty.
    var name = ""

    /// A short name for the session that says nothing of its secret: eight hex digits of a
    /// 64-bit FNV-1a hash of it, what `hannun serve --devices` lists and revokes by.
    var id: String {
      var hash = FNV1a()
      hash.add(secret.utf8)
      let hex = String(hash.value >> 32, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }
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
    guard lines.count >= 2, lines[0] == Self.header || lines[0] == Self.firstHeader,
      Secret.matches(lines[1], token)
    else {
      return []
    }
    return lines.dropFirst(2).compactMap { line in
      let parts = line.split(separator: " ").map(String.init)
      guard parts.count == 3 || parts.count == 5, parts[0].utf8.count == 64,
        parts[1].utf8.count == 64, let expires = Int64(parts[2]), expires > now
      else { return nil }
      var entry = Entry(secret: parts[0], csrf: parts[1], expires: expires)
      if parts.count == 5 {
        guard let created = Int64(parts[3]) else { return nil }
        entry.created = created
        entry.name = parts[4] == "-" ? "" : (parts[4].removingPercentEncoding ?? "")
      }
      return entry
    }
  }

  /// The file's identity and last change (device, inode, size, modification time), or `nil`
  /// when it is missing: what a running server compares to notice another process's rewrite.
  func stamp() -> [Int64]? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return [
      Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size),
      Int64(modified.tv_sec), Int64(modified.tv_nsec),
    ]
  }

  /// Replaces the file with `entries` under `token`: written to a private file beside it, then
  /// renamed over it, so a reader never sees half a file.
  /// - Returns: Whether the file was written.
  @discardableResult
  func save(_ entries: [Entry], token: String) -> Bool {
    var text = Self.header + "\n" + token + "\n"
    for entry in entries {
      let name = entry.name.isEmpty ? "-" : Layout.pathComponent(entry.name)
      text += "\(entry.secret) \(entry.csrf) \(entry.expires) \(entry.created) \(name)\n"
    }
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
