import Foundation
import HannunDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The key the current import confirm gives the first entry it makes (the others get random
  /// ids), read by the editors' id maker: an entry with that id is the import made.
  @TaskLocal static var first: FirstID?

  /// An id handed out once, to the first entry made.
  final class FirstID: Sendable {
    private let id: Mutex<TransactionID?>

    /// `id`, for the first entry made.
    init(_ id: TransactionID) { self.id = Mutex(id) }

    /// The id the first time, then `nil`.
    func take() -> TransactionID? {
      id.withLock { id in
        defer { id = nil }
        return id
      }
    }
  }

  /// A fresh key: an id of the same form as ``TransactionID/random()``.
  static func make() -> String { TransactionID.random().rawValue }

  /// The key under which a form sent again with its used `key` but another submission (its
  /// ``WriteOutcomes/digest(of:)``) is made: of an id's form, and the same for the same two, so
  /// that the new submission's own retries are answered as made.
  static func key(_ key: String, resentAs digest: String) -> String {
    var fnv = FNV1a()
    fnv.add(Array(key.utf8) + [0xFF] + Array(digest.utf8))
    // SplitMix64's finaliser, so that every bit of the id depends on every byte.
    var hash = fnv.value
    hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
    var bits = FixedBits(value: hash ^ (hash >> 31))
    return TransactionID.random(using: &bits).rawValue
  }

  /// A "generator" of one chosen value, for an id made from a hash.
  private struct FixedBits: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
  }

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

  /// An id maker that gives the ``pending`` key when an add has one, else the ``first`` key
  /// once when an import has one, else `fallback`'s id.
  static func maker(
    _ fallback: @escaping @Sendable () -> TransactionID
  ) -> @Sendable () -> TransactionID {
    { pending ?? first?.take() ?? fallback() }
  }
}

/// The outcomes of this server's writes by their forms' idempotency keys: every write form
/// carries a fresh ``IdempotencyKey`` (the marker filled when the page is drawn), and a write
/// sent again with the same key — a retry after a lost answer, a replayed form, a second tap
/// that raced the first — is not made again but answered with the first one's outcome.
///
/// A key is kept with a digest of what its form submitted (``digest(of:)``): the same key sent
/// with another submission — a used form filled again for another entry — is not this write
/// sent again, and ``differs(_:digest:)`` says so, so that it is refused rather than answered as
/// the first one and dropped.
///
/// A key names its outcome only once the write succeeded (a redirect): a refused write changed
/// nothing, so the same key sent again after the fix writes. A key sent while its write is
/// still running waits for that write and takes its outcome. The newest ``capacity`` outcomes
/// are kept; with a ``file`` (beside the signed-in sessions' file, when phones sign in) they
/// outlive a restart as those sessions do.
///
/// With a file, a write's intent is recorded there (and flushed to the disk) before the write
/// starts, and its outcome after it: a line `KEY<TAB>0<TAB>DIGEST` before,
/// `KEY<TAB>303<TAB>PATH<TAB>NEWS<TAB>WARNINGS` once it succeeded (with `<TAB>DIGEST` when the
/// file is rewritten) (what its page said, each
/// list's lines joined by U+001E, `%`, tab, line break and U+001E written as `%XX`),
/// `KEY<TAB>1<TAB>` once it was refused. A server stopped between the write and its outcome
/// (killed, a power cut) finds the intent alone when it starts again: the key is
/// ``interrupted``, and its write may or may not have been made. Sent again, such a key is
/// handed to its write as a retry (`once`'s `retried`, ``WebRequest/isRetry``), whose handler
/// first asks the core whether what the form asks for is already in the ledger and answers as
/// done without writing when it is. (An add's key is also its entry's id, which the store keeps
/// for good, in the same commit as the entry.)
@MainActor
final class WriteOutcomes {
  private enum Slot {
    /// The write is running; these requests wait for its outcome (`nil`: it was refused).
    case running([CheckedContinuation<WebReply?, Never>])
    /// The write succeeded with this answer.
    case done(WebReply)
    /// The write's intent was recorded in an earlier run, and no outcome: it may have been made.
    case interrupted
  }

  /// The status of an intent's line: the write is about to start.
  static let intent = 0
  /// The status of a refused write's line: nothing was written, the intent is settled.
  static let refused = 1
  /// The status of an expected answer's line (``expect(_:_:)``): what the write answers once
  /// made, kept before it writes.
  static let expected = 2
  /// The answers of interrupted writes that kept one before writing (``expect(_:_:)``).
  /// With each, its witness (``LedgerEditWitness/text``), or empty.
  private var expectedReplies: [String: (reply: WebReply, witness: String)] = [:]

  private var slots: [String: Slot] = [:]
  /// The digest of each kept key's submission (``digest(of:)``); a key recorded without one (by
  /// an older Hannun) has none.
  private var digests: [String: String] = [:]
  private var order: [String] = []
  /// How many outcomes are kept; the oldest is forgotten first.
  let capacity: Int
  /// Where outcomes are kept between runs (0600), or `nil` to keep them in memory only.
  let file: String?
  /// The lines in ``file``; it is rewritten with the kept outcomes when it holds twice as many.
  private var lines = 0

  /// Outcomes kept up to `capacity`, and in `file` when there is one (read now): a key whose
  /// intent is there without an outcome is ``Slot/interrupted``.
  init(capacity: Int = 4096, file: String? = nil) {
    self.capacity = capacity
    self.file = file
    guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard [3, 5, 6].contains(fields.count), let status = Int(fields[1]) else { continue }
      let key = String(fields[0])
      lines += 1
      switch status {
      case Self.intent:
        if slots[key] == nil { keep(key, .interrupted) }
        if !fields[2].isEmpty { digests[key] = String(fields[2]) }
      case Self.refused:
        if case .interrupted = slots[key] { forget(key) }
      case Self.expected:
        guard case .interrupted = slots[key] else { continue }
        var reply = WebReply.seeOther(String(fields[2]))
        if fields.count >= 5 {
          reply.news = Self.lines(fields[3])
          reply.warnings = Self.lines(fields[4])
        }
        expectedReplies[key] = (reply, fields.count == 6 ? String(fields[5]) : "")
      case 300..<400:
        var reply = WebReply.seeOther(String(fields[2]))
        reply.status = status
        if fields.count >= 5 {
          reply.news = Self.lines(fields[3])
          reply.warnings = Self.lines(fields[4])
        }
        remember(key, reply)
        if fields.count == 6 { digests[key] = String(fields[5]) }
      default:
        continue
      }
    }
  }

  /// Keeps a slot for a key, forgetting the oldest beyond the capacity.
  private func keep(_ key: String, _ slot: Slot) {
    if slots[key] == nil { order.append(key) }
    slots[key] = slot
    while order.count > capacity {
      let oldest = order.removeFirst()
      if case .running = slots[oldest] { continue }
      slots[oldest] = nil
      digests[oldest] = nil
    }
  }

  /// Forgets a key: its write was refused, so the key may write again.
  private func forget(_ key: String) {
    slots[key] = nil
    digests[key] = nil
    expectedReplies[key] = nil
    order.removeAll { $0 == key }
  }

  /// Keeps a succeeded write's outcome.
  private func remember(_ key: String, _ reply: WebReply) {
    if case .done = slots[key] { return }
    expectedReplies[key] = nil
    keep(key, .done(reply))
  }

  /// Appends a line to ``file`` (flushed to the disk when `durable`), or rewrites it with the
  /// kept outcomes and intents when it has grown to twice ``capacity`` lines (written beside it
  /// and renamed over it).
  private func store(
    _ key: String, status: Int, location: String = "", said: String = "", durable: Bool = false
  ) {
    guard let file, !key.contains("\t"), !key.contains("\n"), !location.contains("\t"),
      !location.contains("\n")
    else { return }
    if lines + 1 > 2 * capacity {
      var text = ""
      for kept in order {
        switch slots[kept] {
        case .done(let reply): text += Self.line(kept, reply, digest: digests[kept])
        case .interrupted:
          text += "\(kept)\t\(Self.intent)\t\(digests[kept] ?? "")\n"
          if let (reply, witness) = expectedReplies[kept] {
            text += "\(kept)\t\(Self.expected)\t\(reply.location ?? "")\(Self.said(reply))"
            text += witness.isEmpty ? "\n" : "\t\(witness)\n"
          }
        default:
          guard kept == key else { continue }
          // An expected answer follows its write's intent.
          if status == Self.expected {
            text += "\(key)\t\(Self.intent)\t\(digests[key] ?? "")\n"
          }
          text += "\(key)\t\(status)\t\(location)\(said)\n"
        }
      }
      let temporary = file + ".new"
      unlink(temporary)
      guard Self.save(text, to: temporary, flags: O_CREAT | O_EXCL, durable: durable),
        rename(temporary, file) == 0
      else { return }
      lines = text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    } else if Self.save(
      "\(key)\t\(status)\t\(location)\(said)\n", to: file, flags: O_CREAT | O_APPEND,
      durable: durable)
    {
      lines += 1
    }
  }

  /// The line of a succeeded write's outcome, ending with its submission's digest when known.
  private static func line(_ key: String, _ reply: WebReply, digest: String?) -> String {
    let digest = digest.map { "\t" + $0 } ?? ""
    return "\(key)\t\(reply.status)\t\(reply.location ?? "")\(said(reply))\(digest)\n"
  }

  /// The news and warnings fields of an outcome's line, after a tab each.
  private static func said(_ reply: WebReply) -> String {
    "\t" + field(reply.news) + "\t" + field(reply.warnings)
  }

  /// Lines as one field: joined by U+001E, with `%`, tab, line break and U+001E as `%XX`.
  private static func field(_ lines: [String]) -> String {
    lines.map { line in
      var escaped = ""
      for character in line.unicodeScalars {
        switch character {
        case "%": escaped += "%25"
        case "\t": escaped += "%09"
        case "\n": escaped += "%0A"
        case "\r": escaped += "%0D"
        case "\u{1E}": escaped += "%1E"
        default: escaped.unicodeScalars.append(character)
        }
      }
      return escaped
    }.joined(separator: "\u{1E}")
  }

  /// The lines of a field written by ``field(_:)``.
  private static func lines(_ field: Substring) -> [String] {
    guard !field.isEmpty else { return [] }
    return field.split(separator: "\u{1E}", omittingEmptySubsequences: false).map {
      $0.removingPercentEncoding ?? String($0)
    }
  }

  /// Writes `text` to `path` opened with `flags` (and write-only, owner-only when created),
  /// flushed to the disk when `durable`.
  private static func save(_ text: String, to path: String, flags: Int32, durable: Bool) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    return written == bytes.count && (!durable || fsync(descriptor) == 0)
  }

  /// Keeps, before the write `key` names is made, the answer it gives once made — a write whose
  /// being made the ledger shows but whose answer it does not (an import: its first entry's id
  /// is the key) — flushed to the disk: sent again after a stop between the write and its
  /// outcome, it is answered so (``expected(_:)``).
  ///
  /// `witness` (``LedgerEditWitness/text``, without tabs or line breaks) is kept with it: what
  /// the ledger holds once the write is made, for a write the ledger does not show otherwise.
  func expect(_ key: String, _ reply: WebReply, witness: String = "") {
    guard !witness.contains("\t"), !witness.contains("\n") else { return }
    store(
      key, status: Self.expected, location: reply.location ?? "",
      said: Self.said(reply) + (witness.isEmpty ? "" : "\t" + witness), durable: true)
  }

  /// The answer an interrupted write kept before it wrote (``expect(_:_:witness:)``) and its
  /// witness, or `nil`.
  func expected(_ key: String) -> (reply: WebReply, witness: String)? { expectedReplies[key] }

  /// A digest of a submitted form: its fields but the CSRF token and the key, each value without
  /// the spaces around it and an empty one as if not sent (as the handlers read them), in the
  /// order of their names, hashed (64-bit FNV-1a, as 16 hex digits) so that the outcomes' file
  /// never holds what was typed. The same form sent again — by the page, or by the offline
  /// queue, which sends every add field — has the same digest.
  static func digest(of form: FormBody) -> String {
    var hash = FNV1a()
    for name in form.fields.keys.sorted() where name != "csrf" && name != "key" {
      let value = form.fields[name, default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
      guard !value.isEmpty else { continue }
      // Name and value each end with a byte no UTF-8 text holds, so no two forms run together.
      hash.add(Array(name.utf8) + [0xFF] + Array(value.utf8) + [0xFE])
    }
    let hex = String(hash.value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whether `key` is kept (its write made, running, or interrupted) for another submission
  /// than the one whose digest is `digest`: `false` for a key not kept, or kept without one.
  func differs(_ key: String, digest: String) -> Bool {
    guard slots[key] != nil, let kept = digests[key] else { return false }
    return kept != digest
  }

  /// The outcome of the write `key` names: the first write's answer when it succeeded, else
  /// `write`'s. `write` is told whether it is a retry of an ``Slot/interrupted`` write, which
  /// may already have been made. `digest` (``digest(of:)``) is kept with the key for
  /// ``differs(_:digest:)``.
  func once(
    _ key: String, digest: String = "", _ write: (_ retried: Bool) async -> WebReply
  ) async -> WebReply {
    let retried: Bool
    switch slots[key] {
    case .done(let reply):
      return reply
    case .running(let waiting):
      let settled = await withCheckedContinuation { continuation in
        slots[key] = .running(waiting + [continuation])
      }
      if let settled { return settled }
      return await once(key, digest: digest, write)
    case .interrupted:
      retried = true
    case nil:
      retried = false
    }
    keep(key, .running([]))
    if !digest.isEmpty { digests[key] = digest }
    // The intent is on the disk before anything is written: a stop after the write finds it.
    if !retried { store(key, status: Self.intent, location: digest, durable: true) }
    let reply = await write(retried)
    let succeeded = (300..<400).contains(reply.status)
    var waiting: [CheckedContinuation<WebReply?, Never>] = []
    if case .running(let list) = slots[key] { waiting = list }
    if succeeded {
      remember(key, reply)
      store(key, status: reply.status, location: reply.location ?? "", said: Self.said(reply))
    } else {
      forget(key)
      store(key, status: Self.refused)
    }
    for continuation in waiting { continuation.resume(returning: succeeded ? reply : nil) }
    return reply
  }
}
