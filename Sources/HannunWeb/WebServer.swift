import HannunDomain
import HannunExchange
import HannunKit
import HannunPresentation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `hannun serve`: the ledger's month page, forms and live updates over HTTP.
///
/// It is a frontend like the REPL: it starts from a `LedgerSession` and renders its core — a
/// request sets a device's route on its `AppCoordinator` and draws the route's view-model as
/// HTML, a form sends the route's intents. The composition root gives it the session over the
/// file store; tests give it one in memory.
public struct WebServer: Sendable {
  /// How the server behaves.
  public struct Configuration: Sendable {
    /// Where it listens.
    public var listen: ListenAddress
    /// The sign-in token. Required (non-`nil`) off loopback; ignored on loopback.
    public var token: String?
    /// The largest request body accepted; a larger one gets 413.
    public var bodyLimit: Int
    /// The largest import upload accepted (`POST /import`): by default the largest file
    /// `hannun import` reads — a backup of `BackupReader.sizeLimit` (a statement or journal is
    /// then held to `ImportFile.sizeLimit` when it is read, as on the command line) — and room
    /// for the form around it.
    public var uploadLimit = max(BackupReader.sizeLimit, ImportFile.sizeLimit) + (64 << 10)
    /// The language of a browser that asks for neither Korean nor English.
    public var language: DisplayLanguage
    /// The first column of the grid.
    public var firstWeekday: Weekday
    /// The most connections open at once; fewer when the process's descriptor limit
    /// (`ulimit -n`) is low, a quarter of it being kept for everything else (``ConnectionBook``).
    public var maxConnections = 256
    /// The most connections open at once from one client address.
    public var maxConnectionsPerClient = 32
    /// How long a connection may go without a complete request head, from its opening or its
    /// last answer: an idle connection, or one sending its head slowly, is closed after it.
    public var idleTimeout = Duration.seconds(15)
    /// How long a request's body may take to arrive after its head.
    public var requestTimeout = Duration.seconds(30)
    /// The clock the sign-in's rate limit reads (``SignInLimiter``); tests move it.
    public var now: @Sendable () -> ContinuousClock.Instant = { .now }
    /// After how many ledger events `/events` ends, or `nil` to stream until the browser
    /// leaves (browsers reconnect by themselves); tests set it to read a finite stream.
    public var eventLimit: Int?
    /// The file where signed-in sessions are kept so that a restart signs nobody out (0600,
    /// beside the token file: ``sessionFile(besideTokenFile:)``), or `nil` to keep them in memory.
    public var sessionFile: String?
    /// Called with the device's name (empty when none was given) each time a phone pairs with
    /// the one-time code (``WebServer/newPairingCode()``): `hannun serve` then shows the next.
    public var onPaired: (@Sendable (String) -> Void)?

    /// The session file kept beside a token file: `serve-token.sessions` next to `serve-token`.
    /// - Parameter tokenFile: The token file's path.
    /// - Returns: The session file's path.
    public static func sessionFile(besideTokenFile tokenFile: String) -> String {
      SessionFile.beside(tokenFile: tokenFile).path
    }

    /// A configuration.
    /// - Parameters:
    ///   - listen: Where to listen; loopback by default.
    ///   - token: The sign-in token, required off loopback.
    ///   - bodyLimit: The largest body accepted, 16 KiB by default.
    ///   - language: The default language.
    ///   - firstWeekday: The first column of the grid.
    public init(
      listen: ListenAddress = .standard, token: String? = nil, bodyLimit: Int = 16 * 1024,
      language: DisplayLanguage = .english,
      firstWeekday: Weekday = .sunday
    ) {
      self.listen = listen
      self.token = token
      self.bodyLimit = bodyLimit
      self.language = language
      self.firstWeekday = firstWeekday
    }

    /// Whether a browser must sign in: off loopback.
    public var requiresSignIn: Bool { !listen.isLoopback }
  }

  /// The configuration it was made with.
  public let configuration: Configuration
  let ledger: WebLedger
  let events: LedgerEvents
  /// The live one-time pairing code.
  let pairing: PairingCodes

  /// A server drawing the application core of `session`: each signed-in device (each browser
  /// on loopback) works in its own session made from it (``LedgerSession/device(language:makeID:)``)
  /// — its own coordinator, editor and undo history — over the same store and change signal. A
  /// page sets the device's route and draws it; a form sends the route's intents.
  /// - Parameters:
  ///   - session: The ledger: its stores, clock, currency, ids and new-ledger notice.
  ///   - configuration: Where it listens and how.
  @MainActor
  public init(session: LedgerSession, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    ledger = WebLedger(
      session: session, language: configuration.language,
      firstWeekday: configuration.firstWeekday,
      token: configuration.requiresSignIn ? configuration.token : nil,
      now: configuration.now, sessionFile: configuration.sessionFile)
    events = LedgerEvents(signal: session.changes)
    pairing = PairingCodes(now: configuration.now)
    UploadedFile.removeAbandoned()
  }

  /// Makes the one-time code that pairs a phone (`/pair?code=CODE`), ending any earlier one: it
  /// works once, for ten minutes, and only off loopback (on loopback nobody signs in).
  /// - Returns: The code.
  @MainActor
  public func newPairingCode() -> String { pairing.issue() }

  /// Forgets the imports previewed and not confirmed, removing the uploads that wait for them
  /// in temporary files: what a server calls as it stops, so that no file of the ledger's owner
  /// is left behind.
  @MainActor
  public func discardPendingImports() { ledger.imports.removeAll() }

  /// The Hummingbird application: the routes behind the guard middleware.
  /// - Parameter onServerRunning: Called with the bound port once the server listens.
  /// - Returns: An application to run (`runService()`) or test.
  public func application(
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router(context: WebContext.self)
    let boundPort = BoundPort()
    router.add(
      middleware: WebGuard(
        listen: configuration.listen, boundPort: boundPort,
        requiresSignIn: configuration.requiresSignIn, ledger: ledger))
    addRoutes(to: router)
    let book = ConnectionBook(
      limits: ConnectionBook.limits(
        total: configuration.maxConnections, perClient: configuration.maxConnectionsPerClient,
        descriptors: ConnectionBook.descriptorLimit))
    let timeouts = ConnectionWatch.Timeouts(
      idle: TimeAmount(configuration.idleTimeout), request: TimeAmount(configuration.requestTimeout)
    )
    return Application(
      router: router,
      server: .http1(
        configuration: HTTP1Channel.Configuration(
          additionalChannelHandlers: [ConnectionWatch(book: book, timeouts: timeouts)])),
      configuration: .init(
        address: .hostname(configuration.listen.host, port: configuration.listen.port),
        serverName: nil),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? configuration.listen.port
        boundPort.set(port)
        await onServerRunning(port)
      },
      logger: {
        var logger = Logger(label: "hannun.serve")
        logger.logLevel = .error
        return logger
      }())
  }
}
