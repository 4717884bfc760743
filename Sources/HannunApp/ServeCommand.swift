import ArgumentParser
import HannunDomain
import HannunKit
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  @Option(name: .long, help: .localized("Where to listen, HOST:PORT."))
  var listen: String = "127.0.0.1:8080"

  @Option(
    name: .long,
    help: .localized("A file holding the sign-in token (off loopback): mode 600, 128 bits or more.")
  )
  var tokenFile: String?

  @Option(
    name: .long, help: .localized("The first column of the calendar: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday: Int = 1

  @Flag(
    name: .long,
    help: .localized("List the devices signed in off loopback, and serve nothing."))
  var devices = false

  @Option(
    name: .long, help: .localized("With --devices: sign out the device with this id for good."))
  var revoke: String?

  @MainActor func run() async throws {
    let options = global
    let request = ServeRequest(
      listen: listen, tokenFile: tokenFile, firstWeekday: firstWeekday, devices: devices,
      revoke: revoke, language: CommandLineText.language,
      open: { try await AppEnvironment(options: options).session })
    if let run = ServeLauncher.run {
      try await run(request)
    } else {
      try ServeLauncher.execServer()
    }
  }
}

/// What `hannun serve` was asked, for the server in `hannun-serve` (`HannunServe`).
@_spi(Serve) public struct ServeRequest {
  /// `--listen`, as typed.
  public let listen: String
  /// `--token-file`.
  public let tokenFile: String?
  /// `--first-weekday`, as typed (1 is Sunday).
  public let firstWeekday: Int
  /// `--devices`.
  public let devices: Bool
  /// `--revoke`.
  public let revoke: String?
  /// The language of the command line's own sentences: `--locale`, else the environment's.
  public let language: DisplayLanguage
  /// Opens the ledger as every command does (`--data`, `--locale`, `--currency`).
  public let open: @MainActor () async throws -> LedgerSession
}

/// Where `hannun serve` runs: in this process when the server is linked in (``run`` is set, as
/// in `hannun-serve` and in tests), else in the `hannun-serve` executable beside this one, which
/// this process becomes.
@_spi(Serve) public enum ServeLauncher {
  /// The server, when this process links it.
  @MainActor public static var run: (@MainActor (ServeRequest) async throws -> Void)?

  /// Replaces this process with `hannun-serve`, beside this executable (symbolic links
  /// followed), given the same command line; returns only by throwing when it cannot.
  @MainActor static func execServer() throws {
    throw ServeProblem.serverMissing(
      path: SiblingExecutable.exec("hannun-serve", arguments: HannunMain.commandLine))
  }
}

/// `hannun serve` could not start its server.
enum ServeProblem: LocalizedMessage {
  /// `hannun-serve`, which `hannun serve` runs, is not beside `hannun` (or cannot run).
  case serverMissing(path: String)

  func text(in catalog: any MessageCatalog) -> String {
    switch self {
    case .serverMissing(let path):
      catalog.language.commandLine.describe(.serveServerMissing(path))
    }
  }
}

/// An error that says itself whether the user's input caused it (exit status 2) or the ledger
/// or the machine (exit status 1), for errors of modules the command line does not link.
public protocol CommandLineInputClassified: Error {
  /// Whether what the user typed caused it.
  var isInputError: Bool { get }
}
