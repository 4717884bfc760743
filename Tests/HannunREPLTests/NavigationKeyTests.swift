import Testing

@testable import HannunREPL

@Suite("Calendar keys")
struct NavigationKeyTests {
  private static let escape = "\u{1B}"

  @Test(
    "PageUp, PageDown, Alt-arrows and Alt-t move the calendar on any line",
    arguments: [
      (escape + "[5~", NavigationKey.previous), (escape + "[6~", .next),
      (escape + "[1;3D", .previous), (escape + "[1;3C", .next),
      (escape + escape + "[D", .previous), (escape + escape + "[C", .next),
      (escape + escape + "OD", .previous), (escape + escape + "OC", .next),
      (escape + "t", .today),
    ])
  func alwaysKeys(sequence: String, key: NavigationKey) {
    #expect(NavigationBinding.key(for: sequence, lineIsEmpty: true) == key)
    #expect(NavigationBinding.key(for: sequence, lineIsEmpty: false) == key)
  }

  @Test(
    "[, ] and Home move the calendar only on an empty line",
    arguments: [
      ("[", NavigationKey.previous), ("]", .next), (escape + "[H", .today),
      (escape + "OH", .today), (escape + "[1~", .today), (escape + "[7~", .today),
    ])
  func emptyLineKeys(sequence: String, key: NavigationKey) {
    #expect(NavigationBinding.key(for: sequence, lineIsEmpty: true) == key)
    #expect(NavigationBinding.key(for: sequence, lineIsEmpty: false) == nil)
  }

  @Test("ordinary typing is never a calendar key")
  func typingIsNotNavigation() {
    for sequence in ["t", "n", "p", "a", "\r", Self.escape + "[A", Self.escape + "b", "점"] {
      #expect(NavigationBinding.key(for: sequence, lineIsEmpty: true) == nil)
    }
  }

  @Test("each sequence is bound once, and each function has one name")
  func tableIsConsistent() {
    let sequences = NavigationBinding.all.map(\.sequence)
    #expect(Set(sequences).count == sequences.count)
    #expect(
      Set(NavigationBinding.all.map(\.functionName)) == [
        "hannun-previous", "hannun-next", "hannun-today", "hannun-previous-or-self-insert",
        "hannun-next-or-self-insert", "hannun-today-or-beginning-of-line",
      ])
  }

  @Test("vi modes get only keys that a quick ESC and command cannot look like")
  func viModes() {
    func binding(_ sequence: String) -> NavigationBinding? {
      NavigationBinding.all.first { $0.sequence == sequence }
    }
    #expect(binding(Self.escape + "[6~")?.suitsViInsertMode == true)
    #expect(binding(Self.escape + "[6~")?.suitsViMovementMode == true)
    #expect(binding(Self.escape + "t")?.suitsViInsertMode == false)
    #expect(binding(Self.escape + Self.escape + "[D")?.suitsViInsertMode == false)
    #expect(binding("[")?.suitsViInsertMode == true)
    #expect(binding("[")?.suitsViMovementMode == false, "command mode does not type")
  }
}
