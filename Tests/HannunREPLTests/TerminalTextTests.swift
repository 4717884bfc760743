import Testing

@testable import HannunREPL

@Suite("Terminal text: sanitizing")
struct SanitizeTests {
  @Test(
    "control characters become caret notation",
    arguments: [
      ("\u{1B}[2J", "^[[2J"), ("ding\u{07}", "ding^G"), ("a\nb", "a^Jb"), ("a\rb", "a^Mb"),
      ("a\tb", "a^Ib"), ("\u{00}", "^@"), ("x\u{7F}", "x^?"), ("\u{1F}", "^_"),
    ])
  func c0(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
  }

  @Test(
    "C1 controls, bidi overrides, separators and other format characters become <U+XXXX>",
    arguments: [
      ("\u{9B}31m", "<U+009B>31m"), ("\u{85}", "<U+0085>"), ("abc\u{202E}fed", "abc<U+202E>fed"),
      ("\u{2066}x\u{2069}", "<U+2066>x<U+2069>"), ("\u{200F}", "<U+200F>"),
      ("a\u{2028}b", "a<U+2028>b"), ("a\u{2029}b", "a<U+2029>b"), ("\u{FEFF}x", "<U+FEFF>x"),
      ("\u{200B}", "<U+200B>"),
    ])
  func c1AndFormat(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
  }

  @Test(
    "ordinary text is unchanged, including Hangul, emoji sequences and combining marks",
    arguments: [
      "food 12,000", "식비 점심 김밥", "café", "e\u{301}", "👨‍👩‍👧", "🇰🇷", "❤️", "₩12,000",
      "한\u{3000}글", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "",
    ])
  func unchanged(input: String) {
    #expect(TerminalText.sanitized(input) == input)
  }

  @Test("no escape character survives sanitizing")
  func noEscapeSurvives() {
    let hostile = "\u{1B}]0;title\u{07}\u{1B}[31mred\u{9B}2J\u{1B}P\u{1B}\\\u{202E}"
    let safe = TerminalText.sanitized(hostile)
    #expect(!safe.unicodeScalars.contains { TerminalText.needsEscape($0) })
    #expect(!safe.contains("\u{1B}"))
  }
}

@Suite("Terminal text: widths")
struct WidthTests {
  @Test(
    "columns per text",
    arguments: [
      ("", 0), ("abc", 3), ("12,000", 6), ("한글", 4), ("식비 점심", 9), ("가", 2),
      ("漢字", 4), ("ｶﾀｶﾅ", 4), ("カタカナ", 8), ("ＡＢ", 4), ("￦", 2),
      ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇰🇷", 2), ("❤️", 2), ("❤", 1),
      ("e\u{301}", 1), ("café", 4), ("a\u{300}\u{301}\u{302}", 1), ("…", 1), ("·", 1),
      ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{3000}", 2), ("x\u{200D}", 1),
    ])
  func widths(text: String, columns: Int) {
    #expect(TerminalText.displayWidth(text) == columns, "\(text.unicodeScalars.map(\.value))")
  }

  @Test("ANSI styles take no columns in the visible width")
  func visibleWidth() {
    let styled = "\u{1B}[1;31m식비\u{1B}[0m 12"
    #expect(TerminalText.visibleWidth(styled) == 7)
    #expect(TerminalText.strippingANSI(styled) == "식비 12")
    let link = "\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{07}"
    #expect(TerminalText.strippingANSI(link) == "link")
    #expect(TerminalText.strippingANSI("a\u{1B}(Bb\u{1B}") == "ab")
    #expect(TerminalText.strippingANSI("plain") == "plain")
  }
}

@Suite("Terminal text: padding and truncation")
struct FitTests {
  @Test("padding counts columns, not characters")
  func pad() {
    #expect(TerminalText.pad("ab", toWidth: 5) == "ab   ")
    #expect(TerminalText.pad("ab", toWidth: 5, alignment: .right) == "   ab")
    #expect(TerminalText.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
    #expect(TerminalText.pad("식비", toWidth: 6) == "식비  ")
    #expect(TerminalText.pad("식비", toWidth: 6, alignment: .right) == "  식비")
    #expect(TerminalText.pad("식비", toWidth: 7, alignment: .center) == " 식비  ")
    #expect(TerminalText.pad("toolong", toWidth: 3) == "toolong")
    #expect(TerminalText.pad("", toWidth: 2) == "  ")
  }

  @Test("styled text pads to its visible width")
  func padStyled() {
    let styled = Theme(colorEnabled: true).apply(.income, to: "12")
    let padded = TerminalText.pad(styled, toWidth: 5, alignment: .right)
    #expect(padded == "   " + styled)
    #expect(TerminalText.visibleWidth(padded) == 5)
  }

  @Test("truncation ends with an ellipsis and never exceeds the width")
  func truncate() {
    #expect(TerminalText.truncate("groceries", toWidth: 5) == "groc…")
    #expect(TerminalText.truncate("food", toWidth: 4) == "food")
    #expect(TerminalText.truncate("food", toWidth: 10) == "food")
    #expect(TerminalText.truncate("food", toWidth: 1) == "…")
    #expect(TerminalText.truncate("food", toWidth: 0) == "")
    #expect(TerminalText.truncate("food", toWidth: -3) == "")
    #expect(TerminalText.truncate("abc", toWidth: 2, ellipsis: "...") == "ab")
  }

  @Test("truncation never splits a wide character")
  func truncateWide() {
    #expect(TerminalText.truncate("식비점심", toWidth: 5) == "식비…")
    #expect(TerminalText.truncate("식비점심", toWidth: 6) == "식비…")
    #expect(TerminalText.truncate("식비점심", toWidth: 4) == "식…")
    #expect(TerminalText.truncate("a식비", toWidth: 4) == "a식…")
    #expect(TerminalText.truncate("👨‍👩‍👧👨‍👩‍👧", toWidth: 3) == "👨‍👩‍👧…")
    #expect(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    for width in 0...9 {
      #expect(TerminalText.displayWidth(TerminalText.truncate("식비 점심 김밥", toWidth: width)) <= width)
    }
  }

  @Test("fit gives exactly the width")
  func fit() {
    for width in 1...12 {
      for text in ["식비 점심", "food", "", "👍 ok"] {
        #expect(TerminalText.displayWidth(TerminalText.fit(text, toWidth: width)) == width)
      }
    }
    #expect(TerminalText.fit("식비점심", toWidth: 6, alignment: .right) == " 식비…")
  }
}

@Suite("Styles and colour choice")
struct StyleTests {
  @Test("a disabled theme returns text unchanged")
  func plain() {
    for style in ANSIStyle.allCases {
      #expect(Theme.plain.apply(style, to: "12,000") == "12,000")
    }
    #expect(Theme(colorEnabled: false).apply([.today, .selected], to: "3") == "3")
  }

  @Test(
    "each role has its SGR codes",
    arguments: [
      (ANSIStyle.income, "\u{1B}[32m"), (.expense, "\u{1B}[31m"), (.sunday, "\u{1B}[31m"),
      (.saturday, "\u{1B}[34m"), (.selected, "\u{1B}[7m"), (.today, "\u{1B}[1;4m"),
      (.error, "\u{1B}[1;31m"), (.header, "\u{1B}[1m"), (.bold, "\u{1B}[1m"),
      (.dim, "\u{1B}[2m"),
    ])
  func codes(style: ANSIStyle, prefix: String) {
    #expect(Theme(colorEnabled: true).apply(style, to: "x") == prefix + "x\u{1B}[0m")
  }

  @Test("styles combine into one sequence without repeats")
  func combined() {
    let theme = Theme(colorEnabled: true)
    #expect(theme.apply([.today, .selected, .sunday], to: "3") == "\u{1B}[1;4;7;31m3\u{1B}[0m")
    #expect(theme.apply([.header, .bold], to: "H") == "\u{1B}[1mH\u{1B}[0m")
    #expect(theme.apply([], to: "x") == "x")
    #expect(theme.apply(.income, to: "") == "")
  }

  @Test(
    "colour choice follows the terminal, NO_COLOR and TERM",
    arguments: [
      (ColorChoice.auto, true, [String: String](), true),
      (.auto, false, [:], false),
      (.auto, true, ["NO_COLOR": "1"], false),
      (.auto, true, ["NO_COLOR": "anything"], false),
      (.auto, true, ["NO_COLOR": ""], true),
      (.auto, true, ["TERM": "dumb"], false),
      (.auto, true, ["TERM": "xterm-256color"], true),
      (.always, false, ["NO_COLOR": "1"], true),
      (.always, true, [:], true),
      (.never, true, [:], false),
      (.never, false, [:], false),
    ])
  func colorChoice(
    choice: ColorChoice, isTerminal: Bool, environment: [String: String], expected: Bool
  ) {
    #expect(choice.resolve(isTerminal: isTerminal, environment: environment) == expected)
  }

  @Test("colour choices parse from their option names")
  func choiceNames() {
    #expect(ColorChoice(rawValue: "auto") == .auto)
    #expect(ColorChoice(rawValue: "always") == .always)
    #expect(ColorChoice(rawValue: "never") == .never)
    #expect(ColorChoice(rawValue: "sometimes") == nil)
  }
}
