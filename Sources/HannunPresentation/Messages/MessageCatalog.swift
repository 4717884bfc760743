import HannunDomain

/// Every sentence about an error that Hannun shows, in one language. Domain and Data produce
/// error values; a catalogue turns them into words, and the frontend decides how to show them.
/// To add a language, add a catalogue and a ``DisplayLanguage`` case; Domain does not change.
///
/// Text from the ledger or from the user is quoted as given: a frontend escapes it for its
/// medium (``TerminalText`` in the terminal, HTML escaping on a page).
public protocol MessageCatalog: Sendable {
  /// The catalogue's language, for frontends that add sentences of their own.
  var language: DisplayLanguage { get }
  /// Why an amount or currency was refused, with what is accepted.
  func describe(_ error: AmountInputError) -> String
  /// Why a date, month or weekday was refused, with what is accepted.
  func describe(_ error: DateInputError) -> String
  /// Why a kind, category or memo was refused.
  func describe(_ error: FieldInputError) -> String
  /// Why the ledger refused or failed a read or write.
  func describe(_ error: LedgerError) -> String
  /// What is wrong with a file of the ledger, to follow its path.
  func describe(_ problem: FileProblem) -> String
  /// Why a position in the selected day's list names no entry.
  func describe(_ error: EntryReferenceError) -> String
  /// Said when a write created a new ledger, so its currency is never chosen silently: which
  /// currency, why, and how to start again in another (remove the folder, write again with
  /// `--currency`, an option every frontend's start takes).
  func newLedger(_ notice: NewLedgerNotice) -> String
  /// Why a category could not be renamed or merged.
  func describe(_ error: CategoryRenameError) -> String
  /// What a category rename did, starting in lower case (a frontend may put `Undid: ` before it):
  /// `renamed category 식당 to 식비 (12 entries)`, or `merged 12 entries of 식당 into 식비`.
  /// - Parameters:
  ///   - from: The old category.
  ///   - to: The new one.
  ///   - merged: Whether `to` was already in use, so the two became one.
  ///   - entries: How many entries changed.
  ///   - budgets: How many budget changes ("from M the limit is L") moved with it.
  ///   - rules: How many recurring rules moved with it.
  func categoryRenamed(
    from: String, to: String, merged: Bool, entries: Int, budgets: Int, rules: Int
  ) -> String
  /// An error no catalogue knows (a bug, or a system failure without a value of its own).
  func describeUnknown(_ error: any Error) -> String
  /// Said where a report's change against the span before would be, when that span could not
  /// be read: which span, and why (the sentence a read of it is refused with). The report of its
  /// own span still shows.
  /// - Parameters:
  ///   - span: The span before.
  ///   - error: Why it could not be read.
  func comparisonUnavailable(against span: ClosedRange<YearMonth>, because error: LedgerError)
    -> String
  /// How a sentence that points to a command says it: the frontend's own commands.
  var hints: CommandHintStyle { get }
}

extension MessageCatalog {
  /// Any error, by its type: the typed overloads for Hannun's errors, ``describeUnknown(_:)``
  /// for anything else.
  /// - Parameter error: What was thrown.
  /// - Returns: One line in the catalogue's language, without a final newline.
  public func describe(any error: any Error) -> String {
    switch error {
    case let error as AmountInputError: describe(error)
    case let error as DateInputError: describe(error)
    case let error as FieldInputError: describe(error)
    case let error as LedgerError: describe(error)
    case let error as EntryReferenceError: describe(error)
    case let error as AppError: describe(error)
    case let error as CategoryRenameError: describe(error)
    case let error as LocalizedMessage: error.text(in: self)
    default: describeUnknown(error)
    }
  }
}

/// An error a layer above Presentation defines (a frontend's own parse errors) that knows how to
/// say itself with a catalogue's help.
public protocol LocalizedMessage: Error {
  /// The message in the language of `catalog`.
  /// - Parameter catalog: The catalogue of the user's language.
  func text(in catalog: any MessageCatalog) -> String
}

extension DisplayLanguage {
  /// The catalogue of this language, naming the one-shot command line's commands.
  public var messages: any MessageCatalog { messages(hints: .commandLine) }

  /// The catalogue of this language for a frontend that names its own commands, and for a
  /// ledger whose currency is known.
  /// - Parameters:
  ///   - hints: How the frontend says a command: the REPL passes `.repl`.
  ///   - currency: The ledger's currency: amount errors suggest its forms; `nil` when unknown.
  /// - Returns: The catalogue.
  public func messages(
    hints: CommandHintStyle = .commandLine, currency: Currency? = nil
  ) -> any MessageCatalog {
    switch self {
    case .korean: KoreanMessages(hints: hints, currency: currency)
    case .english: EnglishMessages(hints: hints, currency: currency)
    }
  }
}
