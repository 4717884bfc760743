import Foundation

/// The devices signed in to `hannun serve` off loopback, as its session file keeps them: what
/// `hannun serve --devices` lists, and revokes one of. A revoked device is signed out at once,
/// even by a server already running (it reads the file again when the file changed).
public struct PairedDevices: Sendable {
  /// One signed-in device.
  public struct Device: Equatable, Sendable {
    /// The short name it is revoked by: eight hex digits that say nothing of its secret.
    public var id: String
    /// The name given when pairing, or empty.
    public var name: String
    /// When it signed in, or `nil` when not known (kept by an older server).
    public var since: Date?
    /// When its session ends unless it is revoked first.
    public var until: Date
  }

  private let file: SessionFile
  private let token: String

  /// The devices kept beside a token file, under that token.
  /// - Parameters:
  ///   - tokenFile: The token file's path (the session file is `TOKENFILE.sessions`).
  ///   - token: The token read from it.
  public init(tokenFile: String, token: String) {
    file = SessionFile.beside(tokenFile: tokenFile)
    self.token = token
  }

  /// The devices whose sessions have not ended, oldest first.
  public func list(now: Date = Date()) -> [Device] {
    file.load(token: token, now: Int64(now.timeIntervalSince1970)).map(Self.device)
  }

  /// Signs a device out for good: its session is removed from the file.
  /// - Parameter id: The device's ``Device/id``.
  /// - Returns: The device removed, or `nil` when no device has that id (nothing is changed)
  ///   or the file could not be written.
  public func revoke(_ id: String, now: Date = Date()) -> Device? {
    let entries = file.load(token: token, now: Int64(now.timeIntervalSince1970))
    guard let gone = entries.first(where: { $0.id == id.lowercased() }) else { return nil }
    guard file.save(entries.filter { $0.id != gone.id }, token: token) else { return nil }
    return Self.device(gone)
  }

  private static func device(_ entry: SessionFile.Entry) -> Device {
    Device(
      id: entry.id, name: entry.name,
      since: entry.created > 0 ? Date(timeIntervalSince1970: TimeInterval(entry.created)) : nil,
      until: Date(timeIntervalSince1970: TimeInterval(entry.expires)))
  }
}
