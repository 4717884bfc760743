import HannunDomain

/// Where a message points the user for what to do next, as a value: each frontend says it in its
/// own words (``CommandHintStyle``), so that a shared sentence never names another frontend's
/// command.
public enum CommandHint: Hashable, Sendable {
  /// The list of recurring rules: `hannun recurring list`, or `recurring` in the REPL.
  case recurringList
  /// The due occurrences: `hannun due`, or `due` in the REPL.
  case dueList
  /// Removing a budget from a month on: `hannun budget remove --category C --from M`, or
  /// `budget remove C --from M` in the REPL.
  case removeBudget(category: String, from: YearMonth)
  /// Every category the ledger uses: `hannun categories --all`, or `categories all` in the REPL.
  case allCategories
  /// Adding a recurring rule: `hannun recurring add`, or `recurring add` in the REPL.
  case addRecurringRule
  /// Setting a budget, with an example amount and category in the sentence's language:
  /// `hannun budget set 30만 --category 식비`, or `budget set 30만 식비` in the REPL.
  case setBudget(amount: String, category: String)
  /// Opening a month: `hannun month YYYY-MM`, or `go YYYY-MM` in the REPL.
  case openMonth
  /// Noting a day's mood, with an example mood in the sentence's language: `hannun mood 기쁨`, or
  /// `mood 기쁨` in the REPL.
  case noteMood(String)
  /// How a rule's schedule is written: `--monthly 25` on the command line, `monthly 25` in the
  /// REPL, the schedule's choice on the web's form.
  case schedule(RecurrenceSchedule)
  /// Where an import's format is given: `--format` on the command line (the REPL's `import`
  /// takes none, so it says the command line's), the format choice of the web's import page.
  case importFormat
  /// Naming the header of a CSV column an import did not find, with a placeholder for the header
  /// in the sentence's language: `--map amount=HEADER` (the REPL says the command line's), the
  /// column choices of the web's import page.
  case mapColumn(field: String, header: String)
  /// Starting a new ledger in another currency, given by its code: `--currency USD` on the
  /// command line, `hannun --currency USD` (the REPL started again) in the REPL, and
  /// `hannun serve --currency USD` (the server started again) on the web.
  case startWithCurrency(String)
}

/// How a frontend says a ``CommandHint``: the commands it offers, or the web's pages.
public enum CommandHintStyle: Hashable, Sendable {
  /// The one-shot command line: `hannun recurring list`.
  case commandLine
  /// The REPL's commands, typed at its prompt: `recurring`.
  case repl
  /// The web pages: the page that does it, by its title (`the Recurring page`).
  case web

  /// The hint as this frontend's command, or for the web the page (or the form's choice) that
  /// does it, to be quoted in a sentence. What the REPL has no command for (an import's format
  /// or columns) it says as the one-shot command line's, which a person can run beside it.
  /// - Parameters:
  ///   - hint: Where the message points.
  ///   - language: The sentence's language, which names the web's pages.
  /// - Returns: A command the user can type, in this frontend's syntax, or the web page's name.
  public func say(_ hint: CommandHint, in language: DisplayLanguage) -> String {
    switch self {
    case .commandLine: Self.commandLine(hint)
    case .repl: Self.repl(hint)
    case .web: Self.web(hint, in: language)
    }
  }

  private static func commandLine(_ hint: CommandHint) -> String {
    switch hint {
    case .recurringList: "hannun recurring list"
    case .dueList: "hannun due"
    case .removeBudget(let category, let month):
      "hannun budget remove --category \(category) --from \(month.iso)"
    case .allCategories: "hannun categories --all"
    case .addRecurringRule: "hannun recurring add"
    case .setBudget(let amount, let category):
      "hannun budget set \(amount) --category \(category)"
    case .openMonth: "hannun month YYYY-MM"
    case .noteMood(let mood): "hannun mood \(mood)"
    case .schedule(let schedule): "--" + schedule.text
    case .importFormat: "--format"
    case .mapColumn(let field, let header): "--map \(field)=\(header)"
    case .startWithCurrency(let code): "--currency \(code)"
    }
  }

  private static func repl(_ hint: CommandHint) -> String {
    switch hint {
    case .recurringList: "recurring"
    case .dueList: "due"
    case .removeBudget(let category, let month): "budget remove \(category) --from \(month.iso)"
    case .allCategories: "categories all"
    case .addRecurringRule: "recurring add"
    case .setBudget(let amount, let category): "budget set \(amount) \(category)"
    case .openMonth: "go YYYY-MM"
    case .noteMood(let mood): "mood \(mood)"
    case .schedule(let schedule): schedule.text
    case .importFormat: "hannun import FILE --format"
    case .mapColumn(let field, let header): "hannun import FILE --map \(field)=\(header)"
    case .startWithCurrency(let code): "hannun --currency \(code)"
    }
  }

  /// The web's words for a hint: the page that does it, or the choice of the form that does.
  private static func web(_ hint: CommandHint, in language: DisplayLanguage) -> String {
    switch hint {
    case .schedule(let schedule):
      language.scheduleChoice(String(schedule.text.prefix { $0 != " " }))
    case .importFormat: language.importPageChoice(.format)
    case .mapColumn: language.importPageChoice(.columns)
    case .startWithCurrency(let code): "hannun serve --currency \(code)"
    default: language.webPlace(of: webPage(hint))
    }
  }

  /// The web page that does what `hint` points to.
  private static func webPage(_ hint: CommandHint) -> WebPage {
    switch hint {
    case .recurringList, .dueList, .addRecurringRule: .recurring
    case .removeBudget, .setBudget: .budgets
    case .allCategories: .categories
    case .openMonth, .noteMood, .schedule: .calendar
    case .importFormat, .mapColumn: .importFile
    case .startWithCurrency: .calendar
    }
  }
}

/// A page of the web frontend a hint can point to.
enum WebPage {
  case calendar, budgets, recurring, categories, importFile
}

/// A choice of the web's import page a hint can point to.
enum ImportPageChoice {
  case format, columns
}

extension DisplayLanguage {
  /// A web page named in a sentence: `반복 항목 페이지`, `the Recurring page`.
  fileprivate func webPlace(of page: WebPage) -> String {
    let title =
      switch page {
      case .calendar: calendarTitle
      case .budgets: budgetsTitle
      case .recurring: recurringTitle
      case .categories: categoriesTitle
      case .importFile: self == .korean ? "가져오기" : "Import"
      }
    return switch self {
    case .korean: "\(title) 페이지"
    case .english: "the \(title) page"
    }
  }

  /// A choice of the web's import page named in a sentence: `가져오기 페이지의 형식 선택`,
  /// `the format choice on the Import page`.
  fileprivate func importPageChoice(_ choice: ImportPageChoice) -> String {
    let page = webPlace(of: .importFile)
    return switch (choice, self) {
    case (.format, .korean): "\(page)의 형식 선택"
    case (.format, .english): "the format choice on \(page)"
    case (.columns, .korean): "\(page)의 열 선택"
    case (.columns, .english): "the column choices on \(page)"
    }
  }
}
