import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The secret a browser signs in with when the server listens beyond loopback.
public enum ServeToken {
  /// The token in a file given with `--token-file`: its first line, without surrounding space.
  /// - Parameter path: The file.
  /// - Returns: The token.
  /// - Throws: ``WebServeProblem/unreadableTokenFile(path:reason:)`` when the file cannot be
  ///   read or holds nothing.
  public static func read(from path: String) throws(WebServeProblem) -> String {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      let files = FileManager.default
      let code =
        !files.fileExists(atPath: path)
        ? ENOENT : files.isReadableFile(atPath: path) ? EILSEQ : EACCES
      throw .unreadableTokenFile(path: path, reason: String(cString: strerror(code)))
    }
    let token = text.split(whereSeparator: \.isNewline).first.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let token, !token.isEmpty else {
      throw .unreadableTokenFile(path: path, reason: "empty")
    }
    return token
  }

  /// The token kept in `path`, made on first use: 32 random bytes as hex, in a file only its
  /// owner may read or write (0600), in a folder made 0700 when missing.
  /// - Parameter path: The token file in the state directory.
  /// - Returns: The token, and whether it was just made.
  /// - Throws: ``WebServeProblem`` when the file cannot be read or made.
  public static func readOrCreate(at path: String) throws(WebServeProblem) -> (String, Bool) {
    if FileManager.default.fileExists(atPath: path) { return (try read(from: path), false) }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotWriteTokenFile(path: path, reason: error.localizedDescription)
    }
    let token = Secret.random()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWriteTokenFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let bytes = Array((token + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      throw .cannotWriteTokenFile(path: path, reason: String(cString: strerror(errno)))
    }
    return (token, true)
  }

  /// Where the token is kept unless `--token-file` says otherwise:
  /// `$XDG_STATE_HOME/hannun/serve-token`, else `~/.local/state/hannun/serve-token`.
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - homeDirectory: The user's home directory.
  /// - Returns: The file's path.
  public static func defaultPath(environment: [String: String], homeDirectory: String) -> String {
    let state: String
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      state = xdg
    } else {
      state = (homeDirectory as NSString).appendingPathComponent(".local/state")
    }
    return ((state as NSString).appendingPathComponent("hannun") as NSString)
      .appendingPathComponent("serve-token")
  }
}
