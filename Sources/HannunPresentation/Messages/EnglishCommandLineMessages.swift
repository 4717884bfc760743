import HannunDomain

/// ``CommandLineMessages`` in English.
public struct EnglishCommandLineMessages: CommandLineMessages {
  /// The English sentences.
  public init() {}

  /// `CommandLineMessages`.
  public func describe(_ refusal: CommandLineRefusal) -> String {
    switch refusal {
    case .unknownCommand(let word, let likely?):
      "'\(word)' is not a hannun command; for that, hannun \(likely) (hannun --help lists them all)"
    case .unknownCommand(let word, nil):
      "'\(word)' is not a hannun command; hannun --help lists them"
    case .sessionOnly(let word) where word.lowercased() == "redo":
      "'\(word)' works in hannun's calendar (hannun with no command), after an undo there; a "
        + "one-shot command keeps no history to redo: make the change again with hannun add or "
        + "hannun edit ID"
    case .sessionOnly(let word):
      "'\(word)' works in hannun's calendar (hannun with no command), on the changes made there; "
        + "a one-shot command keeps no history to \(word.lowercased()): hannun delete ID takes back "
        + "an entry you added, hannun edit ID sets back what you changed"
    case .addNeedsAmount:
      "add needs an amount, for example hannun add --expense 12000 --category food"
    case .addNeedsCategory: "add needs --category, for example --category food"
    case .addExtra(let words, let category?, let memo?):
      "'\(words)' is more than add takes (one amount); a category goes after --category and a "
        + "memo after --memo: \(category) \(memo)"
    case .addExtra(let words, let category?, nil):
      "'\(words)' is more than add takes (one amount); a category goes after --category: "
        + category
    case .addExtra(let words, nil, let memo?):
      "'\(words)' is more than add takes (one amount); a memo goes after --memo: \(memo)"
    case .addExtra(let words, nil, nil):
      "'\(words)' is more than add takes (one amount, with --category and --memo); remove it"
    case .addOptionsAfterTerminator(let words):
      "'\(words)' came after --, which ends the options: words after it are not read as "
        + "options. Put the options before --"
    case .editNeedsChange:
      "edit needs something to change: --income or --expense, --amount, --category, --memo "
        + "or --date"
    case .needsEntryID(let command):
      "\(command) needs the entry's id, for example hannun \(command) k3v9x2"
        + (command == "edit" ? " --amount 15000" : "")
        + "; day and find show each entry's id after #, and its first letters are enough"
    case .needsRuleID(let command):
      "recurring \(command) needs the rule's id, for example hannun recurring \(command) r1"
        + (command == "edit" ? " --amount 700000" : "") + "; hannun recurring lists the rules"
    case .renameNeedsNames:
      "category rename needs the category's name and its new one, for example "
        + "hannun category rename food groceries (quote a name with spaces)"
    case .importNeedsFile:
      "import needs a file, for example hannun import statement.csv: a bank's CSV statement "
        + "or an hledger/ledger journal"
    case .reportOneSpan: "report takes one of a month, --year, or --from with --to"
    case .reportNeedsBothEnds:
      "--from and --to go together, for example --from 2025-01 --to 2025-06"
    case .reportBackwards(let from, let to):
      "--from \(from) comes after --to \(to); give the earlier month to --from"
    case .budgetSetNeedsAmount:
      "budget set needs an amount, for example hannun budget set 300000 --category food"
    case .budgetShowTakesNoOptions:
      "--category and --from go with budget set and budget remove; to look, hannun budget [YYYY-MM]"
    case .budgetUnknownAction(let word): "'\(word)' is not a month (YYYY-MM), set or remove"
    case .budgetExtra(let words):
      "'\(words)' is more than budget takes: set AMOUNT [CATEGORY], remove [CATEGORY] or a month"
        + " YYYY-MM, for example hannun budget set 300000 food"
    case .budgetCategoryTwice(let word, let option):
      "the category is given twice, '\(word)' and --category \(option); give it once, for example"
        + " hannun budget set 300000 \(word)"
    case .moodNeedsMood: "--note needs a mood, for example hannun mood joy --note payday"
    case .moodClearTakesNoNote: "--clear takes no --note"
    case .moodClearTakesNoMood:
      "--clear takes only a date, for example hannun mood 2025-11-03 --clear"
    case .moodNeitherMoodNorDay(let word):
      "'\(word)' is neither a mood nor a date: give a mood ("
        + Mood.allCases.map(\.englishName).joined(separator: ", ")
        + ", a Korean name or the emoji), or a date such as 2025-11-03 to show that day's"
    case .moodExtra(let words):
      "'\(words)' is more than mood takes: a date and a mood, for example hannun mood 2025-11-03"
        + " joy (a note goes in --note)"
    case .exportUnknownFormat(let format):
      "'\(format)' is not a format; use --format csv, journal or json"
    case .exportNeedsFormat(let output):
      "say which format with --format csv, journal or json"
        + (output.map { " ('\($0)' does not end in .csv, .journal, .ledger or .json)" } ?? "")
    case .exportBOMNeedsCSV: "--bom goes with --format csv only"
    case .exportBackwards(let from, let to):
      "--from \(from) comes after --to \(to); give the earlier day to --from"
    case .exportCannotWrite(let path, let reason):
      "cannot write \(path): \(reason); nothing was changed"
    case .exportInsideData(let path, let data):
      "\(path) is inside the data folder \(data), "
        + "where it could overwrite the ledger's own files; nothing was written. Give --output a "
        + "path outside it"
    case .categoriesOnePeriod:
      "categories takes one of a month, --year, --from with --to, or --all"
    case .recurringNeedsSchedule:
      "a schedule is needed: one of --monthly 25, --last-business-day, --yearly 03-15, "
        + "--weekly fri"
    case .recurringOneSchedule: "give one schedule only"
    case .recurringNeedsAmount:
      "an amount is needed, for example hannun recurring add --monthly 25 650000 --category rent"
    case .recurringEditNeedsChange:
      "edit needs something to change: a schedule, --income or --expense, --amount, "
        + "--category, --memo, --from, --until or --no-end"
    case .recurringNeedsOccurrence:
      "a rule and a date are needed, for example r1 2025-11-25 (see hannun due)"
    case .recurringConfirmAllOrOne: "give --all or a rule and a date, not both"
    case .recurringChangeNeedsChange: "change needs something to change: --amount, --memo or --on"
    case .serveBadListenAddress(let text):
      "--listen '\(text)' is not an address; give HOST:PORT, for example 127.0.0.1:8080 or "
        + "0.0.0.0:8080"
    case .serveCannotListen(let address, let reason, let instead):
      "cannot listen on \(address): \(listenReason(reason)), for example --listen \(instead)"
    case .serveUnreadableTokenFile(let path, let reason):
      "cannot read the token file \(path): \(reason)"
    case .serveCannotWriteTokenFile(let path, let reason):
      "cannot create the token file \(path): \(reason)"
    case .serveTokenFileNotPrivate(let path, let mode):
      "the token file \(path) can be read or changed by other users (mode \(mode)); "
        + "make it private with chmod 600 \(path)"
    case .serveWeakToken(let path, let bits, let minimum):
      "the token in \(path) is too easy to guess: about \(bits) bits, and at least "
        + "\(minimum) are needed (32 or more random hex digits, for example "
        + "openssl rand -hex 32 > \(path))"
    case .serveUnknownDevice(let id):
      "--revoke \(id): no device has that id; use an id that hannun serve --devices lists. "
        + "Nothing was changed"
    case .serveServerMissing(let path):
      "hannun serve runs hannun-serve, beside hannun: cannot run \(path); install hannun-serve "
        + "in the same folder as hannun (swift build builds both)"
    case .replMissing(let path):
      "hannun's interactive calendar runs in hannun-repl, beside hannun: cannot run \(path); "
        + "install hannun-repl in the same folder as hannun (swift build builds both)"
    }
  }

  /// `CommandLineMessages`.
  public func negativeAmount(_ amount: String, budget: Bool) -> String {
    budget
      ? "'\(amount)' is not an amount greater than zero; a budget is a positive limit"
      : "'\(amount)' is not an amount greater than zero; amounts are positive, and "
        + "--income or --expense gives the direction"
  }

  /// `CommandLineMessages`.
  public func seeHelp(_ command: String) -> String { " (see \(command) --help)" }

  /// `CommandLineMessages`.
  public func serving(at address: String) -> String {
    "hannun serve: the calendar is at http://\(address)/ (Ctrl-C to stop)"
  }

  /// `CommandLineMessages`.
  public func alsoServing(at address: String) -> String { "  also at http://\(address)/" }

  /// `CommandLineMessages`.
  public func signInToken(in tokenFile: String) -> String {
    "Sign in with the token in \(tokenFile); keep it to yourself"
  }

  /// `CommandLineMessages`.
  public func pairWith(_ address: String, code: String) -> String {
    "To pair a phone, scan this code or open \(address) and type \(code) "
      + "(once, within 10 minutes; Enter for a new code)"
  }

  /// `CommandLineMessages`.
  public func paired(_ name: String) -> String { "Paired \(name.isEmpty ? "a device" : name)" }

  /// `CommandLineMessages`.
  public func device(_ id: String, name: String, since: String, until: String) -> String {
    "\(id)  \(name.isEmpty ? "no name" : name)  since \(since), until \(until)"
  }

  /// `CommandLineMessages`.
  public var noDevices: String { "No devices are signed in" }

  /// `CommandLineMessages`.
  public func revoked(_ id: String, name: String) -> String {
    "Signed out \(id) (\(name.isEmpty ? "no name" : name)) for good; it must pair again"
  }

  /// `CommandLineMessages`.
  public func noMood(on day: Day) -> String { "\(day.iso) no mood" }

  /// Why `serve` could not listen, ending with what to give instead.
  private func listenReason(_ reason: ListenProblem) -> String {
    switch reason {
    case .inUse:
      "another program (perhaps another hannun serve) is using that port; give another"
    case .notPermitted:
      "a port under 1024 needs rights this user does not have; give one of 1024 or more"
    case .notThisMachine:
      "this machine has no such address; give one of its own, or 0.0.0.0 for all of them"
    case .unknownHost:
      "no host has that name; give an address"
    }
  }
}
