import HannunDomain

/// ``BackupMessages`` in Korean.
public struct KoreanBackupMessages: BackupMessages {
  /// The Korean sentences.
  public init() {}
  /// `BackupMessages`.
  public var nothingRestored: String { ". 아무것도 되살리지 않았습니다" }
  /// `BackupMessages`.
  public func unwritableStamp(_ entry: String) -> String {
    "항목 \(entry)의 기록 시각을 백업에 적을 수 없습니다 (1–9999년 밖)"
  }
  /// `BackupMessages`.
  public func notInREPL(_ name: String) -> String {
    "\(name)은(는) 한눈 백업입니다. 백업은 빈 장부에만 되살리므로 셸에서 되살리세요: "
      + "hannun import \(name) --data 새폴더"
  }
  /// `BackupMessages`.
  public var ledgerNotEmpty: String {
    "이 장부에는 이미 항목·예산·반복 규칙·기분이 있어 백업을 되살리지 않았습니다. 백업은 빈 장부에만 "
      + "되살립니다: 새 데이터 폴더를 --data로 주세요 (hannun import 파일 --data 새폴더). "
      + "아무것도 쓰지 않았습니다"
  }
  /// `BackupMessages`.
  public func currencyMismatch(ledger: String, backup: String) -> String {
    "장부의 통화는 \(ledger)인데 백업은 \(backup)입니다. 새 데이터 폴더(--data)에 되살리면 "
      + "백업의 통화를 씁니다. 아무것도 쓰지 않았습니다"
  }
  /// `BackupMessages`.
  public func unsettled(_ attempts: Int) -> String {
    "읽는 동안 다른 창이나 스크립트가 장부를 계속 바꿨습니다 (\(attempts)번 시도). 쓰기가 끝난 뒤 "
      + "다시 하세요"
  }
  /// `BackupMessages`.
  public func notJSON(line: Int, column: Int) -> String {
    "\(line)번째 줄 \(column)번째 글자: 올바른 JSON이 아닙니다 (파일이 잘렸거나 손상됨)"
  }
  /// `BackupMessages`.
  public var notABackup: String { "한눈 백업이 아닙니다 (\"format\":\"hannun-backup\"이 없음)" }
  /// `BackupMessages`.
  public func unsupportedVersion(_ version: String, supported: String) -> String {
    "백업 버전 \(version)은(는) 이 한눈이 읽는 버전(\(supported))이 아닙니다. 한눈을 새로 설치하세요"
  }
  /// `BackupMessages`.
  public func field(line: Int, place: String, reason: String) -> String {
    place.isEmpty ? "\(line)번째 줄: \(reason)" : "\(line)번째 줄 \(place): \(reason)"
  }
  /// `BackupMessages`.
  public var missing: String { "빠져 있습니다" }
  /// `BackupMessages`.
  public var unknownMember: String { "백업 형식에 없는 이름입니다 (오타?)" }
  /// `BackupMessages`.
  public var duplicateMember: String { "두 번 적혀 있습니다" }
  /// `BackupMessages`.
  public func wrongType(_ expected: BackupValueKind) -> String {
    let word =
      switch expected {
      case .object: "객체 {…}"
      case .array: "배열 […]"
      case .text: "문자열 \"…\""
      case .number: "숫자"
      case .textOrNull: "문자열이나 null"
      case .numberOrNull: "숫자나 null"
      }
    return "\(word)여야 합니다"
  }
  /// `BackupMessages`.
  public func notAKind(_ text: String) -> String { "\(text)은(는) income/expense가 아닙니다" }
  /// `BackupMessages`.
  public func notAStamp(_ text: String) -> String {
    "\(text)은(는) YYYY-MM-DDTHH:MM:SS.mmmZ 꼴의 시각이 아닙니다"
  }
  /// `BackupMessages`.
  public func notAMood(_ text: String, names: String) -> String {
    "\(text)은(는) 기분이 아닙니다 (\(names))"
  }
  /// `BackupMessages`.
  public func notASchedule(_ text: String) -> String {
    "\(text)은(는) 반복 주기가 아닙니다 (monthly 25, last-business-day, yearly 03-15, weekly fri)"
  }
  /// `BackupMessages`.
  public var endBeforeStart: String { "끝나는 날이 시작하는 날보다 앞섭니다" }
  /// `BackupMessages`.
  public func notADecision(_ text: String) -> String {
    "\(text)은(는) confirmed, skipped, changed 가운데 하나가 아닙니다"
  }
  /// `BackupMessages`.
  public func notACount(_ text: String) -> String { "\(text)은(는) 1 이상의 정수가 아닙니다" }
  /// `BackupMessages`.
  public func badEntryID(_ text: String) -> String {
    "\(text)은(는) 항목 id가 아닙니다 (비었거나 공백·제어 문자가 있음)"
  }
  /// `BackupMessages`.
  public func duplicateEntry(_ id: String) -> String { "항목 id \(id)이(가) 두 번 나옵니다" }
  /// `BackupMessages`.
  public func badRuleID(_ text: String) -> String { "\(text)은(는) 반복 규칙 id(r1, r2 …)가 아닙니다" }
  /// `BackupMessages`.
  public func duplicateRule(_ id: String) -> String { "반복 규칙 \(id)이(가) 두 번 나옵니다" }
  /// `BackupMessages`.
  public func decisionWithoutRule(_ rule: String) -> String {
    "백업에 없는 반복 규칙 \(rule)의 결정입니다"
  }
  /// `BackupMessages`.
  public func notAnOccurrence(_ rule: String, _ day: Day) -> String {
    "\(day.iso)은(는) 규칙 \(rule)이(가) 돌아오는 날이 아닙니다"
  }
  /// `BackupMessages`.
  public func duplicateDecision(_ rule: String, _ day: Day) -> String {
    "규칙 \(rule)의 \(day.iso) 결정이 두 번 나옵니다"
  }
  /// `BackupMessages`.
  public func duplicateBudget(_ category: String?, _ month: YearMonth) -> String {
    "\(category ?? "전체") 예산의 \(month.iso)부터 바뀜이 두 번 나옵니다"
  }
  /// `BackupMessages`.
  public func duplicateMood(_ day: Day) -> String { "\(day.iso)의 기분이 두 번 나옵니다" }
  /// `BackupMessages`.
  public func restored(_ counts: BackupCounts, dryRun: Bool) -> [String] {
    let grouped = BackupCounts.grouped
    var lines = [
      dryRun ? "되살릴 백업 (\(counts.currency)):" : "백업을 되살렸습니다 (\(counts.currency)):",
      "  항목 \(grouped(counts.entries))개, \(grouped(counts.months))개월",
      "  예산 바뀜 \(grouped(counts.budgets))개",
      "  반복 규칙 \(grouped(counts.rules))개, 결정 \(grouped(counts.decisions))개",
      "  기분 \(grouped(counts.moods))일",
    ]
    if dryRun { lines.append("아무것도 쓰지 않았습니다 (--dry-run)") }
    return lines
  }
}
