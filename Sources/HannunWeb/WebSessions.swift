import Foundation
import HannunDomain

/// The browsers this server knows; each one's undo history is its device's session
/// (``WebDevices``).
///
/// Every browser has a session the server made and keeps: a random secret in a cookie and its
/// own CSRF token, which only the server's pages carry. A browser's first page starts one (the
/// `hannun_browser` cookie); signing in starts another (`hannun_session`). A form is accepted only
/// with the token of the session its cookie names, so a cookie the server did not make — one
/// planted by another site on the same host — names no session, and a token made up to match it
/// is refused. Browser sessions live in memory: restarting the server forgets them (browsers get
/// new ones; a form sent with a forgotten one comes back filled, see ``WebLedger``). Signed-in
/// sessions last ``signedInSeconds`` and, when the server has a ``SessionFile``, are kept in it,
/// so a restart signs nobody out.
@MainActor
final class WebSessions {
  /// One kind of session, kept up to a number (the oldest forgotten first).
  private struct Table {
    struct Session {
      let secret: String
      let csrf: String
      /// When it ends, in seconds since 1970 (`Int64.max`: when the server stops).
      var expires = Int64.max
      /// When it began, in seconds since 1970 (signed-in sessions).
      var created: Int64 = 0
      /// The device's name, given when pairing (signed-in sessions).
      var name = ""
    }

    /// Sessions by the first 16 hex digits of their secret; the whole secret is then compared
    /// in constant time, so a lookup's timing says nothing about the rest.
    var sessions: [String: Session] = [:]
    var order: [String] = []
    let capacity: Int

    /// Starts a session: its secret and CSRF token.
    mutating func start(
      expires: Int64 = .max, created: Int64 = 0, name: String = ""
    ) -> (secret: String, csrf: String) {
      let session = Session(
        secret: Secret.random(), csrf: Secret.random(), expires: expires, created: created,
        name: name)
      keep(session)
      return (session.secret, session.csrf)
    }

    /// Keeps a session, forgetting the oldest beyond the capacity.
    mutating func keep(_ session: Session) {
      let key = String(session.secret.prefix(16))
      if sessions[key] != nil { order.removeAll { $0 == key } }
      sessions[key] = session
      order.append(key)
      if order.count > capacity { sessions[order.removeFirst()] = nil }
    }

    /// The CSRF token of the session a cookie names, or `nil` when it names none (or it ended
    /// before `now`).
    func csrf(of cookie: String?, now: Int64 = 0) -> String? {
      guard let cookie, cookie.utf8.count == 64, let session = sessions[String(cookie.prefix(16))],
        Secret.matches(cookie, session.secret), session.expires > now
      else { return nil }
      return session.csrf
    }

    /// The sessions, oldest first.
    var all: [Session] { order.compactMap { sessions[$0] } }

    /// Forgets every session.
    mutating func removeAll() {
      sessions = [:]
      order = []
    }
  }

  private var signedIn: Table
  private var browsers: Table
  /// The undo forms' idempotency keys each browser used (``useUndoKey(_:for:)``).
  private var undoKeys: [String: [String]] = [:]
  private let capacity: Int
  /// Where signed-in sessions are kept between runs, with the token they were made under.
  private let file: (SessionFile, token: String)?
  /// The time now in seconds since 1970: what a session's end is compared with.
  private let wallClock: @Sendable () -> Int64
  /// The session file as this server last read or wrote it (``SessionFile/stamp()``): when it
  /// differs, another process (`hannun serve --devices --revoke`) rewrote it.
  private var fileStamp: [Int64]?

  /// How long a signed-in session lasts: 90 days, the cookie's `Max-Age`.
  static let signedInSeconds = 90 * 24 * 60 * 60

  /// Signed-in sessions and undo histories kept up to `capacity`, browser sessions up to
  /// `browserCapacity` (the oldest forgotten first); signed-in sessions read from and written to
  /// `file` when it is given, with the token they belong to.
  init(
    capacity: Int = 256, browserCapacity: Int = 4096, file: (SessionFile, token: String)? = nil,
    wallClock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
  ) {
    self.capacity = capacity
    self.file = file
    self.wallClock = wallClock
    signedIn = Table(capacity: capacity)
    browsers = Table(capacity: browserCapacity)
    reloadIfChanged()
  }

  /// Reads the signed-in sessions from the session file again when it changed since this
  /// server last read or wrote it: a device revoked by another process is signed out at once.
  private func reloadIfChanged() {
    guard let (store, token) = file else { return }
    let stamp = store.stamp()
    guard stamp != fileStamp else { return }
    fileStamp = stamp
    signedIn.removeAll()
    for entry in store.load(token: token, now: wallClock()) {
      signedIn.keep(
        .init(
          secret: entry.secret, csrf: entry.csrf, expires: entry.expires, created: entry.created,
          name: entry.name))
    }
  }

  /// Starts a signed-in session, kept in the session file when there is one: its cookie value
  /// and the CSRF token of its forms.
  /// - Parameter device: The name of the device, given when pairing; empty for none.
  func signIn(device: String = "") -> (cookie: String, csrf: String) {
    reloadIfChanged()
    let now = wallClock()
    let (secret, csrf) = signedIn.start(
      expires: now + Int64(Self.signedInSeconds), created: now, name: device)
    if let (store, token) = file {
      let live = signedIn.all.filter { $0.expires > now }
      store.save(
        live.map {
          .init(
            secret: $0.secret, csrf: $0.csrf, expires: $0.expires, created: $0.created,
            name: $0.name)
        }, token: token)
      fileStamp = store.stamp()
    }
    return (secret, csrf)
  }

  /// The CSRF token of the signed-in session a cookie names, or `nil` when it names none or
  /// has ended (or was revoked in the session file since).
  func csrf(ofSession cookie: String?) -> String? {
    reloadIfChanged()
    return signedIn.csrf(of: cookie, now: wallClock())
  }

  /// Starts a browser's session: its cookie value and the CSRF token of its forms.
  func startBrowser() -> (cookie: String, csrf: String) {
    let (secret, csrf) = browsers.start()
    return (secret, csrf)
  }

  /// The CSRF token of the browser session a cookie names, or `nil` when this server did not
  /// make the cookie (or has forgotten it).
  func csrf(ofBrowser cookie: String?) -> String? { browsers.csrf(of: cookie) }

  /// Notes that a browser used an undo form's idempotency key: `true` the first time, `false`
  /// when it was used before (the same undo sent again). The last 64 keys of each browser are
  /// kept in memory, as its undo history is: after a restart there is nothing to undo twice.
  func useUndoKey(_ key: String, for browser: String) -> Bool {
    var used = undoKeys[browser] ?? []
    guard !used.contains(key) else { return false }
    used.append(key)
    if used.count > 64 { used.removeFirst() }
    undoKeys[browser] = used
    if undoKeys.count > capacity, let other = undoKeys.keys.first(where: { $0 != browser }) {
      undoKeys[other] = nil
    }
    return true
  }
}
