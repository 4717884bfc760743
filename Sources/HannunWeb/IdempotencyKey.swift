import HannunDomain

/// The idempotency key every add carries, so that a retried or replayed submission (a reload
/// after a lost answer, the offline queue sending again, the same form after a restart) saves
/// one entry.
///
/// The key is the new entry's id: a page's add form is drawn with a fresh one (``marker``
/// stands for it in a drawn page, each request getting its own), the offline queue makes its
/// own in the same form, and the server gives the entry that id. The store refuses a second
/// entry with an id it holds in the same commit that would write it, so "saved" and "key seen"
/// cannot disagree, not even after a crash or a restart: a key whose entry exists was saved,
/// and the submission is answered as saved without writing again.
enum IdempotencyKey {
  /// Stands in a drawn page for a fresh key: random, so ledger text cannot contain it by
  /// accident.
  static let marker = "key-" + Secret.random()

  /// The key the current add gives its entry, read by the editors' id maker.
  @TaskLocal static var pending: TransactionID?

  /// A fresh key: an id of the same form as ``TransactionID/random()``.
  static func make() -> String { TransactionID.random().rawValue }

  /// Every ``marker`` in a drawn page replaced by a fresh key.
  static func fill(_ html: String) -> String {
    guard html.contains(marker) else { return html }
    let pieces = html.components(separatedBy: marker)
    var filled = pieces[0]
    for piece in pieces.dropFirst() { filled += make() + piece }
    return filled
  }

  /// The entry id a submitted key names, or `nil` when it is missing or not of an id's form
  /// (ten characters of lowercase Crockford base32, the first a letter): then the entry gets a
  /// random id.
  static func id(_ text: String?) -> TransactionID? {
    guard let text, text.utf8.count == 10 else { return nil }
    let letters = Set("abcdefghjkmnpqrstvwxyz")
    let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
    guard let first = text.first, letters.contains(first), text.allSatisfy(alphabet.contains)
    else { return nil }
    return TransactionID(text)
  }

  /// An id maker that gives the ``pending`` key when an add has one, else `fallback`'s id.
  static func maker(
    _ fallback: @escaping @Sendable () -> TransactionID
  ) -> @Sendable () -> TransactionID {
    { pending ?? fallback() }
  }
}

/// The outcomes of this server's writes by their forms' idempotency keys: every write form
/// carries a fresh ``IdempotencyKey`` (the marker filled when the page is drawn), and a write
/// sent again with the same key — a retry after a lost answer, a replayed form, a second tap
/// that raced the first — is not made again but answered with the first one's outcome.
///
/// A key names its outcome only once the write succeeded (a redirect): a refused write changed
/// nothing, so the same key sent again after the fix writes. A key sent while its write is
/// still running waits for that write and takes its outcome. Outcomes are kept in memory, the
/// newest ``capacity`` of them, for as long as the browser's undo history (an add's key is also
/// its entry's id, which the store keeps for good).
@MainActor
final class WriteOutcomes {
  private enum Slot {
    /// The write is running; these requests wait for its outcome (`nil`: it was refused).
    case running([CheckedContinuation<WebReply?, Never>])
    /// The write succeeded with this answer.
    case done(WebReply)
  }

  private var slots: [String: Slot] = [:]
  private var order: [String] = []
  /// How many outcomes are kept; the oldest is forgotten first.
  let capacity: Int

  init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// The outcome of the write `key` names: the first write's answer when it succeeded, else
  /// `write`'s.
  func once(_ key: String, _ write: () async -> WebReply) async -> WebReply {
    switch slots[key] {
    case .done(let reply):
      return reply
    case .running(let waiting):
      let settled = await withCheckedContinuation { continuation in
        slots[key] = .running(waiting + [continuation])
      }
      if let settled { return settled }
      return await once(key, write)
    case nil:
      slots[key] = .running([])
      let reply = await write()
      let succeeded = (300..<400).contains(reply.status)
      var waiting: [CheckedContinuation<WebReply?, Never>] = []
      if case .running(let list) = slots[key] { waiting = list }
      if succeeded {
        slots[key] = .done(reply)
        order.append(key)
        if order.count > capacity { slots[order.removeFirst()] = nil }
      } else {
        slots[key] = nil
      }
      for continuation in waiting { continuation.resume(returning: succeeded ? reply : nil) }
      return reply
    }
  }
}
