import Foundation
import HannunKit
import HannunTestSupport
import HannunWeb
import HannunWebTesting
import Hummingbird
import Testing

/// An export is one core service (``LedgerExporter``): `hannun export` prints and the web
/// downloads the same bytes, in every format.
@MainActor
@Suite("The same export from the command line and the web")
struct ExportAcrossFrontendsTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-export-across") }

  /// The body of `GET uri` on the web over the ledger in ``data``.
  private func download(_ uri: String) async throws -> String {
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: data.path(percentEncoded: false), localeIdentifier: "en_US",
        clock: .fixed(at: Fixtures.day("2025-11-26")), startsCalendar: false, environment: [:],
        currentDirectory: folder.url.path))
    let server = WebServer(
      session: session,
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    return try await server.application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .ok, "\(uri)")
      return String(buffer: response.body)
    }
  }

  @Test("csv, journal and the backup: hannun export prints what the web downloads")
  func sameBytes() async throws {
    for arguments in [
      [
        "add", "--expense", "12000", "--category", "식비", "--memo", "\"김밥\" =1+1",
        "--date", "2025-10-03", "--currency", "KRW",
      ],
      ["add", "--income", "3500000", "--category", "salary", "--date", "2025-11-25"],
      ["add", "--expense", "4500", "--category", "카페", "--date", "2025-12-01"],
      ["budget", "set", "60만", "--category", "식비", "--from", "2025-01"],
    ] {
      let run = await hannun(arguments, data: data)
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    for (format, web) in [
      ("csv", "/export/download?format=csv"), ("journal", "/export/download?format=journal"),
      ("json", "/export/download?format=json"),
      ("json", "/export/download?format=json&from=2025-11-01&to=2025-11-30"),
    ] {
      var arguments = ["export", "--format", format]
      if format == "csv" { arguments.append("--bom") }
      if web.contains("from=") { arguments += ["--from", "2025-11-01", "--to", "2025-11-30"] }
      let printed = await hannun(arguments, data: data)
      #expect(printed.status == 0, "\(printed)")
      #expect(!printed.out.isEmpty)
      #expect(try await download(web) == printed.out, "\(web)")
    }
  }
}
