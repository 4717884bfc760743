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
    let korean = catalog.language == .korean
    switch self {
    case .unreadable(let error):
      return Self.describe(error, catalog)
        + (korean ? ". 아무것도 되살리지 않았습니다" : "; nothing was restored")
    case .refused(let error):
      return Self.describe(error, catalog)
    case .unwritable(.unwritableStamp(let id)):
      let shown = TerminalText.sanitized(id.rawValue)
      return korean
        ? "항목 \(shown)의 기록 시각을 백업에 적을 수 없습니다 (1–9999년 밖)"
        : "the stamp of entry \(shown) cannot be written to a backup (outside years 1–9999)"
    case .notInREPL(let path):
      let name = TerminalText.sanitized(path)
      return korean
        ? "\(name)은(는) 한눈 백업입니다. 백업은 빈 장부에만 되살리므로 셸에서 되살리세요: "
          + "hannun import \(name) --data 새폴더"
        : "\(name) is a Hannun backup, which restores only into an empty ledger; from the shell, "
          + "run hannun import \(name) --data NEW-FOLDER"
    }
  }

  private static func describe(_ error: BackupError, _ catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    switch error {
    case .ledgerNotEmpty:
      return korean
        ? "이 장부에는 이미 항목·예산·반복 규칙·기분이 있어 백업을 되살리지 않았습니다. 백업은 빈 장부에만 "
          + "되살립니다: 새 데이터 폴더를 --data로 주세요 (hannun import 파일 --data 새폴더). "
          + "아무것도 쓰지 않았습니다"
        : "this ledger already holds entries, budgets, recurring rules or moods, and a backup "
          + "restores only into an empty ledger: give a new data folder with --data (hannun "
          + "import FILE --data NEW-FOLDER); nothing was written"
    case .currencyMismatch(let ledger, let backup):
      return korean
        ? "장부의 통화는 \(ledger)인데 백업은 \(backup)입니다. 새 데이터 폴더(--data)에 되살리면 "
          + "백업의 통화를 씁니다. 아무것도 쓰지 않았습니다"
        : "the ledger is in \(ledger) and the backup in \(backup); restore it into a new data "
          + "folder (--data), which takes the backup's currency; nothing was written"
    case .unsettled(let attempts):
      return korean
        ? "읽는 동안 다른 창이나 스크립트가 장부를 계속 바꿨습니다 (\(attempts)번 시도). 쓰기가 끝난 뒤 "
          + "다시 하세요"
        : "another window or script kept changing the ledger while it was read (\(attempts) "
          + "tries); try again once it is done"
    case .invalid(let problem):
      return describe(problem, catalog)
        + (korean ? ". 아무것도 되살리지 않았습니다" : "; nothing was restored")
    }
  }

  private static func describe(_ error: BackupReadError, _ catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    switch error {
    case .notJSON(let line, let column):
      return korean
        ? "\(line)번째 줄 \(column)번째 글자: 올바른 JSON이 아닙니다 (파일이 잘렸거나 손상됨)"
        : "line \(line), column \(column): not valid JSON (the file is cut short or damaged)"
    case .notABackup:
      return korean
        ? "한눈 백업이 아닙니다 (\"format\":\"hannun-backup\"이 없음)"
        : "not a Hannun backup (no \"format\":\"hannun-backup\")"
    case .unsupportedVersion(let version):
      let shown = TerminalText.sanitized(version)
      return korean
        ? "백업 버전 \(shown)은(는) 이 한눈이 읽는 버전(\(BackupExport.version))이 아닙니다. "
          + "한눈을 새로 설치하세요"
        : "backup version \(shown) is not the one this Hannun reads (\(BackupExport.version)); "
          + "update Hannun"
    case .field(let path, let line, let problem):
      let place = TerminalText.sanitized(path)
      let reason = describe(problem, catalog)
      if place.isEmpty {
        return korean ? "\(line)번째 줄: \(reason)" : "line \(line): \(reason)"
      }
      return korean ? "\(line)번째 줄 \(place): \(reason)" : "line \(line), \(place): \(reason)"
    }
  }

  private static func describe(_ problem: BackupFieldProblem, _ catalog: any MessageCatalog)
    -> String
  {
    let korean = catalog.language == .korean
    func quoted(_ text: String) -> String { "'" + TerminalText.sanitized(text) + "'" }
    switch problem {
    case .missing: return korean ? "빠져 있습니다" : "is missing"
    case .unknownMember:
      return korean ? "백업 형식에 없는 이름입니다 (오타?)" : "is not part of the backup format (a typo?)"
    case .duplicateMember: return korean ? "두 번 적혀 있습니다" : "is given twice"
    case .wrongType(let expected):
      let word: String =
        switch (expected, korean) {
        case (.object, true): "객체 {…}"
        case (.array, true): "배열 […]"
        case (.text, true): "문자열 \"…\""
        case (.number, true): "숫자"
        case (.textOrNull, true): "문자열이나 null"
        case (.numberOrNull, true): "숫자나 null"
        case (.object, false): "an object {…}"
        case (.array, false): "an array […]"
        case (.text, false): "text \"…\""
        case (.number, false): "a number"
        case (.textOrNull, false): "text or null"
        case (.numberOrNull, false): "a number or null"
        }
      return korean ? "\(word)여야 합니다" : "must be \(word)"
    case .date(let error): return catalog.describe(error)
    case .amount(let error), .currency(let error): return catalog.describe(error)
    case .field(let error): return catalog.describe(error)
    case .kind(let text):
      return korean
        ? "\(quoted(text))은(는) income/expense가 아닙니다" : "\(quoted(text)) is not income or expense"
    case .stamp(let text):
      return korean
        ? "\(quoted(text))은(는) YYYY-MM-DDTHH:MM:SS.mmmZ 꼴의 시각이 아닙니다"
        : "\(quoted(text)) is not a stamp YYYY-MM-DDTHH:MM:SS.mmmZ"
    case .mood(let text):
      let names = Mood.allCases.map(\.rawValue).joined(separator: ", ")
      return korean
        ? "\(quoted(text))은(는) 기분이 아닙니다 (\(names))"
        : "\(quoted(text)) is not a mood (\(names))"
    case .schedule(let text):
      return korean
        ? "\(quoted(text))은(는) 반복 주기가 아닙니다 (monthly 25, last-business-day, yearly 03-15, "
          + "weekly fri)"
        : "\(quoted(text)) is not a schedule (monthly 25, last-business-day, yearly 03-15, "
          + "weekly fri)"
    case .endBeforeStart:
      return korean ? "끝나는 날이 시작하는 날보다 앞섭니다" : "the end comes before the start"
    case .decision(let text):
      return korean
        ? "\(quoted(text))은(는) confirmed, skipped, changed 가운데 하나가 아닙니다"
        : "\(quoted(text)) is not confirmed, skipped or changed"
    case .count(let text):
      return korean
        ? "\(quoted(text))은(는) 1 이상의 정수가 아닙니다" : "\(quoted(text)) is not a whole number from 1"
    case .rule(let problem): return describe(problem, catalog)
    }
  }

  private static func describe(_ problem: BackupProblem, _ catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    func quoted(_ text: String) -> String { "'" + TerminalText.sanitized(text) + "'" }
    switch problem {
    case .badEntryID(let text):
      return korean
        ? "\(quoted(text))은(는) 항목 id가 아닙니다 (비었거나 공백·제어 문자가 있음)"
        : "\(quoted(text)) is not an entry id (empty, or with spaces or control characters)"
    case .duplicateEntry(let id):
      return korean
        ? "항목 id \(quoted(id.rawValue))이(가) 두 번 나옵니다"
        : "entry id \(quoted(id.rawValue)) appears twice"
    case .badRuleID(let text):
      return korean
        ? "\(quoted(text))은(는) 반복 규칙 id(r1, r2 …)가 아닙니다"
        : "\(quoted(text)) is not a recurring rule id (r1, r2 …)"
    case .duplicateRule(let id):
      return korean
        ? "반복 규칙 \(quoted(id.rawValue))이(가) 두 번 나옵니다"
        : "recurring rule \(quoted(id.rawValue)) appears twice"
    case .decisionWithoutRule(let key):
      return korean
        ? "백업에 없는 반복 규칙 \(quoted(key.rule.rawValue))의 결정입니다"
        : "a decision about rule \(quoted(key.rule.rawValue)), which the backup does not hold"
    case .notAnOccurrence(let key):
      return korean
        ? "\(key.date.iso)은(는) 규칙 \(quoted(key.rule.rawValue))이(가) 돌아오는 날이 아닙니다"
        : "\(key.date.iso) is not a day of rule \(quoted(key.rule.rawValue))"
    case .duplicateDecision(let key):
      return korean
        ? "규칙 \(quoted(key.rule.rawValue))의 \(key.date.iso) 결정이 두 번 나옵니다"
        : "the decision about rule \(quoted(key.rule.rawValue)) on \(key.date.iso) appears twice"
    case .duplicateBudget(let scope, let month):
      let name = scope.category.map(quoted) ?? (korean ? "전체" : "total")
      return korean
        ? "\(name) 예산의 \(month.iso)부터 바뀜이 두 번 나옵니다"
        : "the \(name) budget change from \(month.iso) appears twice"
    case .duplicateMood(let day):
      return korean ? "\(day.iso)의 기분이 두 번 나옵니다" : "the mood of \(day.iso) appears twice"
    case .field(let error): return catalog.describe(error)
    }
  }
}
