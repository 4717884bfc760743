import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Runs `body` with a fresh, empty directory that is removed afterwards.
func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
  let base = FileManager.default.temporaryDirectory.appending(
    path: "hannun-data-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: base) }
  try await body(base)
}

/// Runs `body` with a data directory that does not exist yet, inside a fresh temporary directory.
func withDataDirectory(_ body: (URL) async throws -> Void) async throws {
  try await withTemporaryDirectory { base in
    try await body(base.appending(path: "data", directoryHint: .isDirectory))
  }
}

/// Opens a store the way the composition root does, KRW by default.
func openStore(
  _ directory: URL, requested: Currency? = nil, defaultCurrency: Currency = .krw
) async throws -> JSONFileTransactionStore {
  try await JSONFileTransactionStore.open(
    directory: directory, requestedCurrency: requested, defaultCurrency: defaultCurrency)
}

/// `<data>/ledger/YYYY/YYYY-MM.json`.
func monthFile(_ data: URL, _ month: String) -> URL {
  data.appending(path: "ledger/\(month.prefix(4))/\(month).json")
}

func metadataFile(_ data: URL) -> URL {
  data.appending(path: "ledger/meta.json")
}

func filePath(_ url: URL) -> String {
  url.path(percentEncoded: false)
}

func exists(_ url: URL) -> Bool {
  FileManager.default.fileExists(atPath: filePath(url))
}

/// Every file and directory under `directory`, by relative path; directories end in `/` and map
/// to empty data. Two equal snapshots mean nothing was written, created or removed.
func snapshot(_ directory: URL) throws -> [String: Data] {
  var result: [String: Data] = [:]
  guard let walker = FileManager.default.enumerator(atPath: filePath(directory)) else {
    return result
  }
  while let relative = walker.nextObject() as? String {
    let url = directory.appending(path: relative)
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: filePath(url), isDirectory: &isDirectory)
    if isDirectory.boolValue {
      result[relative + "/"] = Data()
    } else {
      result[relative] = try Data(contentsOf: url)
    }
  }
  return result
}

/// The permission bits of a file or directory, such as `0o600`.
func permissions(_ url: URL) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: filePath(url))
  return try #require(attributes[.posixPermissions] as? Int) & 0o777
}

/// Writes raw bytes where the store expects a month file, creating its directories.
func plant(_ text: String, at url: URL) throws {
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(text.utf8).write(to: url)
  // A ledger written by hand has its meta.json too: without it, month files are refused.
  let ledger = url.deletingLastPathComponent().deletingLastPathComponent()
  let meta = ledger.appendingPathComponent("meta.json")
  if ledger.lastPathComponent == "ledger", !FileManager.default.fileExists(atPath: meta.path) {
    try Data(#"{"schemaVersion":1,"currency":"KRW"}"#.utf8).write(to: meta)
  }
}

/// One stored record as JSON text, valid unless a field is overridden.
func recordJSON(
  id: String = "r1", date: String = "2025-11-03", kind: String = "expense",
  amountMinor: String = "12000", category: String = "food", memo: String = ""
) -> String {
  """
  {"id":"\(id)","date":"\(date)","kind":"\(kind)","amountMinor":\(amountMinor),\
  "category":"\(category)","memo":"\(memo)",\
  "createdAt":"2023-11-14T22:13:20.000Z","updatedAt":"2023-11-14T22:13:20.000Z"}
  """
}

/// A month document as JSON text.
func monthJSON(month: String = "2025-11", schemaVersion: Int = 1, records: [String]) -> String {
  """
  {"schemaVersion":\(schemaVersion),"month":"\(month)","transactions":[\(records.joined(separator: ","))]}
  """
}

/// Checks that `body` fails with ``LedgerError/unreadableFile(path:reason:)`` naming `url`, and
/// that the reason mentions `fragment`.
func expectUnreadable(
  _ url: URL, reasonContaining fragment: String = "",
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record("expected an unreadable-file error", sourceLocation: sourceLocation)
  } catch LedgerError.unreadableFile(let path, let reason) {
    #expect(path == filePath(url), sourceLocation: sourceLocation)
    #expect(
      fragment.isEmpty || text(reason).contains(fragment), "reason was: \(text(reason))",
      sourceLocation: sourceLocation)
  } catch {
    Issue.record("expected an unreadable-file error, got \(error)", sourceLocation: sourceLocation)
  }
}

extension Day {
  /// The range `self` through `other`.
  static func range(_ first: String, _ last: String) -> ClosedRange<Day> {
    Fixtures.day(first)...Fixtures.day(last)
  }
}

/// A file problem as the English catalogue says it, for checks on its wording.
func text(_ problem: FileProblem) -> String {
  EnglishMessages().describe(problem)
}

/// A content fault as the English catalogue says it, for checks on its wording.
func english(_ fault: ContentFault) -> String {
  EnglishMessages().describe(fault)
}
