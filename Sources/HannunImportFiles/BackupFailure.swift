import HannunDomain
import HannunExchange
import HannunPresentation

/// Why a backup was not written or not restored, in the user's language; nothing was written.
public enum BackupFailure: LocalizedMessage, Equatable {
  /// The file is not a backup Hannun can restore.
  case unreadable(BackupReadError)
  /// The ledger refused it, or the backup could not be taken.
  case refused(BackupError)
  /// An entry's stamp is outside what the format holds.
  case unwritable(BackupWriteError)
  /// The REPL restores no backups: `hannun import` does, into a new data folder.
  case notInREPL(String)

  /// Whether the user can fix it (exit status 2): everything but a ledger that kept changing.
  public var isInputError: Bool {
    switch self {
    case .refused(.unsettled), .unwritable: false
    default: true
    }
  }

  /// The message in the user's language.
  /// - Parameter catalog: The user's catalogue.
  /// - Returns: One line.
  public func text(in catalog: any MessageCatalog) -> String {
    let words = catalog.language.backups
    switch self {
    case .unreadable(let error):
      return Self.describe(error, catalog) + words.nothingRestored
    case .refused(let error):
      return Self.describe(error, catalog)
    case .unwritable(.unwritableStamp(let id)):
      return words.unwritableStamp(InertText.sanitized(id.rawValue))
    case .notInREPL(let path):
      return words.notInREPL(InertText.sanitized(path))
    }
  }

  private static func describe(_ error: BackupError, _ catalog: any MessageCatalog) -> String {
    let words = catalog.language.backups
    switch error {
    case .ledgerNotEmpty: return words.ledgerNotEmpty
    case .currencyMismatch(let ledger, let backup):
      return words.currencyMismatch(ledger: "\(ledger)", backup: "\(backup)")
    case .unsettled(let attempts): return words.unsettled(attempts)
    case .invalid(let problem): return describe(problem, catalog) + words.nothingRestored
    }
  }

  private static func describe(_ error: BackupReadError, _ catalog: any MessageCatalog) -> String {
    let words = catalog.language.backups
    switch error {
    case .notJSON(let line, let column): return words.notJSON(line: line, column: column)
    case .notABackup: return words.notABackup
    case .unsupportedVersion(let version):
      return words.unsupportedVersion(
        InertText.sanitized(version), supported: "\(BackupExport.version)")
    case .field(let path, let line, let problem):
      return words.field(
        line: line, place: InertText.sanitized(path), reason: describe(problem, catalog))
    }
  }

  private static func describe(_ problem: BackupFieldProblem, _ catalog: any MessageCatalog)
    -> String
  {
    let words = catalog.language.backups
    func quoted(_ text: String) -> String { "'" + InertText.sanitized(text) + "'" }
    switch problem {
    case .missing: return words.missing
    case .unknownMember: return words.unknownMember
    case .duplicateMember: return words.duplicateMember
    case .wrongType(let expected):
      let kind: BackupValueKind =
        switch expected {
        case .object: .object
        case .array: .array
        case .text: .text
        case .number: .number
        case .textOrNull: .textOrNull
        case .numberOrNull: .numberOrNull
        }
      return words.wrongType(kind)
    case .date(let error): return catalog.describe(error)
    case .amount(let error), .currency(let error): return catalog.describe(error)
    case .field(let error): return catalog.describe(error)
    case .kind(let text): return words.notAKind(quoted(text))
    case .stamp(let text): return words.notAStamp(quoted(text))
    case .mood(let text):
      return words.notAMood(
        quoted(text), names: Mood.allCases.map(\.rawValue).joined(separator: ", "))
    case .schedule(let text): return words.notASchedule(quoted(text))
    case .endBeforeStart: return words.endBeforeStart
    case .decision(let text): return words.notADecision(quoted(text))
    case .count(let text): return words.notACount(quoted(text))
    case .rule(let problem): return describe(problem, catalog)
    }
  }

  private static func describe(_ problem: BackupProblem, _ catalog: any MessageCatalog) -> String {
    let words = catalog.language.backups
    func quoted(_ text: String) -> String { "'" + InertText.sanitized(text) + "'" }
    switch problem {
    case .badEntryID(let text): return words.badEntryID(quoted(text))
    case .duplicateEntry(let id): return words.duplicateEntry(quoted(id.rawValue))
    case .badRuleID(let text): return words.badRuleID(quoted(text))
    case .duplicateRule(let id): return words.duplicateRule(quoted(id.rawValue))
    case .decisionWithoutRule(let key): return words.decisionWithoutRule(quoted(key.rule.rawValue))
    case .notAnOccurrence(let key):
      return words.notAnOccurrence(quoted(key.rule.rawValue), key.date)
    case .duplicateDecision(let key):
      return words.duplicateDecision(quoted(key.rule.rawValue), key.date)
    case .duplicateBudget(let scope, let month):
      return words.duplicateBudget(scope.category.map(quoted), month)
    case .duplicateMood(let day): return words.duplicateMood(day)
    case .field(let error): return catalog.describe(error)
    }
  }
}
