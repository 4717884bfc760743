import HannunDomain

/// What the ledger holds once an undo or redo of one step is made — each entry the step
/// touches, gone or with the fields it then has — so that an undo or redo sent again after its
/// answer was lost, and the history with it (a restart), is known as made
/// (``AppCoordinator/holds(_:)``). It is kept as ``text`` where the answer is kept. A batch is
/// written whole or not at all, so its first ``limit`` entries stand for it.
public struct LedgerEditWitness: Hashable, Sendable {
  /// One entry once the step is made: its id, and the fingerprint of its fields (``fingerprint(of:)``),
  /// `nil` when it is gone.
  struct Item: Hashable, Sendable {
    var id: TransactionID
    var fingerprint: UInt64?
  }

  /// How many entries of a batch stand for it.
  public static let limit = 16

  let items: [Item]

  /// The witness of `edit` made forwards (a redo) or, `reverting`, backwards (an undo); `nil`
  /// for a step that touches no entry (a mood, a batch of budgets or rules alone).
  public init?(_ edit: LedgerEdit, reverting: Bool) {
    var items: [Item] = []
    func expect(_ change: EntryChange) {
      switch (change, reverting) {
      case (.insert(let entry), false), (.delete(let entry), true):
        items.append(Item(id: entry.id, fingerprint: Self.fingerprint(of: entry)))
      case (.insert(let entry), true), (.delete(let entry), false):
        items.append(Item(id: entry.id, fingerprint: nil))
      case (.update(let before, let after), _):
        let entry = reverting ? before : after
        items.append(Item(id: entry.id, fingerprint: Self.fingerprint(of: entry)))
      }
    }
    switch edit {
    case .added(let entry): expect(.insert(entry))
    case .deleted(let entry): expect(.delete(entry))
    case .edited(let before, let after): expect(.update(before, to: after))
    case .batch(let batch): batch.changes.prefix(Self.limit).forEach(expect)
    case .mood: break
    }
    guard !items.isEmpty else { return nil }
    self.items = items
  }

  /// The witness written as ``text``, or `nil` for any other text.
  public init?(text: String) {
    var items: [Item] = []
    for part in text.split(separator: ",") {
      let fields = part.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count == 2, !fields[0].isEmpty else { return nil }
      if fields[1] == "-" {
        items.append(Item(id: TransactionID(String(fields[0])), fingerprint: nil))
      } else {
        guard let value = UInt64(fields[1], radix: 16) else { return nil }
        items.append(Item(id: TransactionID(String(fields[0])), fingerprint: value))
      }
    }
    guard !items.isEmpty else { return nil }
    self.items = items
  }

  /// The witness as one line of text: `ID:FINGERPRINT` (hexadecimal) or `ID:-` (gone), joined by
  /// commas.
  public var text: String {
    items.map { item in
      item.id.rawValue + ":" + (item.fingerprint.map { String($0, radix: 16) } ?? "-")
    }.joined(separator: ",")
  }

  /// A 64-bit FNV-1a hash of an entry's day, kind, amount, category and memo.
  static func fingerprint(of entry: Transaction) -> UInt64 {
    let text =
      "\(entry.day.iso)\u{1F}\(entry.kind.rawValue)\u{1F}\(entry.amount.minorUnits)\u{1F}"
      + "\(entry.category)\u{1F}\(entry.memo)"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

extension AppCoordinator {
  /// The change ``undo()`` (`undoing`) or ``redo()`` would make next, or `nil`.
  public func nextHistoryStep(undoing: Bool) async -> LedgerEdit? {
    undoing ? await editor.nextUndo : await editor.nextRedo
  }

  /// Whether the ledger as stored now holds what `witness` says: each of its entries gone or
  /// with the fields it says. `false` when the entries cannot be read.
  public func holds(_ witness: LedgerEditWitness) async -> Bool {
    for item in witness.items {
      let stored: Transaction?
      do {
        stored = try await storedEntry(item.id)
      } catch {
        return false
      }
      guard stored.map(LedgerEditWitness.fingerprint(of:)) == item.fingerprint else {
        return false
      }
    }
    return true
  }
}
