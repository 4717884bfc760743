import HannunDomain
import HannunPresentation

/// The interactive calendar: reads a line, turns it into a ``Command``, asks the coordinator and
/// view-models to act, and draws the result. It decides nothing about the ledger itself.
///
/// On a terminal it clears and redraws the screen after each command; reading from a pipe it
/// prints no prompt and no colour, prints the calendar once at the start and then only what each
/// command says (`month` or `week` prints the calendar again), so a session can be scripted.
@MainActor
public final class REPLSession {
  let coordinator: AppCoordinator
  let reader: any LineReader
  let theme: Theme
  let columns: () -> Int?
  let rows: (() -> Int?)?
  let interactive: Bool
  let write: (String) -> Void
  var calendar: CalendarViewModel { coordinator.calendar }

  /// Which currency a ledger that does not exist yet will keep (`LedgerSession`'s
  /// `pendingNewLedgerNotice`): asked after every command, and said once, after the first write
  /// of any kind; `nil` when the ledger exists.
  public var newLedgerNotice: PendingNewLedgerNotice?
  /// The ledger's budgets (the coordinator's), for `budget`, the calendar's header, the month's
  /// report and the notice after a save that goes over one.
  public var budgets: BudgetViewModel { coordinator.budgets }
  /// Recurring rules and their due occurrences (the coordinator's): what is due is offered on
  /// start, and `recurring`, `due`, `confirm`, `skip` and `change` work on it.
  public var recurring: RecurringViewModel { coordinator.recurring }
  /// How the session learns that another process (a second window, a script) wrote the ledger:
  /// before each screen it compares the ledger's mark with the one of the last screen, and reads
  /// the calendar's window, moods, plan and budgets again only when another process moved it (its
  /// own writes arrive through the change feed). `nil` reads them again after every command.
  public var changes: LedgerChangeSignal?
  /// The ledger's mark when the last screen was drawn.
  private var drawnMark: LedgerChangeSignal.Mark?
  /// The page (from 0) of a route's screen whose prompt another process's write interrupted, to
  /// be drawn again as the ledger now is (REPLSession+Paging.swift); `nil` when none was.
  var interruptedPage: Int?
  /// What was typed at a page's prompt to leave the pages (REPLSession+Paging.swift): the start
  /// of the next command line.
  var typedAtPager: String?
  /// How many commands were refused or failed: a script's exit status says whether any was.
  private var failures = 0
  /// What ``run()`` returns: a person at a terminal saw each error; a script's caller did not.
  private var exitStatus: Int32 { interactive || failures == 0 ? 0 : 1 }
  /// The ledger's categories for Tab, read again only after a write.
  private var categoryCache: [String]?
  /// The categories being read since the last write, while the prompt already waits (for a
  /// reader that completes at Tab), and the ones known before it, offered if the read fails.
  private var pendingCategories: PendingCategories?
  private var earlierCategories: [String] = []
  var text: SessionText { SessionText(language: calendar.language, money: calendar.money) }

  /// - Parameters:
  ///   - coordinator: Navigation and the view-models.
  ///   - reader: Where lines come from: readline on a terminal, standard input otherwise.
  ///   - theme: Colours, or none.
  ///   - interactive: Whether a person is typing: prompts and screen clearing.
  ///   - columns: The terminal's width, asked before each redraw so the calendar follows a
  ///     resized window; `nil` draws for ``TerminalSize/standard``'s 80 columns.
  ///   - rows: The terminal's height, asked before each redraw, so an interactive screen never
  ///     scrolls its top away; `nil` for no limit. Without this closure, a session whose
  ///     `columns` gives a width asks the terminal on standard output
  ///     (``Terminal/rows(environment:)``). Output that is not interactive is appended, never
  ///     redrawn, so it has no row limit.
  ///   - write: Where output goes.
  public init(
    coordinator: AppCoordinator, reader: any LineReader, theme: Theme, interactive: Bool,
    columns: @escaping () -> Int? = { nil }, rows: (() -> Int?)? = nil,
    write: @escaping (String) -> Void
  ) {
    self.coordinator = coordinator
    self.reader = reader
    self.theme = theme
    self.columns = columns
    self.rows = rows
    self.interactive = interactive
    self.write = write
  }

  /// Runs until `quit` or the end of input.
  /// - Returns: The exit status: 0, or — for a script, read from a pipe — 1 when any of its
  ///   commands was refused or failed (the commands after it still ran).
  public func run() async -> Int32 {
    await calendar.settle()
    drawnMark = await changes?.mark()
    draw()
    if interactive { say(text.hint) }
    await offerDue()
    // What was typed when a calendar key or a resize ended the read, to be typed again.
    var unfinished = ""
    // Another window's write is drawn while the prompt waits (LedgerBell.swift).
    let bell = interactive && changes != nil ? reader.ledgerBell : nil
    let watcher = changes.flatMap { changes in bell?.watch(changes) }
    defer { watcher?.cancel() }
    while true {
      // A page another process's write interrupted is drawn again, at that page, as the ledger
      // now is; what the command said follows it.
      if interruptedPage != nil {
        repeat {
          await catchUp()
          draw()
        } while interruptedPage != nil
        flushNotes()
      }
      if let bell {
        // A write after this drain rings again; one before it is seen here.
        bell.drain()
        if await catchUpOutsideWrite() { draw() }
      }
      // Last before the read: it may start reading the categories, which the store then does
      // while the prompt waits.
      await setCompletionContext(entryCount: calendar.selectedEntries.count)
      // A letter typed at a page's prompt begins this line.
      if let typed = typedAtPager {
        unfinished = typed
        typedAtPager = nil
      }
      switch reader.readCommand(prompt: prompt, prefill: unfinished) {
      case .line(let line):
        unfinished = ""
        reader.addHistory(line)
        if await handle(line) == .quit { return exitStatus }
      case .interrupted:
        unfinished = ""
        _ = await handle("")
      case .endOfInput:
        return exitStatus
      case .key(let key, let line):
        unfinished = line
        _ = await handle(key.commandWord)
      case .resized(let line):
        unfinished = line
        draw()
      case .changed(let line):
        unfinished = line
        await catchUp()
        draw()
      }
    }
  }

  /// Gives the reader what Tab offers from the ledger: every category it uses, most used first,
  /// the selected day's entry numbers, or a form field's words. After a write, a reader that
  /// completes only at Tab gets the categories while they are still being read, off the main
  /// actor, so the prompt comes back with the screen rather than after a read of every month's
  /// totals.
  func setCompletionContext(
    entryCount: Int = 0, formField: TransactionFormViewModel.Field? = nil
  ) async {
    if categoryCache == nil, let pending = pendingCategories, pending.isFinished {
      pendingCategories = nil
      // A read that failed is done again on the main actor, which falls back to the months the
      // calendar holds.
      categoryCache = pending.ready
      if categoryCache == nil { categoryCache = await categoriesInUse() }
    }
    if categoryCache == nil, reader.completesAtTab {
      let pending =
        pendingCategories
        ?? PendingCategories { [calendar] in
          try? await calendar.categoriesInTotals()
        }
      pendingCategories = pending
      reader.setCompletionContext(
        CompletionContext(
          categories: earlierCategories, entryCount: entryCount, formField: formField),
        categories: pending)
      return
    }
    reader.setCompletionContext(
      CompletionContext(
        categories: await categoriesInUse(), entryCount: entryCount, formField: formField))
  }

  /// The ledger's categories, most used first, read once after each write.
  private func categoriesInUse() async -> [String] {
    if let categoryCache { return categoryCache }
    let categories = await calendar.categoriesInUse()
    categoryCache = categories
    return categories
  }

  /// Makes the next screen current: waits for this process's writes to reach the calendar and,
  /// when another process wrote the ledger since the last screen, reads the calendar's window
  /// (with its moods and recurring plan) and the budgets again. Without ``changes`` there is no
  /// telling, so they are read again every time.
  func catchUp() async {
    await calendar.settle()
    guard let changes else {
      forgetCategories()
      await calendar.refresh()
      await budgets.refresh()
      return
    }
    let now = await changes.mark()
    defer { drawnMark = now }
    guard let drawn = drawnMark else { return }
    if now.showsAnyWrite(since: drawn) { forgetCategories() }
    guard now.showsOutsideWrite(since: drawn) else { return }
    await calendar.refresh()
    await budgets.refresh()
    // A screen over the calendar (budgets, a report …) is drawn again as the ledger is now.
    await coordinator.reloadTop()
  }

  /// Forgets the categories after a write: the next prompt reads them again.
  private func forgetCategories() {
    if let categoryCache { earlierCategories = categoryCache }
    categoryCache = nil
    pendingCategories = nil
  }

  /// Reads the ledger again when another process wrote it since the last screen.
  /// - Returns: Whether it did, so the screen is to be drawn again.
  private func catchUpOutsideWrite() async -> Bool {
    guard let changes, let drawn = drawnMark,
      await changes.mark().showsOutsideWrite(since: drawn)
    else { return false }
    await catchUp()
    return true
  }

  private enum Flow { case proceed, quit }

  // MARK: - Commands

  private func handle(_ line: String) async -> Flow {
    let command: Command
    do {
      command = try CommandParser.parse(
        line, today: calendar.today, shownMonth: calendar.currentMonth)
    } catch {
      fail(text.messages.describe(any: error))
      return .proceed
    }
    // What another process wrote while the prompt waited is read before the command acts on it
    // (its budget notice included); with no write elsewhere this costs no lock.
    if changes != nil { await catchUp() }
    // The screen drawn before this command: it stays only while the commands are about it.
    let shownScreen = coordinator.top.flatMap { Self.isDrawn($0) ? $0 : nil }
    let pathBefore = coordinator.path
    do {
      switch command {
      case .empty:
        // On a terminal, Enter alone redraws, picking up other windows' writes.
        guard interactive else { return .proceed }
      case .quit: return .quit
      case .help(let topic):
        // Paged: help can be taller than the terminal (REPLSession+Paging.swift).
        sayPaged(
          topic.map { HelpText.topic($0, in: calendar.language) }
            ?? HelpText.overview(in: calendar.language, width: drawnWidth ?? 80))
        return .proceed
      case .cancel:
        say(text.nothingToCancel)
        return .proceed
      case .next: try await calendar.showNext()
      case .previous: try await calendar.showPrevious()
      case .today: await calendar.showToday()
      case .go(let month): await calendar.show(month: month)
      case .goToDay(let day): await calendar.select(day: day)
      case .day(.dayOfShownMonth(let number)): try await calendar.selectDay(number: number)
      case .day(.date(let day)): await calendar.select(day: day)
      case .week: calendar.showWeek()
      case .month: calendar.showMonth()
      case .mode(let mode): calendar.setDisplayMode(mode)
      case .firstWeekday(let weekday): calendar.setFirstWeekday(weekday)
      case .add(let kind, let amount, let category, let memo, let date):
        try await addInOneLine(
          kind: kind, amount: amount, category: category, memo: memo, date: date)
      case .addForm: try await walk(coordinator.showAddForm())
      case .edit(let entry):
        let reference = try shownReference(entry)
        try await walk(opening { try await coordinator.showEditForm(for: reference) })
      case .delete(let entry): try await confirmDelete(try shownReference(entry))
      case .undo: try await undo()
      case .redo: try await redo()
      case .pick: try await pick()
      case .list(let page): list(page: page)
      case .report(let period): try await report(.totals, period)
      case .year:
        let year = coordinator.showYear(calendar.currentMonth.year)
        await year.load()
        if let failure = year.loadFailure { throw failure }
      case .budget(let request): try await budget(request)
      case .recurring(let command): try await perform(command)
      case .find(let request):
        let query = try request.query(currency: calendar.money.currency)
        try await coordinator.showSearch().search(query)
      case .open(let number): try await coordinator.search.open(number: number)
      case .categories(let period): try await showCategories(period)
      case .renameCategory(let from, let to): try await renameCategory(from, to: to)
      case .importFile(let path, let dryRun): try await importFile(path, dryRun: dryRun)
      case .mood(let request): try await mood(request)
      case .moodReport(let period): try await report(.moods, period)
      }
    } catch {
      // A screen this command opened shows nothing: the one before stays.
      coordinator.path.removeAll { $0.isScreen && !pathBefore.contains($0) }
      fail(text.messages.describe(any: error))
      return .proceed
    }
    if let shownScreen, !Self.continues(command, shownScreen) { leave(shownScreen) }
    await catchUp()
    await noteNewLedger()
    let screen = coordinator.top.map(Self.isDrawn) ?? false
    // Piped, the calendar was printed once at the start; a command prints only what it says
    // (its notes, or a screen of its own), and `month` or `week` prints the calendar again.
    if interactive || screen || Self.showsCalendar(command) { draw() }
    // A page interrupted by another window's write is drawn again first (see `run()`).
    if interruptedPage == nil { flushNotes() }
    return .proceed
  }

  /// Whether `route` is drawn instead of the calendar: a screen, or an import's preview (the
  /// REPL's `import --dry-run`, which is looked at and never confirmed).
  private static func isDrawn(_ route: Route) -> Bool {
    if case .importPreview = route { return true }
    return route.isScreen
  }

  /// Leaves a screen the commands moved away from: an import preview is cancelled (nothing was
  /// written), any other screen's route removed.
  private func leave(_ route: Route) {
    if case .importPreview(let preview) = route { return preview.cancel() }
    coordinator.path.removeAll { $0 == route }
  }

  /// Whether `command` goes on with the screen `route` shows (another page of it), so that the
  /// screen stays; any other command leaves it, and the calendar comes back.
  private static func continues(_ command: Command, _ route: Route) -> Bool {
    switch (command, route) {
    case (.list, .entryPage), (.list, .search), (.find, .search): true
    default: false
    }
  }

  /// `list N`: page N of the search's results while they are on screen, else of the selected
  /// day's entries (the page on screen turns; otherwise a page opens).
  private func list(page: Int) {
    switch coordinator.top {
    case .search(let search): search.show(page: page)
    case .entryPage(let entries): entries.show(page: page)
    default: coordinator.showEntryPage(page: page)
    }
  }

  /// `report [PERIOD]` and `report mood [PERIOD]`: the shown month's report, its year's, or
  /// another year's or month's.
  private func report(_ subject: ReportViewModel.Subject, _ period: PromptPeriod) async throws {
    let month = calendar.currentMonth
    let span = period.span(shown: month) ?? month...month
    let report = coordinator.showReport(of: span, subject: subject, budgets: budgets)
    await report.load()
    if let failure = report.loadFailure { throw failure }
  }

  /// Whether `command` asks for the calendar itself, so that a piped session prints it.
  private static func showsCalendar(_ command: Command) -> Bool {
    switch command {
    case .month, .week: true
    default: false
    }
  }

  private func addInOneLine(
    kind: TransactionKind, amount: String, category: String, memo: String, date: DayInput?
  ) async throws {
    let form = coordinator.showAddForm()
    form.setKind(kind)
    do {
      form.setDay(try date?.resolved(in: calendar.currentMonth) ?? calendar.selectedDay)
    } catch {
      form.refuse(.date, because: AppError(error))
    }
    // The amount needs the ledger's currency, so the form reads it (once); the rest are values.
    // What is refused is said by the save, in the form's order.
    form.enter(amount, for: .amount)
    form.setCategory(category)
    form.setMemo(memo)
    try await save(form)
  }

  // MARK: - The form, field by field

  /// Walks the form: each prompt shows its default (add) or starts pre-filled (edit); a bad value
  /// asks again with the reason; `cancel`, Ctrl-C or Ctrl-D leaves with nothing changed.
  /// - Parameter restarted: Whether the form walks again after another window changed the entry.
  private func walk(_ form: TransactionFormViewModel, restarted: Bool = false) async throws {
    say(restarted ? text.restarting : text.formIntro(editing: form.isEditing))
    for field in TransactionFormViewModel.Field.allCases {
      // After a refused value, the next prompt starts with that value on the line to fix.
      var refused: String?
      while true {
        let current = text.shown(form.editableText(of: field), of: field)
        let prefill = interactive ? refused ?? (form.isEditing ? current : "") : ""
        let offersDefault = refused == nil && prefill.isEmpty && !current.isEmpty
        let question =
          text.fieldLabel(field) + (offersDefault ? " [\(TerminalText.sanitized(current))]" : "")
          + ": "
        // Tab completes the field's value: the ledger's categories, the kinds, the days.
        await setCompletionContext(formField: field)
        guard
          let answer = answer(
            interactive ? question : "", prefill: prefill, replacingPrefill: refused != nil)
        else {
          form.cancel()
          return note(text.cancelled)
        }
        let value = answer.isEmpty && offersDefault ? current : answer
        guard let error = form.enter(value, for: field, shownMonth: calendar.currentMonth) else {
          break
        }
        fail(text.messages.describe(error))
        refused = value
      }
    }
    try await save(form)
  }

  /// One answer inside a form or picker, or `nil` when the user left: `cancel`, Ctrl-C or the
  /// end of input. Calendar keys do nothing here, and a resize asks again, with what was typed.
  func answer(_ prompt: String, prefill: String, replacingPrefill: Bool = false)
    -> String?
  {
    let offered = prefill
    var prefill = prefill
    var replacingPrefill = replacingPrefill
    while true {
      switch reader.read(prompt: prompt, prefill: prefill, replacingPrefill: replacingPrefill) {
      case .line(let text):
        return Self.isCancel(text, after: offered) ? nil : text
      case .interrupted, .endOfInput:
        return nil
      case .key(_, let line), .resized(let line), .changed(let line):
        replacingPrefill = replacingPrefill && line == prefill
        prefill = line
      }
    }
  }

  /// Whether a form answer asks to leave: the word `cancel` alone, or typed after the value the
  /// line started with (an edit form's field starts with its old value on the line, and the
  /// cursor at its end). A value that merely contains the word (`cancelled plans`) is a value.
  static func isCancel(_ line: String, after prefill: String) -> Bool {
    func isWord(_ text: Substring) -> Bool {
      String(text).trimmingSpaces.lowercased() == "cancel"
    }
    if isWord(Substring(line)) { return true }
    guard !prefill.isEmpty, line.hasPrefix(prefill) else { return false }
    return isWord(line.dropFirst(prefill.count))
  }

  private func save(_ form: TransactionFormViewModel) async throws {
    guard let edit = await form.save() else {
      if case .conflict(let conflict)? = form.refusal {
        // Nothing was written. At a terminal, walk the form again from the entry as it is now; a
        // script goes on with its next command rather than having its lines read as answers, and
        // an entry deleted elsewhere has nothing to edit. The message is thrown, not noted, so
        // that a terminal's redraw does not wipe it.
        guard interactive, form.restartFromCurrent() else {
          form.cancel()
          throw SessionMessage(description: text.conflict(conflict, .saving))
        }
        fail(text.conflict(conflict, .saving))
        return try await walk(form, restarted: true)
      }
      let reason = form.refusal?.error
      form.cancel()
      throw reason ?? AppError.other("the entry was not saved")
    }
    // Show where the entry now is, so an add or an edit to another day is seen at once.
    switch edit {
    case .added(let entry), .edited(_, let entry): await calendar.select(day: entry.day)
    case .deleted, .batch, .imported, .mood: break
    }
    note(describe(edit, .done))
    await noteBudgetNotice(after: edit)
  }

  // MARK: - Delete, undo, redo, pick

  /// Opens a form or question on an entry as it is stored now (see ``AppCoordinator``); when
  /// another window deleted the entry the list still shows, says so with the entry as it was.
  private func opening<Model>(_ open: () async throws -> Model) async throws -> Model {
    do {
      return try await open()
    } catch LedgerError.staleTransaction(let shown, nil) {
      throw SessionMessage(description: text.conflict(.deleted(shown), .opening))
    }
  }

  private func confirmDelete(_ reference: EntryReference) async throws {
    let confirmation = try await opening {
      try await coordinator.showDeleteConfirmation(for: reference)
    }
    let question = text.deleteQuestion(confirmation)
    if !interactive { write(question + "\n") }
    let reply = reader.readLine(prompt: interactive ? question : "", prefill: "") ?? ""
    guard SessionText.isYes(reply) else {
      confirmation.cancel()
      return note(text.kept)
    }
    guard let removed = await confirmation.confirm() else {
      // The store refused: the question is still open. The REPL asks once, so it leaves it and
      // says why.
      confirmation.cancel()
      if let conflict = confirmation.conflict {
        throw SessionMessage(description: text.conflict(conflict, .deleting))
      }
      if let error = confirmation.error { throw error }
      return
    }
    note(describe(.deleted(removed), .done))
  }

  private func undo() async throws {
    do {
      guard let edit = try await coordinator.undo() else { return note(text.nothingToUndo) }
      note(describe(edit, .undone))
    } catch LedgerError.editNoLongerApplies(let step, let current) {
      await calendar.refresh()
      throw SessionMessage(description: text.stepDropped(step, current: current, undoing: true))
    }
  }

  private func redo() async throws {
    do {
      guard let edit = try await coordinator.redo() else { return note(text.nothingToRedo) }
      note(describe(edit, .redone))
    } catch LedgerError.editNoLongerApplies(let step, let current) {
      await calendar.refresh()
      throw SessionMessage(description: text.stepDropped(step, current: current, undoing: false))
    }
  }

  private func pick() async throws {
    let picker = coordinator.showPicker()
    while true {
      let question = text.pickerQuestion(current: calendar.currentMonth)
      guard let answer = answer(interactive ? question : "", prefill: "") else {
        await picker.cancel()
        return
      }
      do {
        let fallback = picker.shown ?? calendar.currentMonth
        let month = try YearMonth(userInput: answer, defaultYear: fallback.year, fallback: fallback)
        return await picker.choose(month)
      } catch {
        fail(text.messages.describe(error))
      }
    }
  }

  // MARK: - Output

  private var notes: [String] = []

  func note(_ text: String) { notes.append(text) }

  func flushNotes() {
    for text in notes { say(text) }
    notes.removeAll()
  }

  private func describe(_ edit: LedgerEdit, _ step: SessionText.Step) -> String {
    TerminalText.sanitized(text.describe(edit, step))
  }

  private var prompt: String {
    interactive ? "\(calendar.currentMonth.iso)> " : ""
  }

  /// The width the last screen was drawn for: messages that follow it are broken to it.
  private var drawnWidth: Int?

  func draw() {
    let resumedPage = interruptedPage
    interruptedPage = nil
    if interactive { write("\u{1B}[H\u{1B}[2J") }
    let width = columns()
    drawnWidth = width
    // A width from the terminal means a terminal to ask for its height, when no `rows` was given.
    let height =
      interactive ? rows?() ?? width.flatMap { _ in Terminal.rows(environment: [:]) } : nil
    let columns = width ?? TerminalSize.standard.columns
    // The screen leaves a row for one message; more (an over-budget notice after "added …")
    // take their rows from the screen, so its top does not scroll away.
    let extraRows = notes.dropFirst().reduce(0) {
      $0 + max(1, TerminalText.wrapped($1, toWidth: columns).count)
    }
    let size = TerminalSize(columns: columns, rows: height.map { max(1, $0 - extraRows) })
    let renderer = CalendarRenderer(theme: theme, size: size)
    // Below the smallest size the screens are laid out for: one line that says so, instead of a
    // grid the terminal would wrap.
    if interactive, let tooSmall = text.windowTooSmall(columns: columns, rows: height) {
      return write(TerminalText.truncate(tooSmall, toWidth: columns) + "\n")
    }
    // Screens other than the calendar may be taller than the terminal: they page (Paging).
    if let top = coordinator.top, let screen = screenText(top, renderer: renderer) {
      return paged(screen, rows: size.rows, from: resumedPage ?? 0, followsLedger: true)
    }
    write(renderer.screen(calendar))
  }

  /// The text of the screen a route shows, or `nil` for the calendar: forms, questions and the
  /// picker ask on the prompt's line, under the calendar, and a screen not loaded shows nothing.
  /// An import preview (`import --dry-run`) is drawn as a screen: the REPL never confirms it.
  private func screenText(_ route: Route, renderer: CalendarRenderer) -> String? {
    let width = renderer.size.columns
    let language = calendar.language
    let money = calendar.money
    // A screen read again after another window's change that could not be read names why,
    // in place of what it showed (the calendar beneath would hide the failure).
    if let failure = route.readFailure {
      let label = language.session.errorLabel
      return fitted(label + TerminalText.sanitized(text.messages.describe(any: failure)))
        .map { theme.apply(.error, to: $0) + "\n" }.joined()
    }
    switch route {
    case .entryPage(let page):
      return renderer.entryPage(page).lines.joined(separator: "\n") + "\n"
    case .report(let report):
      if let moods = report.moodSpending, report.subject == .moods {
        return MoodReportRenderer(theme: theme, width: width, language: language, money: money)
          .lines(moods).map { $0 + "\n" }.joined()
      }
      return report.report.map {
        ReportRenderer(theme: theme, width: width, language: language, money: money)
          .text($0, budgets: report.budgets)
      }
    case .year(let year):
      return year.report.map {
        YearRenderer(
          theme: theme, width: width, language: language, money: money,
          firstWeekday: calendar.firstWeekday
        ).text($0, today: year.today)
      }
    case .budgets(let budgets):
      return budgets.status.map {
        BudgetRenderer(theme: theme, width: width, language: language, money: money).text($0)
      }
    case .search(let search):
      // The heading takes two rows and the hint one.
      search.fit(pageSize: renderer.rowBudget.map { max(1, $0 - 3) })
      return SearchRenderer(theme: theme, width: width, language: language, money: money)
        .page(search, number: search.paging.number, rows: renderer.rowBudget)
        .lines.joined(separator: "\n") + "\n"
    case .categories(let categories):
      return categories.list.map {
        CategoryListRenderer(theme: theme, width: width, language: language, money: money)
          .text($0)
      }
    case .recurringRules, .dueList:
      return (householdLines(route) ?? []).map { $0 + "\n" }.joined()
    case .importPreview(let preview):
      return importPreviewText(preview)
    case .transactionForm, .deleteConfirmation, .yearMonthPicker, .dayMood:
      return nil
    }
  }

  /// Writes text, each line broken at the terminal's width so that nothing wraps mid-word (or
  /// scrolls the calendar's title away unexpectedly).
  func say(_ text: String) {
    for line in fitted(text) { write(line + "\n") }
  }

  private func fail(_ text: String) {
    failures += 1
    let label = calendar.language.session.errorLabel
    for line in fitted(label + TerminalText.sanitized(text)) {
      write(theme.apply(.error, to: line) + "\n")
    }
  }

  /// The lines of `text`, each broken to the terminal's width when a person is reading one.
  func fitted(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard interactive, let width = drawnWidth else { return lines }
    return lines.flatMap { TerminalText.wrapped($0, toWidth: width, keepingLastClause: true) }
  }
}

/// A message for the user that ends a command without a change, already in their language.
struct SessionMessage: LocalizedMessage, CustomStringConvertible {
  let description: String

  func text(in catalog: any MessageCatalog) -> String { description }
}

extension String {
  var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }
}
