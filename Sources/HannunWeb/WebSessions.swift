import HannunDomain

/// The browsers this server knows, and each browser's undo history.
///
/// Every browser has a session the server made and keeps: a random secret in a cookie and its
/// own CSRF token, which only the server's pages carry. A browser's first page starts one (the
/// `hannun_browser` cookie); signing in starts another (`hannun_session`). A form is accepted only
/// with the token of the session its cookie names, so a cookie the server did not make — one
/// planted by another site on the same host — names no session, and a token made up to match it
/// is refused. Sessions live in memory: restarting the server forgets them (browsers get new ones,
/// and must sign in again). Undo histories are kept per browser — per signed-in session when
/// signing in is required, else per browser session — so one person's undo reverts their own
/// last change only, and the editor's version checks refuse it when someone else changed the
/// entry since.
@MainActor
final class WebSessions {
  /// One kind of session, kept up to a number (the oldest forgotten first).
  private struct Table {
    struct Session {
      let secret: String
      let csrf: String
    }

    /// Sessions by the first 16 hex digits of their secret; the whole secret is then compared
    /// in constant time, so a lookup's timing says nothing about the rest.
    var sessions: [String: Session] = [:]
    var order: [String] = []
    let capacity: Int

    /// Starts a session: its secret and CSRF token.
    mutating func start() -> (secret: String, csrf: String) {
      let session = Session(secret: Secret.random(), csrf: Secret.random())
      let key = String(session.secret.prefix(16))
      sessions[key] = session
      order.append(key)
      if order.count > capacity { sessions[order.removeFirst()] = nil }
      return (session.secret, session.csrf)
    }

    /// The CSRF token of the session a cookie names, or `nil` when it names none.
    func csrf(of cookie: String?) -> String? {
      guard let cookie, cookie.utf8.count == 64, let session = sessions[String(cookie.prefix(16))],
        Secret.matches(cookie, session.secret)
      else { return nil }
      return session.csrf
    }
  }

  private var signedIn: Table
  private var browsers: Table
  private var editors: [String: LedgerEditor] = [:]
  private var editorOrder: [String] = []
  private let capacity: Int

  /// Signed-in sessions and undo histories kept up to `capacity`, browser sessions up to
  /// `browserCapacity` (the oldest forgotten first).
  init(capacity: Int = 256, browserCapacity: Int = 4096) {
    self.capacity = capacity
    signedIn = Table(capacity: capacity)
    browsers = Table(capacity: browserCapacity)
  }

  /// Starts a signed-in session: its cookie value.
  func signIn() -> String { signedIn.start().secret }

  /// The CSRF token of the signed-in session a cookie names, or `nil` when it names none.
  func csrf(ofSession cookie: String?) -> String? { signedIn.csrf(of: cookie) }

  /// Starts a browser's session: its cookie value and the CSRF token of its forms.
  func startBrowser() -> (cookie: String, csrf: String) {
    let (secret, csrf) = browsers.start()
    return (secret, csrf)
  }

  /// The CSRF token of the browser session a cookie names, or `nil` when this server did not
  /// make the cookie (or has forgotten it).
  func csrf(ofBrowser cookie: String?) -> String? { browsers.csrf(of: cookie) }

  /// The undo history of a browser, made on its first write.
  func editor(for key: String, make: () -> LedgerEditor) -> LedgerEditor {
    if let editor = editors[key] {
      editorOrder.removeAll { $0 == key }
      editorOrder.append(key)
      return editor
    }
    let editor = make()
    editors[key] = editor
    editorOrder.append(key)
    if editorOrder.count > capacity { editors[editorOrder.removeFirst()] = nil }
    return editor
  }

  /// The undo history of a browser, or `nil` when it has written nothing yet.
  func existingEditor(for key: String) -> LedgerEditor? { editors[key] }
}
