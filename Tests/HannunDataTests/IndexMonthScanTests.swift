import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

// Issue 22, item 3: an index build reads each month file once, for its ids, totals and postings
// together, without decoding its entries; a file it is not sure of is decoded as before, so the
// index records the same thing of every file either way.

/// One record line as Hannun writes it.
private func record(
  _ id: String, _ day: String, amount: String = "1200", category: String = "식비",
  kind: String = "expense", memo: String = "", created: String = "2025-01-01T00:00:00.001Z",
  updated: String? = nil
) -> String {
  "{\"amountMinor\":\(amount),\"category\":\"\(category)\",\"createdAt\":\"\(created)\","
    + "\"date\":\"\(day)\",\"id\":\"\(id)\",\"kind\":\"\(kind)\",\"memo\":\"\(memo)\","
    + "\"updatedAt\":\"\(updated ?? created)\"}"
}

/// A month file laid out as Hannun writes it, with these record lines.
private func monthText(_ month: String, _ lines: [String]) -> String {
  "{\"month\":\"\(month)\",\"schemaVersion\":1,\"transactions\":[\n"
    + lines.joined(separator: ",\n")
    + "\n]}\n"
}

/// Writes month files by hand (`YYYY-MM` → text) into a ledger the store made.
private func write(_ files: [String: String], into data: URL) throws {
  for (month, text) in files {
    let url = monthFile(data, month)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}

/// The index as it was built before the one-pass scan: every month file decoded into its
/// entries (``MonthDocument/transactions(from:month:path:)``), its postings made from its bytes.
private func referenceIndex(_ data: URL, _ files: [YearMonth: FileSignature])
  -> (index: LedgerIndex, postings: [Int: Data])
{
  let layout = LedgerLayout(dataDirectory: data)
  var postings = PostingsBuild()
  let index = LedgerIndex.build(from: files, pathOf: layout.monthPath) {
    month throws(LedgerError) in
    let path = layout.monthPath(month)
    guard let data = FileManager.default.contents(atPath: path) else { return ([], nil) }
    let entries = try MonthDocument.transactions(from: data, month: month, path: path)
    let checksum = ContentChecksum.of(data)
    if let signature = files[month] {
      postings.add(month, MonthPostings.make(month, data, signature, checksum: checksum))
    }
    return (entries, checksum)
  }
  return (index, postings.finished())
}

/// Expects the store's build of `files` to be the reference's, month by month and file by file.
private func expectSameAsReference(
  _ store: JSONFileTransactionStore, _ data: URL, _ files: [YearMonth: FileSignature]
) async throws {
  let built = try await store.rebuildIndex(files)
  let (expected, postings) = referenceIndex(data, files)
  #expect(Set(built.months.keys) == Set(expected.months.keys))
  for (month, known) in expected.months {
    #expect(built.months[month]?.problem == known.problem, "\(month.iso)")
    #expect(built.months[month]?.checksum == known.checksum, "\(month.iso)")
  }
  #expect(built.totals.count == expected.totals.count)
  for (year, months) in expected.totals {
    for (month, totals) in months {
      let found = built.totals[year]?[month] ?? nil
      #expect(found == totals, "\(month.iso)")
      // The spelling kept is the first met, byte for byte.
      #expect(found?.map { Array($0.category.utf8) } == totals?.map { Array($0.category.utf8) })
    }
  }
  #expect(built.shards.mapValues(\.lines) == expected.shards.mapValues(\.lines))
  #expect(built.builtPostings == postings)
}

@Suite("An index build reads each month file once, without decoding its entries")
struct IndexMonthScanTests {
  @Test(
    "months written by Hannun — Korean, decomposed and ASCII categories of both kinds, Korean memos, edited entries — are scanned, none decoded, and indexed as when decoded"
  )
  func hannunMonthsScanned() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let categories = ["식비", "\u{1109}\u{1175}\u{11A8}\u{1107}\u{1175}", "food", "Food", "교통"]
      for number in 0..<120 {
        let month = ["2024-02", "2024-12", "2025-01", "2025-11"][number % 4]
        let entry = Transaction.fixture(
          id: "e\(number)", day: month + "-\(10 + number % 19)",
          kind: number % 5 == 0 ? .income : .expense, amount: Int64(1_000 + number * 37),
          category: categories[number % categories.count],
          memo: number % 3 == 0 ? "점심 \(number)" : "")
        try await store.insert(entry)
      }
      // An edited entry: its update stamp differs from its creation stamp.
      let old = try #require(try await store.transaction(withID: TransactionID("e7")))
      var edited = old
      edited.memo = "고침"
      edited.updatedAt = Date(timeIntervalSince1970: 1_700_000_500.25)
      try await store.update(old, to: edited)
      let fresh = try await openStore(data)
      let files = try await fresh.monthFiles(removingLeftovers: false)
      try await expectSameAsReference(fresh, data, files)
      #expect(await fresh.indexBuildMonthsDecoded == 0, "a month Hannun wrote was decoded")
    }
  }

  @Test(
    "a month not laid out as Hannun writes it or failing a check — trimmed text, a control, U+3000, escapes, spaces, unsorted, an id twice, a long or non-ASCII id, a stamp of another form, a bad amount, kind, date or UTF-8 — is decoded, and indexed as before"
  )
  func othersDecoded() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "seed", day: "2020-01-05"))
      let plain = record("p1", "2021-01-03")
      let variants: [String: [String]] = [
        "2021-01": [
          plain, record("p2", "2021-01-04", memo: "ok", updated: "2025-02-03T04:05:06.789Z"),
        ],
        "2021-02": [record("a1", "2021-02-03", memo: " lead")],
        "2021-03": [record("a2", "2021-03-03", category: " 식비")],
        "2021-04": [
          record("a3", "2021-04-03", memo: "a\u{3000}b"),
          record("a4", "2021-04-04", memo: "끝\u{3000}"),
        ],
        "2021-05": [record("a5", "2021-05-03", memo: "caf\\u00e9")],
        "2021-06": [record("b2", "2021-06-09"), record("b1", "2021-06-03")],
        "2021-07": [record("dup", "2021-07-03"), record("dup", "2021-07-04")],
        "2021-08": [record("0123456789abcdefXYZ", "2021-08-03")],
        "2021-09": [record("아이디", "2021-09-03")],
        "2021-10": [record("a6", "2021-10-03", created: "2021-10-03T03:00:00Z")],
        "2021-11": [record("a7", "2021-11-03", amount: "0")],
        "2021-12": [record("a8", "2021-12-03", amount: "1000000000000000")],
        "2022-01": [record("a9", "2022-01-03", kind: "Expense")],
        "2022-02": [record("b3", "2022-03-03")],
        "2022-03": [record("b4", "2022-03-31"), record("b5", "2022-03-32")],
        "2022-04": [record("b6", "2022-04-03", category: "\u{200B}")],
        "2022-05": [record("b7", "2022-05-03", memo: String(repeating: "가", count: 201))],
        "2022-06": [record("b8", "2022-06-03", memo: String(repeating: "가", count: 200))],
        "2022-07": [record("b9", "2022-07-03", memo: "a\u{85}b")],
        "2022-08": [record("p1", "2022-08-03")],  // held by 2021-01 too
        "2022-09": [record("c1", "2022-09-03", updated: "2022-09-03T00:00:00+09:00")],
        "2022-10": [record("c2", "2022-10-03", memo: "trail ")],
        "2022-11": [record("c3", "2022-11-03", amount: "012")],
        "2022-12": [record("c4", "2022-12-03", category: "")],
      ]
      var texts: [String: String] = [:]
      for (month, lines) in variants { texts[month] = monthText(month, lines) }
      // Spaces between members, and a record on two lines: valid JSON, another layout.
      texts["2023-01"] = monthText("2023-01", [record("d1", "2023-01-03")])
        .replacingOccurrences(of: ",\"category\"", with: ", \"category\"")
      texts["2023-02"] = monthText("2023-02", [record("d2", "2023-02-03")])
        .replacingOccurrences(of: ",\"date\"", with: ",\n\"date\"")
      // An empty month, and a trailing comma.
      texts["2023-03"] = monthText("2023-03", []).replacingOccurrences(of: "[\n\n]", with: "[\n]")
      texts["2023-04"] = monthText("2023-04", [record("d3", "2023-04-03") + ","])
      try write(texts, into: data)
      // A memo whose bytes are not UTF-8.
      var bytes = Data(monthText("2023-05", [record("d4", "2023-05-03", memo: "xx")]).utf8)
      let memo = try #require(bytes.range(of: Data("\"memo\":\"xx".utf8)))
      bytes[memo.upperBound - 2] = 0xC3
      bytes[memo.upperBound - 1] = 0x28
      try bytes.write(to: monthFile(data, "2023-05"))

      let fresh = try await openStore(data)
      let files = try await fresh.monthFiles(removingLeftovers: false)
      try await expectSameAsReference(fresh, data, files)
      // All but the seed's month, 2021-01, 2022-06 (200 characters) and 2022-08 were decoded.
      #expect(await fresh.indexBuildMonthsDecoded == files.count - 4)
    }
  }
}
