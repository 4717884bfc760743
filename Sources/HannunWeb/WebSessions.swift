import HannunDomain

/// The browsers signed in, and each browser's undo history.
///
/// A sign-in creates a session: a random secret (the `hannun_session` cookie) and its own CSRF
/// token. Sessions live in memory: restarting the server signs everyone out. Undo histories are
/// kept per browser — per session when signing in is required, else per CSRF cookie — so one
/// person's undo reverts their own last change only, and the editor's version checks refuse it
/// when someone else changed the entry since.
@MainActor
final class WebSessions {
  private struct Session {
    let secret: String
    let csrf: String
  }

  /// Sessions by the first 16 hex digits of their secret; the whole secret is then compared in
  /// constant time, so a lookup's timing says nothing about the rest.
  private var sessions: [String: Session] = [:]
  private var sessionOrder: [String] = []
  private var editors: [String: LedgerEditor] = [:]
  private var editorOrder: [String] = []
  private let capacity: Int

  /// Sessions kept up to `capacity` (the oldest forgotten first).
  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  /// Starts a session: its cookie value.
  func signIn() -> String {
    let secret = Secret.random()
    let key = String(secret.prefix(16))
    sessions[key] = Session(secret: secret, csrf: Secret.random())
    sessionOrder.append(key)
    if sessionOrder.count > capacity {
      sessions[sessionOrder.removeFirst()] = nil
    }
    return secret
  }

  /// The CSRF token of the session a cookie names, or `nil` when it names none.
  func csrf(ofSession cookie: String?) -> String? {
    guard let cookie, cookie.utf8.count == 64, let session = sessions[String(cookie.prefix(16))],
      Secret.matches(cookie, session.secret)
    else { return nil }
    return session.csrf
  }

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
