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
    let pieces = HTML.pieces(of: html, separatedBy: marker)
    guard pieces.count > 1 else { return html }
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
