import HannunExchange
import Testing

@testable import HannunWeb

/// The web takes the same files `hannun import` takes: one limit for a backup, one for a
/// statement or journal, the same constants.
@Suite("Backup uploads: the command line's limits")
struct BackupUploadTests {
  @Test("the upload limit is the largest backup hannun import restores, and room for the form")
  func limit() {
    let configuration = WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80))
    #expect(configuration.uploadLimit >= BackupReader.sizeLimit)
    #expect(configuration.uploadLimit >= ImportFile.sizeLimit)
    // The form around the file: its fields and boundaries, never a second file.
    #expect(configuration.uploadLimit - BackupReader.sizeLimit <= 1 << 20)
  }
}
