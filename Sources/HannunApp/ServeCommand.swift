import ArgumentParser
import Foundation
import HannunDomain
import HannunPresentation
import HannunWeb

/// `hannun serve [--listen HOST:PORT] [--token-file FILE]`: the calendar in a browser.
struct ServeCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "serve",
      abstract: localized("Serve the calendar to browsers (default 127.0.0.1:8080)."),
      discussion: localized(
        """
        On loopback (127.0.0.1, localhost, ::1) no sign-in is needed. Any other address (0.0.0.0 \
        for a phone on the same network) requires the token from --token-file, or from \
        $XDG_STATE_HOME/hannun/serve-token (~/.local/state/hannun/serve-token), made on first use. \
        A token file must be private to its owner (chmod 600) and hold at least 128 bits (32 random \
        hex digits: openssl rand -hex 32).
        """))
  }

  @OptionGroup var global: GlobalOptions

  @Option(name: .long, help: .localized("Where to listen, HOST:PORT (default 127.0.0.1:8080)."))
  var listen: String = ListenAddress.standard.description

  @Option(
    name: .long,
    help: .localized("A file holding the sign-in token (off loopback): mode 600, 128 bits or more.")
  )
  var tokenFile: String?

  @Option(
    name: .long, help: .localized("The first column of the calendar: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday: Int = 1

  @MainActor func run() async throws {
    let address = try ListenAddress(listen)
    let weekday = try Weekday(number: firstWeekday)
    let environment = try await AppEnvironment(options: global)
    let session = environment.session
    let language = environment.language
    var token: String?
    var tokenNote: String?
    if !address.isLoopback {
      if let tokenFile {
        token = try ServeToken.read(from: tokenFile)
        tokenNote = tokenFile
      } else {
        let path = ServeToken.defaultPath(
          environment: ProcessInfo.processInfo.environment,
          homeDirectory: LedgerSessionHome.directory)
        token = try ServeToken.readOrCreate(at: path).0
        tokenNote = path
      }
    }
    var configuration = WebServer.Configuration(
      listen: address, token: token, language: language, firstWeekday: weekday)
    // Signed-in sessions outlive a restart, kept beside the token file.
    configuration.sessionFile = tokenNote.map(WebServer.Configuration.sessionFile(besideTokenFile:))
    // The write that creates the ledger says which currency it keeps, in the page's language.
    configuration.newLedgerNotice = session.newLedgerNotice
    let server = WebServer(
      repository: session.repository, currency: session.currency, clock: session.clock,
      configuration: configuration)
    let words = language.commandLine
    let note = tokenNote
    try await server.application(onServerRunning: { port in
      let shown = ListenAddress(host: address.host, port: port)
      var lines = [words.serving(at: "\(shown)")]
      if let tokenNote = note {
        lines.append(words.signInToken(in: "\(tokenNote)"))
      }
      Console.output(lines.joined(separator: "\n") + "\n")
      fflush(nil)
    }).runService()
  }
}

/// The home directory as `hannun` reads it: `HOME` when absolute, else the password database's.
enum LedgerSessionHome {
  static var directory: String {
    let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
    return home.hasPrefix("/") ? home : NSHomeDirectory()
  }
}
