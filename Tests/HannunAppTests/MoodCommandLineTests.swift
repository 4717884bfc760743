import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("hannun mood and report --by-mood, in process")
struct MoodCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-mood-tests") }

  @Test("mood sets by English, Korean or emoji name, shows, clears; month --json has it")
  func setShowClear() async throws {
    let set = await hannun(
      ["mood", "2025-11-03", "기쁨", "--note", "월급날", "--locale", "ko", "--currency", "KRW"],
      data: data)
    #expect(set.status == 0 && set.out == "2025-11-03 😊 기쁨 (월급날)\n", "\(set)")
    let emoji = await hannun(["mood", "2025-11-04", "😴", "--locale", "en"], data: data)
    #expect(emoji.out == "2025-11-04 😴 tired\n", "\(emoji)")
    let shown = await hannun(["mood", "2025-11-03", "--locale", "en"], data: data)
    #expect(shown.out == "2025-11-03 😊 joy (월급날)\n", "\(shown)")
    let month = await hannun(["month", "2025-11", "--json"], data: data)
    #expect(month.out.contains(#"{"date":"2025-11-03","income":0,"expense":0,"mood":"joy"}"#))
    #expect(month.out.contains(#"{"date":"2025-11-05","income":0,"expense":0,"mood":null}"#))
    let cleared = await hannun(["mood", "2025-11-03", "--clear", "--locale", "en"], data: data)
    #expect(cleared.status == 0 && cleared.out == "2025-11-03 no mood\n", "\(cleared)")
    let after = await hannun(["month", "2025-11", "--json"], data: data)
    #expect(after.out.contains(#"{"date":"2025-11-03","income":0,"expense":0,"mood":null}"#))
    #expect(after.out.contains(#""mood":"tired""#))
  }

  @Test("bad input exits 2 with one line in the user's language and writes nothing")
  func badInput() async throws {
    _ = await hannun(["mood", "2025-11-03", "calm", "--currency", "KRW"], data: data)
    let file = data.appending(path: "ledger/moods.json")
    let before = try Data(contentsOf: file)
    let cases: [([String], String)] = [
      (["mood", "2025-11-03", "happy", "--locale", "en"], "'happy' is not a mood"),
      (["mood", "2025-11-03", "행복", "--locale", "ko"], "'행복'은(는) 기분이 아닙니다"),
      (["mood", "2025-13-01", "joy", "--locale", "en"], "2025-13-01"),
      // One word that is neither: it was refused as a date alone.
      (["mood", "happy", "--locale", "en"], "'happy' is neither a mood nor a date"),
      (["mood", "좋음", "--locale", "ko"], "'좋음'은(는) 기분도 날짜도 아닙니다"),
      (
        ["mood", "2025-11-03", "--clear", "--note", "x", "--locale", "en"],
        "--clear takes no --note"
      ),
      (
        ["mood", "2025-11-03", "joy", "extra", "--locale", "en"],
        "'extra' is more than mood takes: a date and a mood, for example hannun mood 2025-11-03 joy"
      ),
      // A verb first, as `budget set` has: the verb is what is too much, not the mood.
      (["mood", "set", "2025-11-03", "angry", "--locale", "en"], "'set' is more than mood takes"),
      (["mood", "set", "2025-11-03", "화남", "--locale", "ko"], "'set'은(는) mood에 필요 없는 말입니다"),
      (["mood", "joy", "--note", String(repeating: "가", count: 101), "--locale", "en"], "101"),
    ]
    for (arguments, expected) in cases {
      let run = await hannun(arguments, data: data)
      #expect(run.status == 2, "\(arguments): \(run)")
      #expect(run.err.contains(expected) && run.err.filter { $0 == "\n" }.count == 1, "\(run)")
    }
    #expect(try Data(contentsOf: file) == before)
  }

  @Test("report --by-mood: the average day per mood and the rising categories, text and JSON")
  func report() async throws {
    for (day, amount, category) in [
      ("2025-10-01", "10000", "식비"), ("2025-10-03", "30000", "카페"),
      ("2025-10-03", "10000", "식비"), ("2025-10-04", "50000", "쇼핑"),
    ] {
      let added = await hannun(
        ["add", "--expense", amount, "--category", category, "--date", day, "--currency", "KRW"],
        data: data)
      #expect(added.status == 0, "\(added)")
    }
    _ = await hannun(["mood", "2025-10-03", "sad"], data: data)
    _ = await hannun(["mood", "2025-10-04", "sad"], data: data)
    let json = await hannun(["report", "--by-mood", "2025-10", "--json"], data: data)
    #expect(
      json.out
        == #"{"from":"2025-10-01","to":"2025-10-31","moods":[{"mood":"sad","days":2,"#
        + #""expense":90000,"averageDaily":45000,"rising":["#
        + #"{"category":"쇼핑","averageOn":25000,"averageOff":0,"rise":25000},"#
        + #"{"category":"카페","averageOn":15000,"averageOff":0,"rise":15000},"#
        + #"{"category":"식비","averageOn":5000,"averageOff":345,"rise":4655}]}],"#
        + #""withoutMood":{"days":29,"expense":10000,"averageDaily":345}}"# + "\n", "\(json)")
    let text = await hannun(
      ["report", "--by-mood", "--from", "2025-10", "--to", "2025-10", "--locale", "ko", "--ascii"],
      data: data)
    #expect(
      text.out
        == """
        기분별 지출 · 2025-10-01 – 2025-10-31
        슬픔             2일   하루 ₩45,000
           더 쓴 분류: 쇼핑 +₩25,000, 카페 +₩15,000, 식비 +₩4,655
        기분 없음       29일   하루 ₩345

        """, "\(text)")
    let twoSpans = await hannun(["report", "--by-mood", "2025-10", "--year", "2025"], data: data)
    #expect(twoSpans.status == 2, "\(twoSpans)")
  }

  @Test("--ascii before the subcommand reaches it, like the other global options")
  func asciiBeforeSubcommand() async throws {
    _ = await hannun(["mood", "2025-11-03", "anxious", "--currency", "KRW"], data: data)
    let path = data.path(percentEncoded: false)
    let run = await hannun(
      ["--ascii", "--data", path, "report", "--by-mood", "2025-11", "--locale", "en"], data: nil)
    #expect(run.status == 0, "\(run)")
    #expect(run.out.contains("\nanxious ") && !run.out.contains("😰"), "\(run)")
  }
}
