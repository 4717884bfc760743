import HannunDomain

/// Hannun's error sentences in English.
public struct EnglishMessages: MessageCatalog {
  /// `MessageCatalog`: how a sentence says a command; the command line's unless given.
  public let hints: CommandHintStyle
  /// The ledger's currency, whose own forms an amount error suggests; `nil` suggests the forms
  /// of every currency.
  public let currency: Currency?

  /// The English catalogue.
  /// - Parameters:
  ///   - hints: How a sentence that points to a command says it.
  ///   - currency: The ledger's currency, or `nil` when it is not known.
  public init(hints: CommandHintStyle = .commandLine, currency: Currency? = nil) {
    self.hints = hints
    self.currency = currency
  }

  /// `MessageCatalog`: always ``DisplayLanguage/english``.
  public var language: DisplayLanguage { .english }

  /// `MessageCatalog`: why the amount or currency was refused, in English, with examples.
  public func describe(_ error: AmountInputError) -> String {
    let forms =
      currency.map(AmountExamples.forms(for:))
      ?? ["12000", "12,000", "₩12,000", "$12.50", "3만5천", "1.5만"]
    let accepted =
      "for example " + forms.dropLast().joined(separator: ", ") + " or " + (forms.last ?? "")
    switch error {
    case .empty:
      return "the amount is missing; give a number greater than zero, \(accepted)"
    case .malformed(let text):
      return "'\(text)' is not an amount; use a number greater than zero, \(accepted)"
    case .notPositive(let text):
      return
        "'\(text)' is not greater than zero; amounts are positive (the kind says income or expense)"
    case .tooLarge(let text):
      return "'\(text)' is larger than the largest amount one entry may hold"
    case .tooManyDecimals(let text, let currency, let allowed):
      let places =
        allowed == 0
        ? "no decimal places" : "at most \(allowed) decimal place\(allowed == 1 ? "" : "s")"
      return "'\(text)' has too many decimal places: \(currency) amounts have \(places)"
    case .wrongCurrency(let text, let ledger):
      return "'\(text)' is in another currency; this ledger keeps amounts in \(ledger)"
    case .badCurrency(let text):
      return "'\(text)' is not a currency code Hannun knows; use the ISO 4217 code of a "
        + "circulating currency, such as KRW, USD, EUR or JPY"
    }
  }

  /// `MessageCatalog`: why a date, month or weekday was refused, in English, with the forms.
  public func describe(_ error: DateInputError) -> String {
    switch error {
    case .malformedDate(let text):
      "'\(text)' is not a date; use YYYY-MM-DD, for example 2025-11-03, or 2025.11.03, 11/3, "
        + "11월 3일, 3일, today, yesterday, 오늘, 어제"
    case .malformedMonth(let text):
      "'\(text)' is not a month; use YYYY-MM, for example 2025-11"
    case .malformedYear(let text):
      "'\(text)' is not a year; use YYYY, for example 2025"
    case .noSuchDay(let text):
      "\(text) does not exist: that month has \(Self.daysInMonth(of: text)) days"
    case .noSuchMonth(let text):
      "'\(text)' has no such month; months run from 01 to 12"
    case .outOfRange(let text):
      "\(text) is outside the supported range 1583-01-01 to 9999-12-31"
    case .navigationLimit(let month):
      "\(month.iso) is the \(month == YearMonth.supportedRange.lowerBound ? "first" : "last") "
        + "month Hannun supports; cannot go further"
    case .badFirstWeekday(let text):
      "'\(text)' is not a first weekday; use 1 (Sunday) to 7 (Saturday)"
    }
  }

  /// `MessageCatalog`: the broken rule in English, naming the field.
  public func describe(_ error: FieldInputError) -> String {
    switch error {
    case .emptyCategory:
      "the category is missing; give 1 to \(TransactionRules.categoryLimit) characters, "
        + "such as food or 식비"
    case .tooLong(let field, let limit, let count):
      "the \(field) has \(count) characters; at most \(limit) are allowed"
    case .controlCharacters(let field):
      "the \(field) contains a control character or line break; use plain text on one line"
    case .invisibleCategory:
      "the category holds only invisible characters (zero-width spaces, joiners, variation "
        + "selectors); give at least one visible character"
    case .badKind(let text):
      "'\(text)' is not a kind; use income or expense (수입 or 지출)"
    }
  }

  /// `MessageCatalog`: why the ledger refused or failed, in English, naming the file or entry.
  public func describe(_ error: LedgerError) -> String {
    switch error {
    case .totalOverflow:
      "the total is too large to compute exactly; check for mistyped amounts"
    case .unknownTransaction(let id):
      "no entry has the id '\(id)'"
    case .ambiguousTransaction(let id):
      "more than one entry has an id starting with '\(id)'; give more characters"
    case .duplicateTransaction(let id):
      "an entry with the id '\(id)' already exists"
    case .unreadableFile(let path, .missingMonthFile(let index)):
      // There is no file to leave untouched.
      "cannot read \(path): \(describe(.missingMonthFile(indexFolder: index))); nothing was changed"
    case .unreadableFile(let path, .symbolicLink):
      // A folder, not a file.
      "cannot read \(path): \(describe(.symbolicLink)); nothing was changed"
    case .unreadableFile(let path, let reason):
      "cannot read \(path): \(describe(reason)); the file was left untouched"
    case .unwritableFile(let path, let reason):
      "cannot write \(path): \(describe(reason)); nothing was changed"
    case .unfinishedWrite(let path, let reason, let journal):
      "cannot put \(path) in place: \(describe(reason)); the change is saved in \(journal), and "
        + "once that is mended the next command finishes it"
    case .currencyMismatch(let ledger, let requested):
      "this ledger keeps amounts in \(ledger); --currency \(requested) does not match"
    case .staleTransaction(let expected, nil):
      "the entry '\(expected.id)' was deleted elsewhere since it was read; nothing was changed"
    case .staleTransaction(let expected, .some):
      "the entry '\(expected.id)' was changed elsewhere since it was read; nothing was changed"
    case .editNoLongerApplies:
      "this step can no longer be applied because the entry was changed elsewhere; it was dropped"
    case .staleBudgets:
      "the budgets were changed elsewhere since they were read; nothing was changed. "
        + "Look at them again and retry"
    case .noBudget(let scope, let from):
      "\(scope.category.map { "the category '\($0)'" } ?? "the whole ledger") has no budget "
        + "from \(from.iso) on; nothing was changed"
    case .recurring(let error):
      describe(recurring: error)
    case .monthTotalOverflow(let month):
      "the totals of \(month.iso) are too large to compute exactly; check that month for "
        + "mistyped amounts"
    }
  }

  /// `MessageCatalog`: the unmatched list position or id in English.
  public func describe(_ error: EntryReferenceError) -> String {
    switch error {
    case .noSuchPosition(let position, let count):
      count == 0
        ? "the selected day has no entries; select a day with entries, or give an entry id"
        : "there is no entry \(position): the selected day has \(count) (1-\(count)), or give an id"
    }
  }

  /// `MessageCatalog`: which currency a new ledger keeps, why, and how to start again.
  public func newLedger(_ notice: NewLedgerNotice) -> String {
    let why =
      switch notice.reason {
      case .requested: "as asked"
      case .noLocale: "no locale is set, so the default"
      case .locale(let locale): "chosen from the locale \(locale)"
      }
    let again = hints.say(.startWithCurrency(notice.example.code), in: .english)
    return "Started a new ledger in \(notice.currency.code) (\(why)). To keep it in another "
      + "currency, remove \(notice.ledgerPath) and start again in that currency, for example "
      + "with \(again)."
  }

  /// `MessageCatalog`: what is wrong with a file, as it follows "cannot read PATH: ".
  public func describe(_ problem: FileProblem) -> String {
    switch problem {
    case .system(_, let text): text
    case .cannotCreateTemporary(_, let text): "cannot create a temporary file: \(text)"
    case .cannotLock(_, let text): "cannot lock the ledger: \(text)"
    case .cannotFlush(_, let text): "cannot flush to disk: \(text)"
    case .folderNotWritable(let folder, _, let text):
      "the folder \(folder) does not let Hannun create, rename or remove files in it (\(text)); "
        + "give write permission back to that folder, for example with "
        + "chmod u+w \(Self.shellWord(folder))"
    case .notRegularFile: "it is not a regular file"
    case .notAFolder: "it exists and is not a directory"
    case .fileWhereFolderBelongs: "it is a file, not a folder; give --data a folder for the ledger"
    case .folderDisappeared: "the folder disappeared"
    case .missingMetadata:
      "it is missing, but the ledger has month files; it records their currency, so Hannun "
        + "will not guess one. Restore it from a backup, or write "
        + #"{"schemaVersion":1,"currency":"KRW"}"# + " with the ledger's currency code"
    case .newerVersion(let version, let supported):
      "it was written by a newer Hannun (schema version \(version); this Hannun reads up to "
        + "\(supported)); update Hannun to use this ledger"
    case .unknownVersion(let version): "schema version \(version) is not a Hannun format"
    case .duplicateID(let id, let other): "the entry id '\(id)' is also stored in \(other)"
    case .unsafeJournal(let path): "it names '\(path)', which is not a file of the ledger"
    case .entryNotStorable(let id, let detail):
      "the entry '\(id)' cannot be stored: " + describe(detail)
    case .invalidContent(let fault): describe(fault)
    case .tooLarge(let size, let limit):
      "it is \(size) bytes, more than the \(limit) Hannun reads of one ledger file; it was not "
        + "read. Move it out of the ledger folder, or restore it from a backup"
    case .missingMonthFile(let index):
      "it is missing, but the ledger's index lists it, so its entries are lost, not absent. "
        + "Restore it from a backup; to accept the loss, remove the folder \(index)"
    case .monthFileInOtherYear(let place):
      "it is a month's file in another year's folder, where it is never read, so its entries are "
        + "missing from every view. Move it to \(place); if a file is already there, keep the one "
        + "with the right entries and move the other out of the ledger folder"
    case .symbolicLink:
      "it is a symbolic link; the ledger's folders must be real folders inside the data folder, "
        + "so that nothing is written elsewhere. Replace it with the folder it points to"
    case .symbolicLinkFile:
      "it is a symbolic link; Hannun replaces a ledger file whole on each write, which would "
        + "replace the link and leave the file it points to behind. Replace the link with the "
        + "file it points to"
    case .lockHeld(let holder?, let waited):
      "another process holds the ledger's lock: pid \(holder.processID) (\(holder.command)), "
        + "since \(LockText.clockTime(holder.clockTime)); it did not let go within "
        + "\(LockText.seconds(waited)) s. If that process is stopped (Ctrl-Z, a debugger), "
        + "resume it (fg) or end it, then try again"
    case .lockHeld(nil, let waited):
      "another process holds the ledger's lock and left no record of which (one reading it, or "
        + "an older Hannun); it did not let go within \(LockText.seconds(waited)) s. Wait for "
        + "other Hannun windows to finish or close them, then try again"
    case .journalMismatch(let file, let mismatch):
      "it records an interrupted write that cannot be finished safely: "
        + describe(mismatch, file: file)
        + ". Nothing was changed; look at these files, then move journal.json out of the "
        + "ledger folder to open the ledger as it is"
    }
  }

  /// What recovery found about `file` that the journal did not expect, in English.
  private func describe(_ mismatch: JournalMismatch, file: String) -> String {
    switch mismatch {
    case .pendingDamaged(let pending):
      "\(pending), the prepared copy of \(file), is not the one the journal recorded (its size "
        + "or checksum differ)"
    case .pendingMissing(let pending):
      "\(pending), the prepared copy of \(file), is missing, and \(file) is still as it was "
        + "before the write"
    case .targetChanged:
      "\(file) changed after the write began, and finishing it would overwrite or remove what "
        + "is there now"
    }
  }

  /// `MessageCatalog`: "something went wrong: …", then the error as the system describes it.
  public func describeUnknown(_ error: any Error) -> String {
    "something went wrong: \(error)"
  }

  /// `MessageCatalog`: "No comparison with 2026-10: ", then why that span could not be read.
  public func comparisonUnavailable(
    against span: ClosedRange<YearMonth>, because error: LedgerError
  ) -> String {
    let when = span.iso
    // A report changes nothing: the reason, without a refused command's ending.
    guard case .unreadableFile(let path, let reason) = error else {
      return "No comparison with \(when): \(describe(error))"
    }
    return "No comparison with \(when): cannot read \(path): \(describe(reason))"
  }

  /// `path` as one word of a shell command to copy: as it is when it holds only letters,
  /// digits and `/._-+,:@%=`, else in single quotes (a `'` in it written `'\''`).
  static func shellWord(_ path: String) -> String {
    let safe = "/._-+,:@%=".unicodeScalars
    let plain =
      !path.isEmpty
      && path.unicodeScalars.allSatisfy { scalar in
        (scalar.isASCII && scalar.properties.isAlphabetic)
          || ("0"..."9").contains(scalar) || safe.contains(scalar)
      }
    if plain { return path }
    return "'" + path.replacing("'", with: "'\\''") + "'"
  }

  /// The number of days of the month of a `YYYY-MM-DD` text, or "fewer".
  static func daysInMonth(of text: String) -> String {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count >= 2, (1...12).contains(parts[1]),
      let day = try? YearMonth(year: parts[0], month: parts[1])
    else { return "fewer" }
    return String(day.numberOfDays)
  }
}
