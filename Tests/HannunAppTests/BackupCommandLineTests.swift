import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("hannun export --format json and import of a backup, in process")
struct BackupCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }
  var copy: URL { folder.appending("copy") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-backup-tests") }

  private func path(_ name: String) -> String {
    var path = folder.appending(name).path(percentEncoded: false)
    while path.hasSuffix("/") { path.removeLast() }
    return path
  }

  private func run(_ arguments: [String], _ data: URL) async throws -> Run {
    let result = await hannun(arguments + ["--locale", "en"], data: data)
    try #require(result.status == 0, "\(arguments): \(result)")
    return result
  }

  /// A ledger with entries over three years (Hangul, quotes, backslashes), budgets changed
  /// mid-year and removed, rules with confirmed, skipped and changed occurrences, and moods.
  private func fillLedger() async throws {
    let entries: [[String]] = [
      [
        "--expense", "12000", "--category", "식비", "--memo", #"점심 "김밥" \ 두 줄"#, "--date",
        "2024-12-31", "--currency", "KRW",
      ],
      ["--income", "3500000", "--category", "월급", "--date", "2025-01-25"],
      ["--expense", "4500", "--category", "카페", "--memo", "라떼", "--date", "2025-03-02"],
      ["--expense", "88000", "--category", "식비", "--memo", "장보기, 이마트", "--date", "2025-07-14"],
      ["--expense", "1200000", "--category", "여행", "--memo", "제주 ✈", "--date", "2026-02-28"],
    ]
    for entry in entries { _ = try await run(["add"] + entry, data) }
    for budget in [
      ["set", "500000", "--from", "2025-01"],
      ["set", "200000", "--category", "식비", "--from", "2025-01"],
      ["set", "250000", "--category", "식비", "--from", "2025-07"], ["remove", "--from", "2025-09"],
    ] {
      _ = try await run(["budget"] + budget, data)
    }
    _ = try await run(
      [
        "recurring", "add", "650000", "--monthly", "25", "--category", "월세", "--memo",
        #"rent "apt""#,
        "--from", "2025-01-01",
      ], data)
    _ = try await run(
      [
        "recurring", "add", "30000", "--weekly", "fri", "--income", "--category", "용돈",
        "--from", "2025-01-01", "--until", "2025-12-31",
      ], data)
    _ = try await run(["confirm", "r1", "2025-01-25"], data)
    _ = try await run(["skip", "r1", "2025-02-25"], data)
    _ = try await run(
      [
        "change", "r1", "2025-03-25", "--amount", "600000", "--memo", "3월 할인", "--on", "2025-03-26",
      ], data)
    _ = try await run(["mood", "2025-03-02", "joy", "--note", #"월급날 "최고""#], data)
    _ = try await run(["mood", "2024-12-31", "tired"], data)
    _ = try await run(["mood", "2025-07-14", "불안", "--note", "장보기 😰"], data)
  }

  @Test("export → import into an empty folder → every view is identical, and so is a second export")
  func roundTrip() async throws {
    try await fillLedger()
    let backup = path("backup.json")
    _ = try await run(["export", "--format", "json", "--output", backup], data)
    let restored = try await run(["import", backup], copy)
    #expect(restored.out.contains("6 entries in 5 months"), "\(restored)")
    #expect(restored.out.contains("2 recurring rules, 3 decisions"), "\(restored)")
    // Every view of both ledgers, compared as the same command line's output.
    var views: [[String]] = [
      ["recurring", "list", "--json"],
      ["report", "--by-mood", "--from", "2024-12", "--to", "2026-02", "--json"],
    ]
    for month in ["2024-12", "2025-01", "2025-02", "2025-03", "2025-07", "2025-09", "2026-02"] {
      views.append(["month", month, "--json"])
      views.append(["budget", month, "--json"])
    }
    for day in ["2024-12-31", "2025-03-02", "2025-07-14"] { views.append(["mood", day]) }
    for view in views {
      let original = try await run(view, data)
      let copied = try await run(view, copy)
      #expect(original.out == copied.out, "\(view)")
      #expect(!original.out.isEmpty)
    }
    let again = path("again.json")
    _ = try await run(["export", "--format", "json", "--output", again], copy)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: again))
        == Data(contentsOf: URL(fileURLWithPath: backup)))
    let text = try String(contentsOfFile: backup, encoding: .utf8)
    #expect(text.contains(#""memo":"점심 \"김밥\" \\ 두 줄""#), "memos go out exactly")
    #expect(text.contains(#""decision":"skipped""#) && text.contains(#""limit":null"#))
  }

  @Test("--from/--to limit entries and moods by day; budgets and rules go whole")
  func range() async throws {
    try await fillLedger()
    let out = try await run(
      ["export", "--format", "json", "--from", "2025-01-01", "--to", "2025-06-30"], data
    ).out
    #expect(
      out.hasPrefix(
        #"{"format":"hannun-backup","version":1,"currency":"KRW","from":"2025-01-01","to":"2025-06-30","#
      ))
    #expect(
      out.contains("2025-03-02") && !out.contains(#""date":"2024-12-31""#)
        && !out.contains("2026-02-28"))
    #expect(out.contains(#""from":"2025-09","limit":null"#) && out.contains(#""id":"r2""#))
  }

  @Test("a ledger that is not empty is refused in both languages, with nothing written")
  func notEmpty() async throws {
    try await fillLedger()
    let backup = path("backup.json")
    _ = try await run(["export", "--format", "json", "--output", backup], data)
    let before = try await run(["export", "--format", "json"], data).out
    let english = await hannun(["import", backup, "--locale", "en"], data: data)
    #expect(english.status == 2)
    #expect(
      english.err.contains("already holds entries") && english.err.contains("--data"), "\(english)")
    let korean = await hannun(["import", backup, "--locale", "ko", "--dry-run"], data: data)
    #expect(korean.status == 2)
    #expect(korean.err.contains("빈 장부에만") && korean.err.contains("--data"), "\(korean)")
    #expect(try await run(["export", "--format", "json"], data).out == before)
  }

  @Test("--dry-run counts what would be restored and writes nothing; --json says the same")
  func dryRun() async throws {
    try await fillLedger()
    let backup = path("backup.json")
    _ = try await run(["export", "--format", "json", "--output", backup], data)
    let korean = await hannun(["import", backup, "--dry-run", "--locale", "ko"], data: copy)
    #expect(korean.status == 0, "\(korean)")
    #expect(korean.out.contains("되살릴 백업 (KRW)") && korean.out.contains("항목 6개, 5개월"), "\(korean)")
    #expect(korean.out.contains("기분 3일") && korean.out.contains("--dry-run"))
    let json = await hannun(
      ["import", backup, "--dry-run", "--json", "--format", "json"], data: copy)
    #expect(
      json.out
        == #"{"dryRun":true,"currency":"KRW","entries":6,"months":5,"budgets":4,"rules":2,"decisions":3,"moods":3}"#
        + "\n",
      "\(json)")
    #expect(!FileManager.default.fileExists(atPath: copy.path(percentEncoded: false)))
  }

  @Test("another currency, a damaged file and a hand-edited bad value are refused, naming why")
  func refusals() async throws {
    try await fillLedger()
    let backup = path("backup.json")
    _ = try await run(["export", "--format", "json", "--output", backup], data)
    let text = try String(contentsOfFile: backup, encoding: .utf8)
    let dollars = await hannun(
      ["import", backup, "--currency", "USD", "--locale", "en"], data: copy)
    #expect(
      dollars.status == 2 && dollars.err.contains("USD") && dollars.err.contains("KRW"),
      "\(dollars)")

    let cut = path("cut.json")
    try Data(text.utf8.prefix(300)).write(to: URL(fileURLWithPath: cut))
    let damaged = await hannun(["import", cut, "--format", "json", "--locale", "en"], data: copy)
    #expect(damaged.status == 2 && damaged.err.contains("not valid JSON"), "\(damaged)")
    #expect(damaged.err.contains("nothing was restored"))

    let bad = path("bad.json")
    let edited = text.replacingOccurrences(of: #""amount":4500,"#, with: #""amount":-4500,"#)
    try #require(edited != text)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: bad))
    let english = await hannun(["import", bad, "--locale", "en"], data: copy)
    #expect(english.status == 2)
    #expect(english.err.contains("line 6, entries[3].amount: '-4500'"), "\(english)")
    let korean = await hannun(["import", bad, "--locale", "ko"], data: copy)
    #expect(korean.err.contains("6번째 줄 entries[3].amount"), "\(korean)")
    #expect(!FileManager.default.fileExists(atPath: copy.path(percentEncoded: false)))

    let foreign = path("other.json")
    try Data(#"{"entries":[]}"#.utf8).write(to: URL(fileURLWithPath: foreign))
    let notBackup = await hannun(
      ["import", foreign, "--format", "json", "--locale", "en"], data: copy)
    #expect(notBackup.status == 2 && notBackup.err.contains("not a Hannun backup"), "\(notBackup)")
  }
}
