import HannunTestSupport
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

  @Test(
    "a joiner that joins nothing and tag characters outside a flag are shown, not hidden",
    arguments: [
      ("pay\u{200D}pal", "pay<U+200D>pal"), ("\u{200D}", "<U+200D>"), ("a\u{200D}", "a<U+200D>"),
      ("\u{200D}a", "<U+200D>a"), ("👨\u{200D}", "👨<U+200D>"),
      ("a\u{200D}\u{0301}", "a<U+200D>\u{0301}"),
      ("ok\u{E0041}\u{E0042}", "ok<U+E0041><U+E0042>"), ("\u{E007F}", "<U+E007F>"),
      ("🏴\u{E0067}\u{E0062}", "🏴<U+E0067><U+E0062>"),
      ("x\u{E0067}\u{E007F}", "x<U+E0067><U+E007F>"), ("a\u{E0000}", "a<U+E0000>"),
      ("\u{E0001}\u{E0065}\u{E006E}", "<U+E0001><U+E0065><U+E006E>"),
    ])
  func strayJoiners(input: String, expected: String) {
    let shown = TerminalText.sanitized(input)
    #expect(shown == expected)
    #expect(TerminalText.displayWidth(shown) == TerminalText.displayWidth(expected))
  }

  @Test("joiners inside emoji sequences and Indic conjuncts are kept, and measure as drawn")
  func joinedSequences() {
    let family = "👨\u{200D}👩\u{200D}👧"
    let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    let conjunct = "क्\u{200D}ष"
    for text in [family, scotland, "❤\u{FE0F}\u{200D}🔥", conjunct, "식비 " + family] {
      #expect(TerminalText.sanitized(text) == text)
    }
    #expect(TerminalText.displayWidth(TerminalText.sanitized("a" + family)) == 3)
    #expect(TerminalText.displayWidth(TerminalText.sanitized("a\u{200D}")) == 9)
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

  /// Each value is what `wcwidth.width()` of the Python `wcwidth` package 0.7 gives.
  @Test(
    "sequences count as wcwidth counts them: emoji pictures 2, jamo and marks by their parts",
    arguments: [
      // Hangul: a syllable, conjoining jamo (leading 2, vowel and final 0), two leading jamo,
      // the invisible fillers, a tone mark, a syllable with a combining accent.
      ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{1100}\u{1100}", 4), ("\u{3164}", 0),
      ("\u{FFA0}", 0), ("\u{302E}", 0), ("가\u{301}", 2), ("\u{A960}\u{1161}", 2),
      // Emoji: ZWJ sequences, skin tones, keycaps, a variation selector that makes a picture, one
      // that keeps text, a text-default pictograph, ZWJ after a text symbol.
      ("🧑‍💻", 2), ("👩🏽‍🚀", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2), ("❤‍🔥", 1), ("1️⃣", 2), ("#️⃣", 2),
      ("1\u{20E3}", 1), ("☀", 1), ("☀️", 2), ("☀︎", 1), ("⌚", 2), ("⌚︎", 2), ("🌡", 1), ("🌡️", 2),
      ("🇰", 2), ("🇰🇷🇯🇵", 4), ("🫠", 2), ("한글 memo 🍜", 12), ("식비 점심 김밥", 14),
      // Zero-width and format characters, and the soft hyphen, which prints.
      ("\u{200B}", 0), ("\u{2060}", 0), ("\u{FEFF}", 0), ("a\u{200C}b", 2), ("\u{AD}", 1),
      ("\u{0301}", 0), ("\u{0903}", 0), ("क\u{093F}", 2), ("가\u{302E}", 3),
      // Fullwidth and halfwidth forms, CJK symbols, an ambiguous circled number, a hexagram.
      ("ｶﾞ", 2), ("＄１", 4), ("〜", 2), ("㉈", 1), ("䷀", 2), ("…", 1), ("₩", 1), ("￦", 2),
    ])
  func sequences(text: String, columns: Int) {
    #expect(TerminalText.displayWidth(text) == columns, "\(text.unicodeScalars.map(\.value))")
  }

  @Test("a string's width is the sum of its characters': random strings of the pieces above")
  func sums() {
    let pieces: [(String, Int)] = [
      ("a", 1), (" ", 1), ("가", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("e\u{301}", 1),
      ("कि", 2), ("😀", 2), ("👍🏽", 2), ("❤️", 2), ("❤", 1), ("🇰🇷", 2), ("ｶﾞ", 2),
      ("👨‍👩‍👧", 2), ("1️⃣", 2), ("⌚︎", 2), ("\u{200B}", 0), ("…", 1), ("￦", 2), ("漢字", 4),
    ]
    var random = SplitMix64(seed: 42)
    for _ in 0..<500 {
      let chosen = (0..<Int.random(in: 1...10, using: &random)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let text = chosen.map(\.0).joined()
      #expect(TerminalText.displayWidth(text) == chosen.map(\.1).reduce(0, +), "\(text)")
    }
  }

  /// The columns `wcwidth.wcwidth()` (Python `wcwidth` 0.7) gives scalars at and around the
  /// edges of every wide range, and at known exceptions inside them.
  static let wcwidthTable: [(UInt32, Int)] = [
    (0x20, 1), (0x7E, 1), (0xA0, 1), (0xAD, 1), (0x300, 0), (0x36F, 0), (0x903, 0),
    (0x10FF, 1), (0x1100, 2), (0x1101, 2), (0x115E, 2), (0x115F, 2), (0x1160, 0), (0x11A8, 0),
    (0x11FF, 0), (0x200B, 0), (0x200D, 0), (0x2026, 1), (0x20A9, 1), (0x231A, 2), (0x2328, 1),
    (0x2329, 2), (0x232A, 2), (0x232B, 1), (0x262F, 1), (0x2630, 2), (0x2631, 2), (0x2636, 2),
    (0x2637, 2), (0x2638, 1), (0x2689, 1), (0x268A, 2), (0x268B, 2), (0x268E, 2), (0x268F, 2),
    (0x2690, 1), (0x2764, 1), (0x2E80, 2), (0x2E81, 2), (0x302E, 0), (0x303D, 2), (0x303E, 2),
    (0x303F, 1), (0x3041, 2), (0x3042, 2), (0x3164, 0), (0x3246, 2), (0x3247, 2), (0x3248, 1),
    (0x324F, 1), (0x3250, 2), (0x3251, 2), (0x33FE, 2), (0x33FF, 2), (0x3400, 2), (0x3401, 2),
    (0x9FFE, 2), (0x9FFF, 2), (0xA000, 2), (0xA001, 2), (0xA4D0, 1), (0xA95F, 1), (0xA960, 2),
    (0xA961, 2), (0xA980, 0), (0xAC00, 2), (0xAC01, 2), (0xD7A2, 2), (0xD7A3, 2), (0xD7B0, 0),
    (0xF900, 2), (0xF901, 2), (0xFB00, 1), (0xFE0F, 0), (0xFE10, 2), (0xFE11, 2), (0xFE18, 2),
    (0xFE19, 2), (0xFE2F, 0), (0xFE30, 2), (0xFE31, 2), (0xFE70, 1), (0xFEFF, 0), (0xFF01, 2),
    (0xFF5F, 2), (0xFF60, 2), (0xFF61, 1), (0xFFA0, 0), (0xFFE0, 2), (0xFFE1, 2), (0xFFE5, 2),
    (0xFFE6, 2), (0x16FE0, 2), (0x16FE1, 2), (0x16FE3, 2), (0x16FE4, 0), (0x1F1E6, 2),
    (0x1F1FF, 2), (0x1F200, 2), (0x1F201, 2), (0x1F300, 2), (0x1F321, 1), (0x1F336, 1),
    (0x1F37D, 1), (0x1F3FB, 2), (0x1F600, 2), (0x1F9D1, 2), (0x20000, 2), (0x20001, 2),
  ]

  @Test("each scalar at the edges of the wide ranges has wcwidth's columns")
  func scalarTable() throws {
    for (value, columns) in WidthTests.wcwidthTable {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(TerminalText.width(of: Character(scalar)) == columns, "U+\(String(value, radix: 16))")
    }
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

@Suite("Wrapping messages to the terminal's width")
struct WrapTests {
  @Test(
    "lines break at spaces, never wider than the width, in any script", arguments: [10, 17, 40])
  func wraps(width: Int) {
    let texts = [
      "error: '12a' is not an amount; use a number greater than zero, for example 12000",
      "오류: '12a'은(는) 금액이 아닙니다. 0보다 큰 수를 적어 주세요 (예: 12000, 3만5천)",
      "averyveryverylongwordwithoutanyspaces 그리고한글로된아주긴낱말도있습니다",
    ]
    for text in texts {
      let lines = TerminalText.wrapped(text, toWidth: width)
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(lines)")
      let joined = lines.joined()
      #expect(joined.filter { $0 != " " } == text.filter { $0 != " " }, "nothing is lost")
    }
  }

  @Test("a short command after a message's last colon is never broken across lines")
  func keepsSuggestionTogether() {
    let message =
      "오류: '식비'은(는) 종류(수입, 지출)가 아닙니다. 지출은 금액부터 써도 됩니다: add 5000 식비"
    for width in [40, 60, 80] {
      let lines = TerminalText.wrapped(message, toWidth: width, keepingLastClause: true)
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(lines)")
      #expect(lines.contains { $0.hasSuffix("add 5000 식비") }, "\(width): \(lines)")
      #expect(lines.joined(separator: " ") == message)
    }
    // A long clause after the colon wraps as any text does.
    let long = "error: try one of these: " + String(repeating: "word ", count: 20)
    let lines = TerminalText.wrapped(long, toWidth: 30, keepingLastClause: true)
    #expect(lines == TerminalText.wrapped(long, toWidth: 30))
  }

  @Test("a word wider than a line breaks after a | or / when it can, not in mid-name")
  func breaksAtSeparators() {
    let help = "recurring edit ID amount|category|memo|kind|from|until|schedule VALUE"
    #expect(
      TerminalText.wrapped(help, toWidth: 40) == [
        "recurring edit ID", "amount|category|memo|kind|from|until|", "schedule VALUE",
      ])
    let path = "cannot read /home/min/.local/share/hannun/ledger/2025/2025-10.json: gone"
    let lines = TerminalText.wrapped(path, toWidth: 30)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 30 }, "\(lines)")
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("/") || !$0.contains("/") }, "\(lines)")
    #expect(lines.joined().filter { $0 != " " } == path.filter { $0 != " " })
  }

  @Test("text that fits is left alone")
  func fits() {
    #expect(TerminalText.wrapped("hello world", toWidth: 11) == ["hello world"])
    #expect(TerminalText.wrapped("", toWidth: 5) == [""])
  }
}
