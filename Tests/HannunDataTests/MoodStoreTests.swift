import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("The file store's mood diary: ledger/moods.json")
struct MoodStoreTests {
  private func moodsFile(_ data: URL) -> URL { data.appending(path: "ledger/moods.json") }
  private let day = Fixtures.day("2025-11-03")
  private var month: ClosedRange<Day> { Fixtures.month("2025-11").dayRange }

  @Test("moods written by one store are read by another, as another process would")
  func roundTrip() async throws {
    try await withDataDirectory { data in
      let writer = try await openStore(data)
      try await writer.replaceMood(on: day, nil, with: DayMood(.joy, note: "월급날 \"보너스\""))
      try await writer.replaceMood(on: Fixtures.day("2025-12-01"), nil, with: DayMood(.tired))
      let reader = try await openStore(data)
      #expect(try await reader.moods(in: month) == [day: DayMood(.joy, note: "월급날 \"보너스\"")])
      #expect(try await reader.moods(in: day...Fixtures.day("2025-12-31")).count == 2)
      #expect(exists(metadataFile(data)))
      #expect(!exists(data.appending(path: "ledger/journal.json")))
    }
  }

  @Test("a ledger without moods.json has no moods, and reading creates nothing")
  func noFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      #expect(try await store.moods(in: month).isEmpty)
      #expect(!exists(data))
    }
  }

  @Test("a write based on a mood another window changed since is refused, writing nothing")
  func stale() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let second = try await openStore(data)
      try await second.replaceMood(on: day, nil, with: DayMood(.sad))
      let before = try snapshot(data)
      await #expect(throws: MoodError.staleMood(day, current: DayMood(.sad))) {
        try await first.replaceMood(on: day, nil, with: DayMood(.joy))
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("a mood write publishes a change of its month and leaves entries alone")
  func publishes() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let (start, changes) = await store.subscribe()
      try await store.replaceMood(on: day, nil, with: DayMood(.calm))
      #expect(await store.latestRevision() == start + 1)
      var iterator = changes.makeAsyncIterator()
      #expect(await iterator.next()?.months == [Fixtures.month("2025-11")])
      let entries = try await openStore(data).transactions(in: month)
      #expect(entries.map(\.id.rawValue) == ["a1"])
    }
  }

  @Test("clearing the last mood removes the file")
  func clearingRemovesFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.replaceMood(on: day, nil, with: DayMood(.calm))
      #expect(exists(moodsFile(data)))
      try await store.replaceMood(on: day, DayMood(.calm), with: nil)
      #expect(!exists(moodsFile(data)))
    }
  }

  @Test("fields a newer Hannun wrote are kept when the diary is rewritten")
  func unknownFieldsKept() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.replaceMood(on: day, nil, with: DayMood(.joy))
      let text = """
        {"schemaVersion":1,"palette":{"custom":[1,2]},
         "moods":[{"day":"2025-11-03","mood":"joy","weather":"비"}]}
        """
      try Data(text.utf8).write(to: moodsFile(data))
      try await store.replaceMood(on: Fixtures.day("2025-11-04"), nil, with: DayMood(.sad))
      let written = try String(decoding: Data(contentsOf: moodsFile(data)), as: UTF8.self)
      #expect(written.contains(#""palette" : {"custom":[1,2]}"#))
      #expect(written.contains(#""weather" : "비""#))
      #expect(try await store.moods(in: month).count == 2)
    }
  }

  @Test("the file: sorted keys, one record a line, oldest day first, no empty note")
  func format() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.replaceMood(on: Fixtures.day("2025-11-04"), nil, with: DayMood(.tired))
      try await store.replaceMood(on: day, nil, with: DayMood(.joy, note: "월급날"))
      let written = try String(decoding: Data(contentsOf: moodsFile(data)), as: UTF8.self)
      #expect(
        written == """
          {
            "moods" : [
              { "day" : "2025-11-03", "mood" : "joy", "note" : "월급날" },
              { "day" : "2025-11-04", "mood" : "tired" }
            ],
            "schemaVersion" : 1
          }

          """)
    }
  }

  static let damaged: [(String, String)] = [
    ("not json {", "not valid JSON"),
    ("", "the file is empty"),
    ("[]", "not a JSON object"),
    (#"{"moods":[]}"#, "'schemaVersion' is missing"),
    (#"{"schemaVersion":1}"#, "'moods' is missing"),
    (#"{"schemaVersion":2,"moods":[]}"#, "newer"),
    (#"{"schemaVersion":1,"moods":[{"day":"2025-02-30","mood":"joy"}]}"#, "moods[0].day"),
    (#"{"schemaVersion":1,"moods":[{"day":"2025-11-03","mood":"happy"}]}"#, "moods[0].mood"),
    (#"{"schemaVersion":1,"moods":[{"day":"2025-11-03"}]}"#, "moods[0].mood' is missing"),
    (#"{"schemaVersion":1,"moods":[{"day":"2025-11-03","mood":7}]}"#, "wrong type"),
    (#"{"schemaVersion":1,"moods":[{"day":"2025-11-03","mood":"joy","note":"a\nb"}]}"#, "note"),
    (
      #"{"schemaVersion":1,"moods":[{"day":"2025-11-03","mood":"joy"},{"day":"2025-11-03","mood":"sad"}]}"#,
      "moods[1] repeats"
    ),
  ]

  @Test("a damaged moods.json is refused with its path and never overwritten", arguments: damaged)
  func damagedFile(_ text: String, _ reason: String) async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture())
      try Data(text.utf8).write(to: moodsFile(data))
      let path = filePath(moodsFile(data))
      do {
        _ = try await store.moods(in: month)
        Issue.record("a damaged moods.json was read")
      } catch LedgerError.unreadableFile(let named, let problem) {
        #expect(named == path)
        #expect(EnglishMessages().describe(problem).contains(reason))
      }
      let before = try snapshot(data)
      await #expect(throws: LedgerError.self) {
        try await store.replaceMood(on: day, nil, with: DayMood(.joy))
      }
      #expect(try snapshot(data) == before)
    }
  }
}
