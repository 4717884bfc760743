import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The secret a browser signs in with when the server listens beyond loopback.
public enum ServeToken {
  /// The fewest bits of guessing a token must take: 128, as many as 32 random hex digits.
  public static let minimumBits = 128

  /// The largest token file read; a token is one short line.
  static let largestFile = 4096

  /// The token in a file given with `--token-file` (or the one made on first use): its first
  /// line, without surrounding space. The file must be a regular file that only its owner may
  /// read or write, and the token must take at least ``minimumBits`` bits of guessing.
  /// - Parameter path: The file.
  /// - Returns: The token.
  /// - Throws: ``WebServeProblem/unreadableTokenFile(path:reason:)`` when the file cannot be
  ///   read or holds nothing, ``WebServeProblem/tokenFileNotPrivate(path:mode:)`` when others
  ///   may read or change it, ``WebServeProblem/weakToken(path:bits:)`` when the token is short.
  public static func read(from path: String) throws(WebServeProblem) -> String {
    // Not blocking: a FIFO given by mistake must not hang the start.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw .unreadableTokenFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .unreadableTokenFile(path: path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .unreadableTokenFile(path: path, reason: String(cString: strerror(EINVAL)))
    }
    let mode = Int(status.st_mode & 0o7777)
    guard mode & 0o077 == 0 else { throw .tokenFileNotPrivate(path: path, mode: mode) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    let data: Data
    do {
      data = try handle.read(upToCount: largestFile) ?? Data()
    } catch {
      throw .unreadableTokenFile(path: path, reason: error.localizedDescription)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadableTokenFile(path: path, reason: String(cString: strerror(EILSEQ)))
    }
    let token = text.split(whereSeparator: \.isNewline).first.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let token, !token.isEmpty else {
      throw .unreadableTokenFile(path: path, reason: "empty")
    }
    let bits = strength(of: token)
    guard bits >= minimumBits else { throw .weakToken(path: path, bits: bits) }
    return token
  }

  /// About how many bits of guessing a token takes, judged by its length and the kinds of
  /// characters in it: log2 10 a character when all are digits, 4 when all are hex digits, else
  /// log2 of the size of the classes used (digits, lower-case, upper-case, other ASCII, anything
  /// else). A token of fewer than 4 different characters counts only those it uses (`aaaa…` is
  /// worth nothing).
  /// - Parameter token: The token.
  /// - Returns: Whole bits, rounded down.
  static func strength(of token: String) -> Int {
    let scalars = Array(token.unicodeScalars)
    var alphabet = 0
    if scalars.allSatisfy({ ("0"..."9").contains($0) }) {
      alphabet = 10
    } else if scalars.allSatisfy({ $0.properties.isASCIIHexDigit }) {
      alphabet = 16
    } else {
      if scalars.contains(where: { ("0"..."9").contains($0) }) { alphabet += 10 }
      if scalars.contains(where: { ("a"..."z").contains($0) }) { alphabet += 26 }
      if scalars.contains(where: { ("A"..."Z").contains($0) }) { alphabet += 26 }
      let letterOrDigit = { (scalar: Unicode.Scalar) in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
      }
      if scalars.contains(where: { $0.isASCII && !letterOrDigit($0) }) { alphabet += 33 }
      if scalars.contains(where: { !$0.isASCII }) { alphabet += 128 }
    }
    let distinct = Set(scalars).count
    if distinct < 4 { alphabet = min(alphabet, distinct) }
    guard alphabet > 1 else { return 0 }
    return Int((Double(scalars.count) * log2(Double(alphabet))).rounded(.down))
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
