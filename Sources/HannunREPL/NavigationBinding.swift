/// One key sequence the line editor binds to a calendar move, and when it applies. Pure data, so
/// the table is tested without a terminal; ``ReadlineLineReader`` binds each entry.
package struct NavigationBinding: Equatable, Sendable {
  /// What a bound key does when it does not move the calendar.
  package enum Otherwise: Equatable, Sendable {
    /// It always moves the calendar; text already typed is handed back with the key.
    case always
    /// It moves only on an empty line; otherwise it types itself, as any character does.
    case insertsItself
    /// It moves only on an empty line; otherwise it goes to the beginning of the line.
    case beginningOfLine
  }

  /// The bytes the terminal sends, for example `ESC [ 6 ~` for PageDown.
  package let sequence: String
  /// The calendar move.
  package let key: NavigationKey
  /// What the key does when it does not move the calendar.
  package let otherwise: Otherwise

  /// A binding of `sequence` to `key`, doing `otherwise` when it does not move the calendar.
  package init(sequence: String, key: NavigationKey, otherwise: Otherwise) {
    self.sequence = sequence
    self.key = key
    self.otherwise = otherwise
  }

  /// What the key does on a line with `lineIsEmpty`: the calendar move, or `nil` when it
  /// edits the line as ``otherwise`` says.
  package func key(lineIsEmpty: Bool) -> NavigationKey? {
    otherwise == .always || lineIsEmpty ? key : nil
  }

  /// The readline function name the binding runs, for `~/.inputrc` (`"\C-xn": hannun-next`).
  package var functionName: String {
    switch otherwise {
    case .always: "hannun-\(key.rawValue)"
    case .insertsItself: "hannun-\(key.rawValue)-or-self-insert"
    case .beginningOfLine: "hannun-\(key.rawValue)-or-beginning-of-line"
    }
  }

  /// Whether the binding also belongs in vi's insert mode: not when it starts with ESC and a
  /// character other than `[` or `O`, since a vi user types ESC (leave insert mode) and then
  /// a command such as `t` quickly enough to look like Alt-t.
  package var suitsViInsertMode: Bool {
    let scalars = Array(sequence.unicodeScalars)
    guard scalars.first == "\u{1B}", scalars.count > 1 else { return true }
    return scalars[1] == "[" || scalars[1] == "O"
  }

  /// Whether the binding also belongs in vi's command mode: as in insert mode, except the keys
  /// that type themselves on a non-empty line, which command mode does not do.
  package var suitsViMovementMode: Bool {
    suitsViInsertMode && otherwise != .insertsItself
  }

  /// Every binding. Alt-arrows come in the two forms terminals send: xterm's modifier form and
  /// ESC before the arrow (what most terminals send with "Option as Meta", and tmux passes on).
  /// Home comes as each of its common sequences.
  package static let all: [NavigationBinding] = {
    let escape = "\u{1B}"
    var table: [NavigationBinding] = []
    func bind(_ sequences: [String], _ key: NavigationKey, _ otherwise: Otherwise) {
      table += sequences.map { NavigationBinding(sequence: $0, key: key, otherwise: otherwise) }
    }
    // PageUp, PageDown.
    bind([escape + "[5~"], .previous, .always)
    bind([escape + "[6~"], .next, .always)
    // Alt-←, Alt-→ (normal and application cursor modes).
    bind([escape + "[1;3D", escape + escape + "[D", escape + escape + "OD"], .previous, .always)
    bind([escape + "[1;3C", escape + escape + "[C", escape + escape + "OC"], .next, .always)
    // Alt-t: readline's transpose-words, given up for "today".
    bind([escape + "t"], .today, .always)
    // On an empty line only, so typing is never taken over.
    bind(["["], .previous, .insertsItself)
    bind(["]"], .next, .insertsItself)
    bind(
      [escape + "[H", escape + "OH", escape + "[1~", escape + "[7~"], .today, .beginningOfLine)
    return table
  }()

  /// The calendar move `sequence` makes on a line with `lineIsEmpty`, or `nil` when it is not a
  /// navigation key there.
  static func key(for sequence: String, lineIsEmpty: Bool) -> NavigationKey? {
    all.first { $0.sequence == sequence }?.key(lineIsEmpty: lineIsEmpty)
  }
}
