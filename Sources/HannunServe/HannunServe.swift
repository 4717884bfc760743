import Foundation
@_spi(Serve) import HannunApp
import HannunDomain
import HannunKit
import HannunPresentation
import HannunWeb

/// `hannun serve` itself: the web server and the pairing printer, in the `hannun-serve`
/// executable. `hannun` parses the command line and execs `hannun-serve`, which parses it again
/// with ``install()``'s server in place, so that the one-shot commands load none of it.
public enum HannunServe {
  /// Makes `serve` run here, in this process, instead of exec'ing `hannun-serve`.
  @MainActor
  public static func install() {
    ServeLauncher.run = { request in try await serve(request) }
  }

  @MainActor
  static func serve(_ request: ServeRequest) async throws {
    let address = try ListenAddress(request.listen)
    let weekday = try Weekday(number: request.firstWeekday)
    if request.devices || request.revoke != nil {
      try listDevices(request)
      return
    }
    let session = try await request.open()
    let language = session.language
    var token: String?
    var tokenNote: String?
    if !address.isLoopback {
      (token, tokenNote) = try readToken(request, create: true)
    }
    var configuration = WebServer.Configuration(
      listen: address, token: token, language: language, firstWeekday: weekday)
    // Signed-in sessions outlive a restart, kept beside the token file.
    configuration.sessionFile = tokenNote.map(WebServer.Configuration.sessionFile(besideTokenFile:))
    let words = language.commandLine
    let note = tokenNote
    let pairing = PairingPrinter(words: words)
    configuration.onPaired = { name in Task { @MainActor in pairing.paired(name) } }
    // The web renders the session's core: each device works in a session made from it, and the
    // write that creates the ledger says which currency it keeps, in the page's language.
    let server = WebServer(session: session, configuration: configuration)
    pairing.server = server
    let application = server.application(onServerRunning: { port in
      let shown = address.reachable(port: port)
      var lines = shown.prefix(1).map { words.serving(at: "\($0)") }
      for other in shown.dropFirst() { lines.append(words.alsoServing(at: "\(other)")) }
      if let tokenNote = note {
        lines.append(words.signInToken(in: "\(tokenNote)"))
      }
      Console.output(lines.joined(separator: "\n") + "\n")
      if note != nil, let first = shown.first {
        await MainActor.run {
          pairing.base = "http://\(first)"
          pairing.show()
          pairing.listenForEnter()
        }
      }
      fflush(nil)
    })
    do {
      try await application.runService()
      // Stopped (Ctrl-C, a service manager): no upload waiting for a confirm is left in a
      // temporary file.
      await MainActor.run { server.discardPendingImports() }
    } catch {
      await MainActor.run { server.discardPendingImports() }
      // A port in use, or an address that is not this machine's: said as such, with another.
      throw WebServeProblem.listening(at: address, failedWith: error) ?? error
    }
  }

  /// The token off loopback and the file it is in: `--token-file`, or the default file
  /// (made on first use when `create`).
  private static func readToken(_ request: ServeRequest, create: Bool) throws -> (String, String) {
    if let tokenFile = request.tokenFile {
      return (try ServeToken.read(from: tokenFile), tokenFile)
    }
    let path = ServeToken.defaultPath(
      environment: ProcessInfo.processInfo.environment,
      homeDirectory: LedgerSessionHome.directory)
    if create { return (try ServeToken.readOrCreate(at: path).0, path) }
    return (try ServeToken.read(from: path), path)
  }

  /// `--devices` (and `--revoke ID`): the devices signed in off loopback, from the session file
  /// beside the token file; with `--revoke`, that one signed out first.
  @MainActor private static func listDevices(_ request: ServeRequest) throws {
    let words = request.language.commandLine
    let (token, tokenFile) = try readToken(request, create: false)
    let devices = PairedDevices(tokenFile: tokenFile, token: token)
    var lines: [String] = []
    if let revoke = request.revoke {
      guard let gone = devices.revoke(revoke) else { throw UnknownDevice(id: revoke) }
      lines.append(words.revoked(gone.id, name: gone.name))
    }
    let listed = devices.list()
    if listed.isEmpty {
      lines.append(words.noDevices)
    }
    for device in listed {
      let since = device.since.map(Self.day) ?? "?"
      lines.append(
        words.device(device.id, name: device.name, since: since, until: Self.day(device.until)))
    }
    Console.output(lines.joined(separator: "\n") + "\n")
  }

  /// A date as `YYYY-MM-DD`, in UTC.
  private static func day(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}

/// `--revoke ID` names no signed-in device; nothing was changed.
struct UnknownDevice: LocalizedMessage {
  /// The id given.
  let id: String

  func text(in catalog: any MessageCatalog) -> String {
    catalog.language.commandLine.describe(.serveUnknownDevice(id))
  }
}

/// Shows the one-time pairing code in the terminal: the address to open, the code to type, and
/// the same as a QR code (libqrencode). A new code is shown after each phone pairs, and when
/// Enter is pressed (the code ends after ten minutes).
@MainActor
final class PairingPrinter {
  let words: any CommandLineMessages
  var server: WebServer?
  /// `http://HOST:PORT`, the address a phone opens.
  var base = ""

  init(words: any CommandLineMessages) { self.words = words }

  /// Makes a new code and prints it with its QR code.
  func show() {
    guard let server else { return }
    let code = server.newPairingCode()
    let shown = code.prefix(4) + "-" + code.dropFirst(4)
    var lines = [words.pairWith("\(base)/pair", code: String(shown))]
    lines += TerminalQR.lines("\(base)/pair?code=\(code)", colors: isatty(1) == 1) ?? []
    Console.output(lines.joined(separator: "\n") + "\n")
    fflush(nil)
  }

  /// A phone paired: says so, and shows the next code.
  func paired(_ name: String) {
    Console.output(words.paired(name) + "\n")
    show()
  }

  /// Shows a new code each time Enter is pressed, on a thread of its own (standard input may
  /// never end); nothing when standard input is not a terminal.
  func listenForEnter() {
    guard isatty(0) == 1 else { return }
    Thread.detachNewThread { [weak self] in
      while readLine() != nil {
        Task { @MainActor in self?.show() }
      }
    }
  }
}

/// The home directory as `hannun` reads it: `HOME` when absolute, else the password database's.
enum LedgerSessionHome {
  static var directory: String {
    let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
    return home.hasPrefix("/") ? home : NSHomeDirectory()
  }
}

extension WebServeProblem: CommandLineInputClassified {
  /// Everything but a token file that cannot be written and an address that cannot be listened
  /// on (the machine's state, not what was typed) is what the user typed.
  public var isInputError: Bool {
    switch self {
    case .cannotWriteTokenFile, .cannotListen: false
    default: true
    }
  }
}
