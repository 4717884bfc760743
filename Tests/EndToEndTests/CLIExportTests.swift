import Foundation
import Testing

@Suite("hannun export, the built binary")
struct CLIExportTests {
  @Test("a journal export gives hledger exactly Hannun's totals; files are owner-only")
  func journalForHledger() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add(
        "expense", "12000", category: "식비", memo: "점심; 김밥", date: "2025-11-03",
        currency: "KRW")
      _ = try await sandbox.add("expense", "4500", category: "카페:라떼", date: "2025-11-04")
      _ = try await sandbox.add("income", "320만", category: "월급", date: "2025-10-31")
      _ = try await sandbox.add("expense", "650000", category: "월세", date: "2025-10-25")
      let journal = sandbox.root.appending(path: "ledger.journal").path
      _ = try await sandbox.succeed(["export", "--format", "journal", "--output", journal])
      #expect(try DirectorySnapshot.mode(journal) & 0o777 == 0o600)

      let report = try await sandbox.succeed([
        "report", "--from", "2025-10", "--to", "2025-11", "--json",
      ]).object()
      let hledger = try await Self.hledger(["-f", journal, "balance", "-N", "expenses", "income"])
      // `expenses:…  AMOUNT KRW` lines; income is negative in double-entry books.
      var expense = Decimal(0)
      var income = Decimal(0)
      for line in hledger.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 3, let amount = Decimal(string: String(fields[0])) else { continue }
        if fields[2].hasPrefix("expenses:") { expense += amount }
        if fields[2].hasPrefix("income:") { income -= amount }
      }
      #expect(expense == decimal(report["expense"]), "\(hledger)")
      #expect(income == decimal(report["income"]), "\(hledger)")
      #expect(hledger.contains("expenses:카페-라떼"), "\(hledger)")
    }
  }

  @Test("CSV: a header, quoted fields, a date range, a byte-order mark when asked")
  func csv() async throws {
    try await withSandbox { sandbox in
      let lunch = try await sandbox.add(
        "expense", "12000", category: "식비", memo: "김밥, \"참치\"", date: "2025-11-03",
        currency: "KRW")
      _ = try await sandbox.add("expense", "5000", category: "교통", date: "2025-10-01")
      let out = try await sandbox.succeed(["export", "--format", "csv", "--from", "2025-11-01"])
      #expect(
        out.out
          == "date,kind,amount,category,memo,id\r\n"
          + "2025-11-03,expense,12000,식비,\"김밥, \"\"참치\"\"\",\(lunch)\r\n")
      let file = sandbox.root.appending(path: "entries.csv")
      _ = try await sandbox.succeed(["export", "--format", "csv", "--bom", "--output", file.path])
      let bytes = try Data(contentsOf: file)
      #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
      #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").count == 4)
    }
  }

  @Test("a bad format, a backwards range or an unwritable file: exit status, message, no file")
  func refusals() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03", currency: "KRW")
      let format = try await sandbox.run(["export", "--format", "xml"])
      #expect(format.status == 2 && format.err.contains("--format csv"), "\(format)")
      let backwards = try await sandbox.run([
        "export", "--format", "csv", "--from", "2025-11-05", "--to", "2025-11-01", "--locale",
        "ko",
      ])
      #expect(backwards.status == 2 && backwards.err.contains("--from 2025-11-05"), "\(backwards)")
      let missing = sandbox.root.appending(path: "no/such/folder/x.csv").path
      let unwritable = try await sandbox.run([
        "export", "--format", "csv", "--output", missing, "--locale", "ko",
      ])
      #expect(unwritable.status == 1 && unwritable.err.contains("쓸 수 없습니다"), "\(unwritable)")
      #expect(!FileManager.default.fileExists(atPath: missing))
    }
  }

  @Test("--output inside the data folder, by any path to it, is refused and nothing changes")
  func outputInsideData() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03", currency: "KRW")
      let before = try sandbox.snapshot()
      let outside = sandbox.root.appending(path: "outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      let link = sandbox.root.appending(path: "link").path
      try FileManager.default.createSymbolicLink(
        atPath: link, withDestinationPath: sandbox.dataPath)
      let paths = [
        sandbox.monthFile("2025-11").path, sandbox.dataPath + "/new.csv",
        outside.path + "/../data/ledger/x.csv", link + "/ledger/2025/2025-11.json",
        "data/ledger/meta.json", sandbox.dataPath,
      ]
      for path in paths {
        for format in ["csv", "journal", "json"] {
          let result = try await sandbox.run([
            "export", "--format", format, "--output", path, "--locale", "en",
          ])
          #expect(result.status == 2, "\(path) \(result)")
          #expect(result.err.contains("\(path) is inside the data folder"), "\(result)")
        }
      }
      let korean = try await sandbox.run([
        "export", "--format", "csv", "--output", paths[0], "--locale", "ko",
      ])
      #expect(korean.err.contains("데이터 폴더"), "\(korean)")
      #expect(try sandbox.snapshot() == before)
      // A path beside the data folder whose name only starts the same is not inside it.
      let beside = sandbox.root.appending(path: "data-export.csv").path
      _ = try await sandbox.succeed(["export", "--format", "csv", "--output", beside])
      #expect(FileManager.default.fileExists(atPath: beside))
    }
  }

  @Test("formula cells are neutralised, and the export imports back exactly")
  func csvFormulas() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add(
        "expense", "12000", category: "@cmd", memo: "=HYPERLINK(\"http://evil\",\"x\")",
        date: "2025-11-03", currency: "KRW")
      _ = try await sandbox.add(
        "income", "500", category: "+plus", memo: "'quoted", date: "2025-11-04")
      _ = try await sandbox.succeed([
        "add", "--expense", "700", "--category=-minus", "--memo=-3", "--date", "2025-11-05",
      ])
      let file = sandbox.root.appending(path: "out.csv")
      _ = try await sandbox.succeed(["export", "--format", "csv", "--output", file.path])
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\r\n").dropFirst() {
        for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
          let bare = cell.hasPrefix("\"") ? cell.dropFirst() : cell
          #expect(!["=", "+", "-", "@"].contains(bare.first.map(String.init) ?? ""), "\(line)")
        }
      }
      let target = sandbox.root.appending(path: "copy").path
      let imported = try await sandbox.run(
        ["import", file.path, "--data", target, "--currency", "KRW"], passData: false)
      #expect(imported.status == 0, "\(imported)")
      let original = try await sandbox.succeed(["month", "2025-11", "--json"]).out
      let copy = try await sandbox.run(
        ["month", "2025-11", "--json", "--data", target], passData: false)
      #expect(CLIImportTests.withoutIDs(copy.out) == CLIImportTests.withoutIDs(original))
    }
  }

  @Test("journal: categories hledger cannot name come back exactly, and hledger reads the file")
  func journalExactNames() async throws {
    try await withSandbox { sandbox in
      let names = ["식비:외식", "식비-외식", "a;b", "a,b", "two  spaces", "two spaces", "* star"]
      for (index, name) in names.enumerated() {
        _ = try await sandbox.add(
          index.isMultiple(of: 2) ? "expense" : "income", "\(1000 + index)", category: name,
          memo: index == 2 ? "memo;  with  spaces" : nil, date: "2025-11-0\(index + 1)")
      }
      let journal = sandbox.root.appending(path: "all.journal").path
      _ = try await sandbox.succeed(["export", "--format", "journal", "--output", journal])
      if FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") {
        let balance = try await Self.hledger(["-f", journal, "bal"])
        #expect(balance.contains("expenses:식비-외식"), "\(balance)")
      }
      let target = sandbox.root.appending(path: "copy").path
      let imported = try await sandbox.run(
        ["import", journal, "--data", target, "--currency", "KRW"], passData: false)
      #expect(imported.status == 0, "\(imported)")
      let original = try await sandbox.succeed(["month", "2025-11", "--json"]).out
      let copy = try await sandbox.run(
        ["month", "2025-11", "--json", "--data", target], passData: false)
      #expect(CLIImportTests.withoutIDs(copy.out) == CLIImportTests.withoutIDs(original))
      let categories = try await sandbox.run(
        ["categories", "--all", "--json", "--data", target], passData: false)
      for name in names {
        #expect(categories.out.contains("\"\(name)\""), "\(name): \(categories.out)")
      }
    }
  }

  /// Runs Debian's `hledger` (`.ci/run` installs it) and returns what it printed.
  private static func hledger(_ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/hledger")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "hledger: \(text)")
    return text
  }
}
