@preconcurrency import CReadline
import HannunREPL

/// The calendar keys, as readline functions bound to key sequences.
extension ReadlineGlobals {
  /// Names each binding's function (`hannun-next`, `hannun-previous-or-self-insert`, …) before
  /// readline reads `/etc/inputrc` and `~/.inputrc`, so those files can bind other keys to them
  /// (in an `$if hannun` section).
  static func nameNavigationFunctions() {
    var named: Set<String> = []
    for binding in NavigationBinding.all where named.insert(binding.functionName).inserted {
      _ = rl_add_funmap_entry(
        strdup(binding.functionName), commandFunction(binding.key, binding.otherwise))
    }
  }

  /// Binds every ``NavigationBinding`` in the Emacs keymap, and those that cannot be mistaken
  /// for vi commands in the vi keymaps, after readline has read the init files: over the standard
  /// bindings of those keys (``replaceable``), never over another choice an init file made.
  static func bindNavigationKeys() {
    for binding in NavigationBinding.all {
      var keymaps = ["emacs-standard"]
      if binding.suitsViInsertMode { keymaps.append("vi-insert") }
      if binding.suitsViMovementMode { keymaps.append("vi-move") }
      for name in keymaps {
        guard let keymap = rl_get_keymap_by_name(name) else { continue }
        var type: Int32 = 0
        let current = rl_function_of_keyseq(binding.sequence, keymap, &type)
        guard current == nil || (type == ISFUNC && replaceable.contains(address(current)))
        else { continue }
        _ = rl_bind_keyseq_in_map(
          binding.sequence, commandFunction(binding.key, binding.otherwise), keymap)
      }
    }
  }

  /// The standard bindings of the calendar keys, which the calendar keys replace: readline's own
  /// (PageUp and PageDown search history since readline 8.1, Home goes to the beginning of the
  /// line, Alt-t transposes words, `[` and `]` type themselves) and `/etc/inputrc`'s on Debian
  /// (ESC-arrows move by words; its comments suggest PageUp and PageDown for history).
  private static let replaceable: Set<UInt> = [
    address(rl_history_search_backward), address(rl_history_search_forward),
    address(rl_beginning_of_history), address(rl_end_of_history), address(rl_beg_of_line),
    address(rl_backward_word), address(rl_forward_word), address(rl_transpose_words),
    address(rl_insert),
  ]

  /// Where a C function is, as a number (C function pointers are not `Equatable` in Swift).
  private static func address(_ function: (@convention(c) (Int32, Int32) -> Int32)?) -> UInt {
    function.map { UInt(bitPattern: unsafeBitCast($0, to: Int.self)) } ?? 0
  }

  /// A readline command for one kind of binding. Readline calls plain C functions that cannot
  /// capture, hence one literal per case.
  private static func commandFunction(
    _ key: NavigationKey, _ otherwise: NavigationBinding.Otherwise
  ) -> @convention(c) (Int32, Int32) -> Int32 {
    switch (key, otherwise) {
    case (.previous, .always): { ReadlineGlobals.navigate(.previous, .always, $0, $1) }
    case (.next, .always): { ReadlineGlobals.navigate(.next, .always, $0, $1) }
    case (.today, .always): { ReadlineGlobals.navigate(.today, .always, $0, $1) }
    case (.previous, .insertsItself):
      { ReadlineGlobals.navigate(.previous, .insertsItself, $0, $1) }
    case (.next, .insertsItself): { ReadlineGlobals.navigate(.next, .insertsItself, $0, $1) }
    case (.today, .insertsItself): { ReadlineGlobals.navigate(.today, .insertsItself, $0, $1) }
    case (.previous, .beginningOfLine):
      { ReadlineGlobals.navigate(.previous, .beginningOfLine, $0, $1) }
    case (.next, .beginningOfLine): { ReadlineGlobals.navigate(.next, .beginningOfLine, $0, $1) }
    case (.today, .beginningOfLine): { ReadlineGlobals.navigate(.today, .beginningOfLine, $0, $1) }
    }
  }

  /// A calendar key: ends the read with the key and the line as typed (wiped from the screen, so
  /// the next read draws in place), or, where the key acts only on an empty line and the line is
  /// not empty, does what the key does otherwise.
  private static func navigate(
    _ key: NavigationKey, _ otherwise: NavigationBinding.Otherwise, _ count: Int32,
    _ character: Int32
  ) -> Int32 {
    let binding = NavigationBinding(sequence: "", key: key, otherwise: otherwise)
    guard let move = binding.key(lineIsEmpty: rl_end == 0) else {
      switch otherwise {
      case .insertsItself: return rl_insert(count, character)
      case .beginningOfLine: return rl_beg_of_line(count, character)
      case .always: return 0
      }
    }
    ending = .key(move, currentLine())
    selectionPending = false
    rl_deactivate_mark()
    _ = rl_clear_visible_line()
    rl_done = 1
    return 0
  }
}
