#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where Hannun keeps its data.
public enum DataDirectory {
  /// The data directory, by precedence: `--data DIR`, then `HANNUN_DATA`, then
  /// `$XDG_DATA_HOME/hannun`, then `~/.local/share/hannun`.
  ///
  /// Empty values count as unset. A leading `~` in `--data` or `HANNUN_DATA` means the home
  /// directory; other relative paths are resolved against `currentDirectory`. A relative
  /// `XDG_DATA_HOME` is ignored, as the XDG Base Directory specification requires.
  /// - Parameters:
  ///   - explicit: The `--data` option, if given.
  ///   - environment: The process environment.
  ///   - homeDirectory: The user's home directory.
  ///   - currentDirectory: The directory relative paths are resolved against.
  /// - Returns: The directory's absolute, standardized URL; it may not exist yet.
  public static func resolve(
    explicit: String?, environment: [String: String], homeDirectory: String,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> URL {
    func given(_ value: String?) -> String? {
      guard let value, !value.isEmpty else { return nil }
      return value
    }
    func absolute(_ path: String) -> String {
      if path == "~" { return homeDirectory }
      if path.hasPrefix("~/") { return join(homeDirectory, String(path.dropFirst(2))) }
      return path.hasPrefix("/") ? path : join(currentDirectory, path)
    }
    let path: String
    if let explicit = given(explicit) {
      path = absolute(explicit)
    } else if let variable = given(environment["HANNUN_DATA"]) {
      path = absolute(variable)
    } else if let xdg = given(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
      path = join(xdg, "hannun")
    } else {
      path = join(homeDirectory, ".local/share/hannun")
    }
    return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
