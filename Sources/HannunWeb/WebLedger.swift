import HannunDomain
import HannunKit
import HannunPresentation

/// The pages' view of one ledger: the month pages, the sessions, and the rules of who may
/// see and change what. It lives on the main actor with the view-models; Hummingbird's handlers
/// hop here for each page and form.
@MainActor
final class WebLedger {
  let clock: LedgerClock
  /// The ledger's currency: of amounts typed and shown. A restore into a ledger not created
  /// before can change it (``reopen(_:)``).
  private(set) var currency: Currency
  let defaultLanguage: DisplayLanguage
  /// Makes the ids of new entries: an add's idempotency key when it has one (``IdempotencyKey``).
  let makeID: @Sendable () -> TransactionID
  /// The sign-in token, or `nil` when none is required (loopback).
  let token: String?
  /// The month pages, each drawn from the asking device's calendar, and the reads they share.
  private(set) var pages: MonthPages
  let sessions: WebSessions
  /// The application core of each device: its coordinator, editor and undo history.
  private(set) var devices: WebDevices
  /// The first column of the calendar's grid.
  private let firstWeekday: Weekday
  /// The outcomes of the writes made, by their forms' idempotency keys; kept beside the
  /// signed-in sessions' file when there is one, so that they outlive a restart as those do.
  let writeOutcomes: WriteOutcomes
  /// The imports previewed and waiting for their confirmation.
  let imports = PendingImports()
  /// Wrong sign-in tokens per client, and how long each must wait.
  var limiter: SignInLimiter
  /// The new-ledger notice each browser's next month page says, by undo key: the core hands it
  /// over once, after the write that created the ledger (the currency is never chosen silently).
  private var owedNotice: [String: NewLedgerNotice] = [:]
  /// What a browser's next page says after its write (a due entry confirmed, say), by undo key:
  /// a write answers with a redirect, so the page after it says what happened.
  var owedNews: [String: [String]] = [:]
  /// The budget warnings a browser's next page shows after its write spent, by undo key.
  var owedWarnings: [String: [String]] = [:]
  /// What writes said, waiting for the page their redirect opens, by the one-time token in that
  /// page's address (`said=`), with the browser it is for: a page the browser's script fetches
  /// meanwhile (a live update after that very write) does not take it.
  private var saidByToken: [String: (owner: String, news: [String], warnings: [String])] = [:]
  private var saidOrder: [String] = []
  /// The one-time token of the last answer of each kept write outcome (``once(_:_:_:)``): the
  /// same form sent again before its page took what it says gets the same address.
  var saidOfOutcome: [String: String] = [:]

  /// The address a write redirects to: with a one-time `said=` token when the write has
  /// something to say (``owedNews``, ``owedWarnings``).
  func pathSaying(_ path: String, _ access: Access) -> String {
    self.path(
      path, saying: owedNews.removeValue(forKey: access.undoKey) ?? [],
      warnings: owedWarnings.removeValue(forKey: access.undoKey) ?? [], access)
  }

  /// The address `path` with a one-time `said=` token for `news` and `warnings`, when there are
  /// any: the page it opens for this browser says them.
  func path(
    _ path: String, saying news: [String], warnings: [String], _ access: Access
  ) -> String {
    guard !news.isEmpty || !warnings.isEmpty else { return path }
    let token = Secret.random()
    saidByToken[token] = (access.undoKey, news, warnings)
    saidOrder.append(token)
    if saidOrder.count > 1024 { saidByToken[saidOrder.removeFirst()] = nil }
    return path + (path.contains("?") ? "&" : "?") + "said=" + token
  }

  /// What the write before this page said, when the page's address carries a token of this
  /// browser's; said once.
  func takeSaid(_ request: WebRequest?, _ access: Access) -> (news: [String], warnings: [String]) {
    guard let token = request?.query["said"] else { return ([], []) }
    return takeSaid(token, owner: access.undoKey)
  }

  /// Whether the one-time `token` still holds what a write said (no page took it yet).
  func saidStillOwed(_ token: String) -> Bool { saidByToken[token] != nil }

  /// What the one-time `token` holds, when it is `owner`'s (any browser's, for `nil`); said once.
  func takeSaid(_ token: String, owner: String?) -> (news: [String], warnings: [String]) {
    guard let said = saidByToken[token], owner == nil || said.owner == owner else {
      return ([], [])
    }
    saidByToken[token] = nil
    saidOrder.removeAll { $0 == token }
    return (said.news, said.warnings)
  }

  /// The pages of the ledger `session` opens: each device works in a session of its own made
  /// from it (``LedgerSession/device(language:makeID:)``), sharing its store and change signal.
  init(
    session: LedgerSession, language: DisplayLanguage, firstWeekday: Weekday, token: String?,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    sessionFile: String? = nil
  ) {
    sessions = WebSessions(
      file: sessionFile.flatMap { path in token.map { (SessionFile(path: path), token: $0) } })
    writeOutcomes = WriteOutcomes(
      file: sessionFile.flatMap { path in token.map { _ in path + ".writes" } })
    limiter = SignInLimiter(now: now)
    clock = session.clock
    currency = session.currency
    defaultLanguage = language
    makeID = IdempotencyKey.maker(session.makeID)
    let cache = LedgerReadCache(session.stores)
    devices = WebDevices(root: session, cache: cache, makeID: makeID)
    self.token = token
    self.firstWeekday = firstWeekday
    pages = MonthPages(cache: cache, clock: clock, firstWeekday: firstWeekday)
  }

  /// Goes on over `session`: the ledger opened again after a restore gave it another currency
  /// (``LedgerSession/reopened(in:)``). Every device's session is made anew from it (undo
  /// histories are let go: the ledger was empty before the restore), and the pages' reads with
  /// it.
  func reopen(_ session: LedgerSession) {
    currency = session.currency
    let cache = LedgerReadCache(session.stores)
    devices = WebDevices(root: session, cache: cache, makeID: makeID)
    pages = MonthPages(cache: cache, clock: clock, firstWeekday: firstWeekday)
  }

  /// The application core of the device a request comes from (``Access/undoKey``), with no
  /// route open; for a browser this request just gave its cookie, a session nothing keeps
  /// (``WebDevices/passing()``): its device is made when it comes back with the cookie.
  func device(_ access: Access) -> LedgerSession {
    access.isFirstVisit ? devices.passing() : devices.session(for: access.undoKey)
  }

  // MARK: - Who is asking

  /// What a request may do: its CSRF token, whose undo history it uses, and cookies to set.
  struct Access {
    var csrf: String
    var undoKey: String
    var cookies: [String]
    var language: DisplayLanguage
    /// What the calendar's cells show: amounts or moods.
    var mode: DisplayMode = .amounts
    /// Whether the browser came with no session this server knows, and this request started
    /// one: nothing of the device is kept until it comes back with its cookie.
    var isFirstVisit = false

    /// A page on `day` in this browser's language and mode.
    func state(_ day: Day, shape: CalendarShape = .month) -> PageState {
      PageState(day: day, shape: shape, language: language, mode: mode)
    }
  }

  /// The cookie that keeps the calendar's mode chosen with `?mode=`.
  static let modeCookie = "hannun_mode"

  /// The access of a request, or `nil` when it must sign in first.
  func access(_ request: WebRequest) -> Access? {
    var cookies: [String] = []
    let language = self.language(of: request, cookies: &cookies)
    let mode = self.mode(of: request, cookies: &cookies)
    if token != nil {
      guard
        let (session, csrf) = request.cookies.first(
          WebCookie.session, known: { sessions.csrf(ofSession: $0) })
      else { return nil }
      return Access(
        csrf: csrf, undoKey: session, cookies: cookies, language: language, mode: mode)
    }
    let (key, csrf, started) = browser(request, cookies: &cookies)
    return Access(
      csrf: csrf, undoKey: key, cookies: cookies, language: language, mode: mode,
      isFirstVisit: started)
  }

  /// `?mode=amounts|emotion` (remembered in a cookie), else the cookie, else amounts.
  func mode(of request: WebRequest, cookies: inout [String]) -> DisplayMode {
    let shown: Set<DisplayMode> = [.amounts, .emotion]
    if let asked = request.query["mode"].flatMap(DisplayMode.init(rawValue:)),
      shown.contains(asked)
    {
      cookies.append(WebCookie.set(Self.modeCookie, asked.rawValue, maxAge: 31_536_000))
      return asked
    }
    return request.cookies[Self.modeCookie].flatMap(DisplayMode.init(rawValue:))
      .flatMap { shown.contains($0) ? $0 : nil } ?? .amounts
  }

  /// The browser session a request's `hannun_browser` cookie names, or a new one (its cookie
  /// added to `cookies`) when the cookie is missing or not one this server made.
  /// - Returns: The session's cookie value and CSRF token, and whether it was started now.
  func browser(_ request: WebRequest, cookies: inout [String]) -> (
    key: String, csrf: String, started: Bool
  ) {
    if let (cookie, csrf) = request.cookies.first(
      WebCookie.browser, known: { sessions.csrf(ofBrowser: $0) })
    {
      return (cookie, csrf, false)
    }
    let (cookie, csrf) = sessions.startBrowser()
    cookies.append(WebCookie.set(WebCookie.browser, cookie))
    return (cookie, csrf, true)
  }

  /// `?lang=ko|en` (remembered in a cookie), else the cookie, else `Accept-Language`, else the
  /// server's language.
  func language(of request: WebRequest, cookies: inout [String]) -> DisplayLanguage {
    if let asked = request.query["lang"].flatMap(DisplayLanguage.init(rawValue:)) {
      cookies.append(WebCookie.set(WebCookie.language, asked.rawValue, maxAge: 31_536_000))
      return asked
    }
    if let kept = request.cookies[WebCookie.language].flatMap(DisplayLanguage.init(rawValue:)) {
      return kept
    }
    return request.acceptLanguage.flatMap(DisplayLanguage.preferred(acceptLanguage:))
      ?? defaultLanguage
  }

  // MARK: - Pages

  /// The month page of a state, with a panel (the add form on the selected day by default).
  func monthPage(
    _ state: PageState, access: Access, panel: PagePanel? = nil, notice: String? = nil,
    info: String? = nil, status: Int = 200
  ) async -> WebReply {
    // The device's calendar route, moved to the page's state and drawn off the main actor; a
    // page with a panel keeps the route its caller opened above the calendar.
    let plain = panel == nil && notice == nil && info == nil
    let session = plain ? device(access) : devices.existing(for: access.undoKey) ?? device(access)
    let html: String
    if plain {
      let marker = pages.tokenMarker
      html = await pages.page(state, token: access.csrf, of: session) { calendar in
        MonthPage(
          calendar: calendar, state: state, csrf: marker,
          panel: .add(FormValues(day: state.day), error: nil)
        ).render()
      }
    } else {
      let page = MonthPage(
        calendar: await pages.snapshot(of: session, in: state), state: state, csrf: access.csrf,
        panel: panel ?? .add(FormValues(day: state.day), error: nil), notice: notice, info: info)
      html = await MonthPages.filled([await page.drawn()], token: access.csrf)
    }
    var reply = WebReply.page(html, status: status)
    reply.cookies = access.cookies
    return reply
  }

  /// `GET /` and `GET /month/YYYY-MM`.
  func month(_ monthText: String?, _ request: WebRequest, access: Access) async -> WebReply {
    let today = clock.today
    var month = today.yearMonth
    if let monthText {
      guard let asked = try? YearMonth(iso: monthText) else { return notFound(access) }
      month = asked
    }
    var state = PageState(
      month: month, dayText: request.query["day"], shapeText: request.query["shape"],
      language: access.language, today: today)
    state.mode = access.mode
    var info: [String] = []
    if let notice = owedNotice.removeValue(forKey: access.undoKey) {
      info.append(messages(access).newLedger(notice))
    }
    let said = takeSaid(request, access)
    info += said.news
    let warnings = said.warnings
    if !info.isEmpty || !warnings.isEmpty {
      return await monthPage(
        state, access: access, notice: warnings.isEmpty ? nil : warnings.joined(separator: "\n"),
        info: info.isEmpty ? nil : info.joined(separator: "\n"))
    }
    return await monthPage(state, access: access)
  }

  /// Notes a successful write: the month pages and the reads they share are forgotten
  /// (``MonthPages/invalidate()``), and
  /// when the core says this write created the ledger (``LedgerSession/takeNewLedgerNotice()``),
  /// the writer's next page says which currency it keeps.
  func noteWrite(_ access: Access) async {
    await pages.invalidate()
    if let notice = await devices.root.takeNewLedgerNotice() {
      owedNotice[access.undoKey] = notice
    }
  }

  /// `GET /month?month=YYYY-MM`: the picker's answer, as a redirect to the month's page; a
  /// month that is none goes to today's, which says why.
  func pick(_ request: WebRequest, access: Access) -> WebReply {
    let today = clock.today
    let month: YearMonth
    do {
      month = try YearMonth(
        userInput: request.query["month"] ?? "", defaultYear: today.year,
        fallback: today.yearMonth)
    } catch {
      owedWarnings[access.undoKey, default: []].append(messages(access).describe(AppError(error)))
      return seeOther(PageState.path(day: today), access)
    }
    let day = month == today.yearMonth ? today : month.firstDay
    let shape: CalendarShape = request.query["shape"] == "week" ? .week : .month
    var reply = WebReply.seeOther(PageState.path(day: day, shape: shape))
    reply.cookies = access.cookies
    return reply
  }

  /// The catalogue of a request's language, saying amounts in the ledger's currency and every
  /// hint as the web's page that does it (a link on the page, ``HTML/alert(_:)``).
  func messages(_ access: Access) -> any MessageCatalog {
    access.language.messages(hints: .web, currency: currency)
  }

  /// A 404 page in the request's language.
  func notFound(_ access: Access) -> WebReply {
    var reply = WebReply.page(
      Layout.message(WebText(language: access.language).notFound, language: access.language),
      status: 404)
    reply.cookies = access.cookies
    return reply
  }
}
