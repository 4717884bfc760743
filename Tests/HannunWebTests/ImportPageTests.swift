import Foundation
import HTTPTypes
import HannunDomain
import HannunExchange
import HannunKit
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

/// Import on the web: a file uploaded, previewed by the core's import preview with nothing
/// written, then imported once on confirm, with the notices the core gives; a bad file refused
/// with its reason.
@Suite("Import on the web: upload, preview, confirm")
struct ImportPageTests {
  static let csv = """
    date,amount,category,memo
    2025-11-03,-12000,food,<b>market</b>
    2025-11-04,-8000,taxi,
    2025-11-05,250000,salary,

    """

  @Test("the import page has a multipart upload form with the CSRF token, linked from the menu")
  func page() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/import").text
      #expect(page.has("<h1 id=\"title\">Import</h1>"))
      #expect(
        page.has(
          "<form id=\"import\" method=\"post\" action=\"/import\" "
            + "enctype=\"multipart/form-data\">"))
      #expect(page.inputValue("csrf") != nil)
      #expect(page.has("<input type=\"file\" name=\"file\" required"))
      #expect(page.has("<a href=\"/import\" aria-current=\"page\">Import</a>"))
      let export = try await browser.get(client, "/export").text
      #expect(export.has("<a href=\"/import\">Import</a>"))
      browser.language = "ko"
      browser.cookies["hannun_lang"] = "ko"
      let korean = try await browser.get(client, "/import?lang=ko").text
      #expect(korean.has("<h1 id=\"title\">가져오기</h1>"))
      #expect(korean.has("미리 보기"))
      // A phone broke the example `amount=이용금액` at its `=`: each pair is kept whole.
      #expect(korean.has("<span class=\"pair\">amount=이용금액</span>"), "\(korean)")
      #expect(page.has("<span class=\"pair\">date=Posted,</span>"), "\(page)")
    }
  }

  @Test("an uploaded CSV is previewed with nothing written; confirm imports it once")
  func previewAndConfirm() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "card.csv", Self.csv)
      #expect(preview.status == .ok)
      let page = preview.text
      #expect(page.has("would add 3 entries, skip 0 already there"))
      #expect(page.has("<span class=\"memo\">&lt;b&gt;market&lt;/b&gt;</span>"))
      #expect(!page.has("<b>market</b>"))
      #expect(page.has("<p class=\"file\">card.csv</p>"))
      #expect(await harness.repository.all.isEmpty)
      let key = try #require(page.formKey("/import/confirm"))
      let token = try #require(page.inputValue("preview"))
      let fields = ["preview": token, "key": key]
      let first = try await browser.post(client, "/import/confirm", fields)
      #expect(first.status == .seeOther)
      let location = try #require(first.headers[.location])
      #expect(location.hasPrefix("/month/2025-11?day=2025-11-03"))
      #expect(await harness.repository.all.count == 3)
      let month = try await browser.get(client, location).text
      #expect(month.has("Imported 3"))
      // The same confirm sent again (a retry, a replay) answers the same and imports nothing.
      let second = try await browser.post(client, "/import/confirm", fields)
      #expect(second.status == .seeOther)
      let place = { (location: String?) in location?.components(separatedBy: "&said=")[0] }
      #expect(place(second.headers[.location]) == place(location))
      #expect(await harness.repository.all.count == 3)
      // … and its page says what the first said.
      let again = try await browser.get(client, try #require(second.headers[.location])).text
      #expect(again.has("Imported 3"))
      // Another key on the used preview is refused: it is no longer open.
      let other = try await browser.post(
        client, "/import/confirm", ["preview": token, "key": IdempotencyKey.make()])
      #expect(other.status == .conflict)
      #expect(other.text.errorText?.contains("no longer open") == true)
      #expect(await harness.repository.all.count == 3)
      // The import is one undo step of this browser, kept by its ids; a redo stores the same
      // entries again, ids and stamps alike.
      let imported = await harness.repository.all
      _ = try await browser.post(client, "/undo", [:])
      #expect(await harness.repository.all.isEmpty)
      _ = try await browser.post(client, "/redo", [:])
      #expect(await harness.repository.all == imported)
    }
  }

  @Test("a statement with unknown headers is read with the columns and category typed, as --map")
  func mappings() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let statement = "Posted,Value,Payee\n2025-11-07,-4200,bakery\n"
      let refused = try await browser.upload(
        client, name: "bank.csv", statement, fields: ["category": "빵"])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.inputValue("category") == "빵")
      let preview = try await browser.upload(
        client, name: "bank.csv", statement,
        fields: ["map": "date=Posted, amount=Value,memo=Payee", "category": "빵"]
      ).text
      #expect(preview.has("<span class=\"category\">빵</span><span class=\"memo\">bakery</span>"))
      _ = try await browser.post(
        client, "/import/confirm",
        [
          "preview": try #require(preview.inputValue("preview")),
          "key": try #require(preview.formKey("/import/confirm")),
        ])
      #expect(await harness.repository.all.map(\.category) == ["빵"])
    }
  }

  @Test("rows already in the ledger are left out of the preview and the import")
  func duplicates() async throws {
    let harness = await WebHarness([
      Transaction.fixture(
        id: "a1", day: "2025-11-04", amount: 8_000, category: "taxi", memo: "")
    ])
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "card.csv", Self.csv).text
      #expect(preview.has("would add 2 entries, skip 1 already there"))
      let fields = [
        "preview": try #require(preview.inputValue("preview")),
        "key": try #require(preview.formKey("/import/confirm")),
      ]
      _ = try await browser.post(client, "/import/confirm", fields)
      #expect(await harness.repository.all.count == 3)
    }
  }

  @Test("a bad file is refused with the reason, as hannun import names it; nothing written")
  func refused() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let noAmount = try await browser.upload(
        client, name: "card.csv", "date,category\n2025-11-03,food\n")
      #expect(noAmount.status == .unprocessableContent)
      let reason = try #require(noAmount.text.errorText)
      #expect(reason.contains("amount"))
      #expect(reason.contains("nothing was imported") || reason.contains("Nothing was imported"))
      let badRow = try await browser.upload(
        client, name: "card.csv", "date,amount,category\n2025-13-40,-5000,food\n")
      #expect(badRow.status == .unprocessableContent)
      #expect(badRow.text.errorText?.contains("line 2") == true)
      let unknown = try await browser.upload(client, name: "<notes>.pdf", "hello")
      #expect(unknown.status == .unprocessableContent)
      #expect(unknown.text.has("&lt;notes&gt;.pdf"))
      #expect(!unknown.text.has("<notes>"))
      browser.cookies["hannun_lang"] = "ko"
      let korean = try await browser.upload(
        client, name: "card.csv", "date,category\n2025-11-03,food\n")
      #expect(korean.status == .unprocessableContent)
      #expect(korean.text.errorText?.contains("아무것도 가져오지 않았습니다") == true)
      browser.cookies["hannun_lang"] = "en"
      let empty = try await browser.upload(client, name: "", "")
      #expect(empty.status == .unprocessableContent)
      #expect(empty.text.errorText?.contains("Choose a file") == true)
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("an upload without this browser's CSRF token is refused and previews nothing")
  func crossSite() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let forged = try await browser.upload(client, name: "card.csv", Self.csv, csrf: "forged")
      #expect(forged.status == .forbidden)
      #expect(!forged.text.has("import-confirm"))
    }
  }

  @Test("a journal is read as hannun import reads it, its skipped transactions with reasons")
  func journal() async throws {
    let harness = await WebHarness()
    let journal = """
      2025-11-03 Market
          expenses:food    ₩12,000
          assets:cash

      2025-11-04 Transfer
          assets:bank    ₩10,000
          assets:cash

      """
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "book.journal", journal).text
      #expect(preview.has("would add 1 entry"))
      #expect(preview.has("<ul class=\"refused\">"))
      let fields = [
        "preview": try #require(preview.inputValue("preview")),
        "key": try #require(preview.formKey("/import/confirm")),
      ]
      _ = try await browser.post(client, "/import/confirm", fields)
      #expect(await harness.repository.all.map(\.category) == ["food"])
    }
  }

  @Test("an import that takes a budget over warns on the page after it")
  func budgetNotice() async throws {
    let harness = await WebHarness()
    await harness.repository.replaceBudgetPlanUnannounced(.fixture([("food", "2025-11", 10_000)]))
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "card.csv", Self.csv).text
      let confirmed = try await browser.post(
        client, "/import/confirm",
        [
          "preview": try #require(preview.inputValue("preview")),
          "key": try #require(preview.formKey("/import/confirm")),
        ])
      let month = try await browser.get(client, try #require(confirmed.headers[.location])).text
      #expect(month.errorText?.contains("budget for November 2025 by ₩2,000") == true)
    }
  }

  @Test(
    "a backup is restored into an empty ledger after its preview; a ledger with entries refuses it")
  func backup() async throws {
    let entry = Transaction.fixture(id: "b1", day: "2025-10-02", amount: 3_000, category: "tea")
    let backup = try BackupExport.text(
      LedgerBackup(currency: .krw, entries: [entry]))
    let full = await WebHarness([
      Transaction.fixture(id: "a1", day: "2025-11-04", amount: 8_000, category: "taxi")
    ])
    try await full.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let refused = try await browser.upload(client, name: "backup.json", backup)
      #expect(refused.status == .conflict)
      #expect(refused.text.errorText != nil)
      #expect(await full.repository.all.count == 1)
    }
    let empty = await WebHarness()
    try await empty.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "backup.json", backup)
      #expect(preview.status == .ok)
      #expect(preview.text.has("<ul class=\"backup\">"))
      #expect(await empty.repository.all.isEmpty)
      let confirmed = try await browser.post(
        client, "/import/confirm",
        [
          "preview": try #require(preview.text.inputValue("preview")),
          "key": try #require(preview.text.formKey("/import/confirm")),
        ])
      #expect(confirmed.status == .seeOther)
      #expect(await empty.repository.all.map(\.id.rawValue) == ["b1"])
    }
  }

  @Test("the import that creates the ledger says its currency; an upload over the limit is refused")
  @MainActor func newLedgerAndLimit() async throws {
    var configuration = WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80))
    configuration.uploadLimit = 4096
    // The session `hannun serve` opens on a data folder with no ledger yet: the core says which
    // currency the first write (here an import) makes it keep.
    let folder = try TemporaryFolder(prefix: "hannun-web-import-new-ledger")
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.url.path(percentEncoded: false), localeIdentifier: "ko_KR",
        clock: .fixed(at: WebHarness.today), startsCalendar: false, environment: [:],
        currentDirectory: folder.url.path(percentEncoded: false)))
    let made = try #require(session.newLedgerNotice)
    let repository = session.repository
    let year = Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31")
    let server = WebServer(session: session, configuration: configuration)
    try await server.application().test(.router) { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/import")
      let large = try await browser.upload(
        client, name: "big.csv", Self.csv + String(repeating: "2025-11-06,-1,x,\n", count: 400))
      #expect(large.status == .contentTooLarge)
      #expect(large.text.errorText?.contains("MiB") == true)
      #expect(try await repository.transactions(in: year).isEmpty)
      let preview = try await browser.upload(client, name: "card.csv", Self.csv).text
      let confirmed = try await browser.post(
        client, "/import/confirm",
        [
          "preview": try #require(preview.inputValue("preview")),
          "key": try #require(preview.formKey("/import/confirm")),
        ])
      let month = try await browser.get(client, try #require(confirmed.headers[.location])).text
      #expect(month.has(HTML.escape(EnglishMessages(hints: .web).newLedger(made))))
      #expect(try await repository.transactions(in: year).count == 3)
    }
  }

  @Test("uploads left by a server no longer running are removed; a running one's are kept")
  func abandonedUploads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hannun-uploads-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let dead = "hannun-upload-\(finished.processIdentifier)-0123456789abcdef"
    let alive = "hannun-upload-\(ProcessInfo.processInfo.processIdentifier)-fedcba9876543210"
    let older = "hannun-upload-0123456789abcdef"
    let other = "hannun-export-\(finished.processIdentifier)-0123456789abcdef"
    for name in [dead, alive, older, other] {
      let path = folder.appendingPathComponent(name, isDirectory: true)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
      try Data("statement".utf8).write(to: path.appendingPathComponent("upload.csv"))
    }
    // A link named as a dead server's upload is not followed, nor removed.
    let target = folder.appendingPathComponent("target", isDirectory: true)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    let link = "hannun-upload-\(finished.processIdentifier)-link"
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(link).path, withDestinationPath: target.path)
    UploadedFile.removeAbandoned(in: folder.path)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == [alive, older, other, "target", link])
  }

  @Test(
    "multipart bodies are split by their boundary, quoted or not, however the pieces they arrive in cut them"
  )
  func multipart() throws {
    let body = Array(
      ("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n"
        + "Content-Type: text/csv\r\n\r\nx\r\n--y\r\n-XyZ\r\n--XyZ--\r\nepilogue").utf8)
    let type = "multipart/form-data; boundary=\"XyZ\""
    for size in [1, 2, 3, 5, 8, 13, body.count] {
      let split = try #require(Self.split(body, pieces: size, contentType: type))
      #expect(split.complete, "pieces of \(size)")
      #expect(split.parts.map(\.name) == ["csrf", "file"], "pieces of \(size)")
      #expect(split.parts.map(\.text) == ["abc", "x\r\n--y\r\n-XyZ"], "pieces of \(size)")
      #expect(split.parts.last?.filename == "a.csv")
    }
    #expect(MultipartStream(contentType: "text/plain") == nil)
    let cut = try #require(Self.split(Array(body.prefix(120)), pieces: 7, contentType: type))
    #expect(!cut.complete, "a body cut short is not complete")
    #expect(Self.split(Array("--XyZxx\r\n".utf8), pieces: 4, contentType: type) == nil)
  }

  /// The parts of `body` fed to a ``MultipartStream`` in pieces of `pieces` bytes; `nil` when it
  /// is not framed as multipart.
  private static func split(_ body: [UInt8], pieces: Int, contentType: String) -> (
    parts: [(name: String, filename: String?, text: String)], complete: Bool
  )? {
    guard var stream = MultipartStream(contentType: contentType) else { return nil }
    var parts: [(name: String, filename: String?, bytes: [UInt8])] = []
    for start in stride(from: 0, to: body.count, by: pieces) {
      let piece = Array(body[start..<min(body.count, start + pieces)])
      let framed = piece.withUnsafeBytes { raw in
        stream.feed(raw) { event in
          switch event {
          case .part(let name, let filename): parts.append((name, filename, []))
          case .bytes(let bytes): parts[parts.count - 1].bytes += bytes
          }
        }
      }
      guard framed else { return nil }
    }
    return (
      parts.map { ($0.name, $0.filename, String(decoding: $0.bytes, as: UTF8.self)) },
      stream.isComplete
    )
  }
}

extension Browser {
  /// `POST /import` of a file as a browser's multipart form sends it, with the page's CSRF
  /// token and the form's key.
  mutating func upload(
    _ client: any TestClientProtocol, name: String, _ content: String, format: String = "",
    csrf: String? = nil, fields: [String: String] = [:]
  ) async throws -> TestResponse {
    let boundary = "----hannunTestBoundary7MA4YWxkTrZu0gW"
    var body = ""
    let parts =
      [("csrf", csrf ?? formToken ?? ""), ("format", format)]
      + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    for (field, value) in parts {
      body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n"
      body += "\(value)\r\n"
    }
    body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; "
    body += "filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    body += content + "\r\n--\(boundary)--\r\n"
    var headers = headers
    headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
    let response = try await client.execute(
      uri: "/import", method: .post, headers: headers, body: ByteBuffer(string: body))
    keep(response)
    return response
  }
}
