import Foundation

/// A fresh, empty folder under the system's temporary directory, removed with everything in it
/// when the value goes away (at the end of the test that made it).
public final class TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Creates the folder.
  /// - Parameter prefix: The start of its name, to tell whose it is.
  /// - Throws: When it cannot be created.
  public init(prefix: String = "hannun-tests") throws {
    url = FileManager.default.temporaryDirectory.appending(
      path: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// A path inside the folder, which need not exist.
  /// - Parameter relativePath: `data`, `home/.local` …
  /// - Returns: The URL of `relativePath` inside the folder.
  public func appending(_ relativePath: String) -> URL {
    url.appending(path: relativePath, directoryHint: .isDirectory)
  }

  /// Whether anything is at `relativePath` inside the folder.
  /// - Parameter relativePath: A path inside the folder.
  /// - Returns: `true` when a file or folder is there.
  public func contains(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: appending(relativePath).path)
  }
}
