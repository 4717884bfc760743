import HannunDomain

/// What the ledger holds once an undo or redo of one step is made — each entry the step
/// touches, gone or with the fields it then has; for a mood, the day's mood; for a batch without
/// entries (a rename of a category only budgets or rules have), each budget scope's history or
/// each rule as it then is — so that an undo or redo sent again after its answer was lost, and
/// the history with it (a restart), is known as made (``AppCoordinator/holds(_:)``). It is kept
/// as ``text`` where the answer is kept. A batch is written whole or not at all, so its first
/// ``limit`` parts (entries first, then budget scopes, then rules) stand for it.
public struct LedgerEditWitness: Hashable, Sendable {
  /// One part of the ledger once the step is made, with the fingerprint of what it then holds
  /// (``fingerprint(of:)``), `nil` when it is gone.
  enum Item: Hashable, Sendable {
    /// An entry: `ID:FINGERPRINT`, or `ID:-` when it is gone.
    case entry(TransactionID, UInt64?)
    /// A day's mood: `@DAY:FINGERPRINT`, or `@DAY:-` when the day has none.
    case mood(Day, UInt64?)
    /// A budget scope's history (never gone: an empty one has its fingerprint):
    /// `$SCOPE:FINGERPRINT`, the scope's text in hexadecimal UTF-8 (``scopeText(_:)``).
    case budget(BudgetScope, UInt64)
    /// A recurring rule: `~ID:FINGERPRINT`, or `~ID:-` when it is gone, the id in hexadecimal
    /// UTF-8.
    case rule(RecurringRuleID, UInt64?)
  }

  /// How many parts of a batch stand for it.
  public static let limit = 16

  let items: [Item]

  /// The witness of `edit` made forwards (a redo) or, `reverting`, backwards (an undo); `nil`
  /// for a step that touches nothing a witness can name (a batch of recurring decisions alone).
  public init?(_ edit: LedgerEdit, reverting: Bool) {
    var items: [Item] = []
    func expect(_ change: EntryChange) {
      switch (change, reverting) {
      case (.insert(let entry), false), (.delete(let entry), true):
        items.append(.entry(entry.id, Self.fingerprint(of: entry)))
      case (.insert(let entry), true), (.delete(let entry), false):
        items.append(.entry(entry.id, nil))
      case (.update(let before, let after), _):
        let entry = reverting ? before : after
        items.append(.entry(entry.id, Self.fingerprint(of: entry)))
      }
    }
    switch edit {
    case .added(let entry): expect(.insert(entry))
    case .deleted(let entry): expect(.delete(entry))
    case .edited(let before, let after): expect(.update(before, to: after))
    case .batch(let batch):
      batch.changes.prefix(Self.limit).forEach(expect)
      for (scope, change) in batch.budgets.scopes.sorted(by: { $0.key < $1.key })
      where items.count < Self.limit {
        items.append(.budget(scope, Self.fingerprint(of: reverting ? change.before : change.after)))
      }
      for change in batch.recurring.rules where items.count < Self.limit {
        let rule = reverting ? change.before : change.after
        items.append(.rule(rule.id, Self.fingerprint(of: rule)))
      }
    case .imported(let imported):
      // Undone, its entries are gone; it is never redone as itself (its undo keeps a batch).
      if reverting {
        items += imported.orderedIDs.prefix(Self.limit).map { .entry($0, nil) }
      }
    case .mood(let mood):
      items.append(.mood(mood.day, (reverting ? mood.before : mood.after).map(Self.fingerprint)))
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
      let gone = fields[1] == "-"
      let value = UInt64(fields[1], radix: 16)
      guard gone || value != nil else { return nil }
      let key = fields[0].dropFirst()
      switch fields[0].first {
      case "@":
        guard let day = try? Day(iso: String(key)) else { return nil }
        items.append(.mood(day, value))
      case "$":
        guard let value, let text = Self.unhex(key), let scope = Self.scope(text) else {
          return nil
        }
        items.append(.budget(scope, value))
      case "~":
        guard let id = Self.unhex(key) else { return nil }
        items.append(.rule(RecurringRuleID(id), value))
      default:
        items.append(.entry(TransactionID(String(fields[0])), value))
      }
    }
    guard !items.isEmpty else { return nil }
    self.items = items
  }

  /// The witness as one line of text: its parts (``Item``) joined by commas, each fingerprint
  /// in hexadecimal or `-`.
  public var text: String {
    items.map { item in
      func value(_ fingerprint: UInt64?) -> String {
        fingerprint.map { String($0, radix: 16) } ?? "-"
      }
      return switch item {
      case .entry(let id, let fingerprint): id.rawValue + ":" + value(fingerprint)
      case .mood(let day, let fingerprint): "@" + day.iso + ":" + value(fingerprint)
      case .budget(let scope, let fingerprint):
        "$" + Self.hex(Self.scopeText(scope)) + ":" + value(fingerprint)
      case .rule(let id, let fingerprint): "~" + Self.hex(id.rawValue) + ":" + value(fingerprint)
      }
    }.joined(separator: ",")
  }

  /// A 64-bit FNV-1a hash of an entry's day, kind, amount, category and memo.
  static func fingerprint(of entry: Transaction) -> UInt64 {
    fingerprint(
      "\(entry.day.iso)\u{1F}\(entry.kind.rawValue)\u{1F}\(entry.amount.minorUnits)\u{1F}"
        + "\(entry.category)\u{1F}\(entry.memo)")
  }

  /// The hash of a day's mood and its note.
  static func fingerprint(of mood: DayMood) -> UInt64 {
    fingerprint("\(mood.mood.rawValue)\u{1F}\(mood.note)")
  }

  /// The hash of a budget scope's history: each change's first month and limit (`-`: none).
  static func fingerprint(of changes: [BudgetChange]) -> UInt64 {
    fingerprint(
      changes.map { "\($0.from.iso)\u{1F}\($0.limit.map { String($0.minorUnits) } ?? "-")" }
        .joined(separator: "\u{1E}"))
  }

  /// The hash of a recurring rule's every field.
  static func fingerprint(of rule: RecurringRule) -> UInt64 {
    fingerprint(
      [
        rule.id.rawValue, rule.schedule.text, rule.kind.rawValue, String(rule.amount.minorUnits),
        rule.category, rule.memo, rule.start.iso, rule.end?.iso ?? "-",
      ].joined(separator: "\u{1F}"))
  }

  /// A 64-bit FNV-1a hash of `text`'s UTF-8.
  private static func fingerprint(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// A scope as text: `t` for the whole ledger, `c` and the name for a category.
  private static func scopeText(_ scope: BudgetScope) -> String {
    switch scope {
    case .total: "t"
    case .category(let name): "c" + name
    }
  }

  /// The scope ``scopeText(_:)`` wrote, or `nil`.
  private static func scope(_ text: String) -> BudgetScope? {
    switch text.unicodeScalars.first {
    case "t" where text == "t": .total
    case "c": .category(String(text.unicodeScalars.dropFirst()))
    default: nil
    }
  }

  /// Text's UTF-8 in hexadecimal, two digits a byte: no `,` or `:` of a name can end a part.
  private static func hex(_ text: String) -> String {
    let digits = Array("0123456789abcdef")
    var result = ""
    for byte in text.utf8 {
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 0xF)])
    }
    return result
  }

  /// The text ``hex(_:)`` wrote, or `nil` for anything else (odd length, not hexadecimal, not
  /// UTF-8).
  private static func unhex(_ text: Substring) -> String? {
    let digits = Array(text.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = Self.digit(digits[index]), let low = Self.digit(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// A lowercase hexadecimal digit's value.
  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}

extension AppCoordinator {
  /// The change ``undo()`` (`undoing`) or ``redo()`` would make next, or `nil`.
  public func nextHistoryStep(undoing: Bool) async -> LedgerEdit? {
    undoing ? await editor.nextUndo : await editor.nextRedo
  }

  /// Whether the ledger as stored now holds what `witness` says: each of its entries gone or
  /// with the fields it says, each day's mood, budget scope and rule as it says. `false` when
  /// what it names cannot be read.
  public func holds(_ witness: LedgerEditWitness) async -> Bool {
    do {
      var budgetPlan: BudgetPlan?
      var rules: [RecurringRuleID: RecurringRule]?
      for item in witness.items {
        switch item {
        case .entry(let id, let fingerprint):
          let stored = try await storedEntry(id)
          guard stored.map(LedgerEditWitness.fingerprint(of:)) == fingerprint else { return false }
        case .mood(let day, let fingerprint):
          let stored = try await calendar.diary.moods(in: day...day)[day]
          guard stored.map(LedgerEditWitness.fingerprint(of:)) == fingerprint else { return false }
        case .budget(let scope, let fingerprint):
          if budgetPlan == nil { budgetPlan = try await budgets.storedPlan() }
          let changes = budgetPlan?.changes(for: scope) ?? []
          guard LedgerEditWitness.fingerprint(of: changes) == fingerprint else { return false }
        case .rule(let id, let fingerprint):
          if rules == nil {
            let plan = try await recurring.storedPlan()
            rules = Dictionary(plan.rules.map { ($0.id, $0) }) { first, _ in first }
          }
          guard rules?[id].map(LedgerEditWitness.fingerprint(of:)) == fingerprint else {
            return false
          }
        }
      }
      return true
    } catch {
      return false
    }
  }
}
