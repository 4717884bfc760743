import HannunDomain

/// ``SessionMessages`` in Korean.
public struct KoreanSessionMessages: SessionMessages {
  /// The Korean session sentences.
  public init() {}

  /// `SessionMessages`.
  public func deleteQuestion(_ what: String) -> String { "\"\(what)\"을(를) 삭제할까요? [y/N] " }
  /// `SessionMessages`.
  public var hint: String { "help로 명령 목록을 봅니다. n/p 달 이동, day D 날짜 선택, add 기록, q 끝내기." }
  /// `SessionMessages`.
  public var nothingToCancel: String { "취소할 입력이 없습니다." }
  /// `SessionMessages`.
  public func formIntro(editing: Bool) -> String {
    editing
      ? "내역 수정 — 바꿀 곳만 고치세요. Enter는 그대로 두고, cancel은 그만둡니다."
      : "새 내역 — Enter는 [ ] 안의 값을 쓰고, cancel은 그만둡니다."
  }
  /// `SessionMessages`.
  public var windowTooSmall: String { "창을 40×20 이상으로 키워 주세요" }
  /// `SessionMessages`.
  public var cancelled: String { "취소했습니다. 바뀐 것은 없습니다." }
  /// `SessionMessages`.
  public var kept: String { "삭제하지 않았습니다." }
  /// `SessionMessages`.
  public var nothingToUndo: String { "되돌릴 것이 없습니다." }
  /// `SessionMessages`.
  public var nothingToRedo: String { "다시 할 것이 없습니다." }
  /// `SessionMessages`.
  public func fieldLabel(_ field: TransactionFormViewModel.Field) -> String {
    switch field {
    case .kind: "종류 (수입/지출)"
    case .amount: "금액"
    case .category: "분류"
    case .memo: "메모"
    case .date: "날짜 (YYYY-MM-DD)"
    }
  }
  /// `SessionMessages`: the kind in Korean, whatever was typed.
  public func shownKind(_ value: String, kind: TransactionKind) -> String {
    DisplayLanguage.korean.label(for: kind)
  }
  /// `SessionMessages`.
  public func pickerQuestion(current: YearMonth) -> String {
    "년-월 (YYYY-MM, 또는 1-12) [\(current.iso)]: "
  }
  /// `SessionMessages`.
  public func added(_ entry: String) -> String { "추가 \(entry)" }
  /// `SessionMessages`.
  public func changed(_ before: String, _ after: String) -> String { "수정 \(before) → \(after)" }
  /// `SessionMessages`.
  public func deleted(_ entry: String) -> String { "삭제 \(entry)" }
  /// `SessionMessages`.
  public func report(_ text: String, _ step: EditStep) -> String {
    switch step {
    case .done: text
    case .undone: "되돌림: \(text)"
    case .redone: "다시 함: \(text)"
    }
  }
  /// `SessionMessages`.
  public func conflict(_ entry: String, deleted: Bool, attempt: EntryAttempt) -> String {
    let verb = attempt == .deleting ? "삭제" : "저장"
    switch (deleted, attempt) {
    case (false, .opening): return "다른 창에서 이 내역이 바뀌었습니다. 지금 내역: \(entry)"
    case (true, .opening): return "다른 창에서 이 내역이 삭제되었습니다: \(entry)"
    case (false, _): return "다른 창에서 이 내역이 바뀌어 \(verb)하지 않았습니다. 지금 내역: " + entry
    case (true, _): return "다른 창에서 이 내역이 삭제되어 \(verb)하지 않았습니다: " + entry
    }
  }
  /// `SessionMessages`.
  public var restarting: String { "지금 내역에서 다시 고칩니다. Enter는 그대로 두고, cancel은 그만둡니다." }
  /// `SessionMessages`.
  public func stepDropped(_ edit: String, now: String?, undoing: Bool) -> String {
    "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(edit). "
      + (now.map { "다른 창에서 바뀐 지금 내역: \($0). " } ?? "다른 창에서 삭제되었습니다. ")
      + "\(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
  }
  /// `SessionMessages`.
  public func batchDropped(_ edit: String, now: String?, carries: Bool, undoing: Bool) -> String {
    let deleted =
      carries
      ? "다른 창에서 그 내역 하나가 삭제되었거나 그 예산이나 반복 규칙이 바뀌었습니다. "
      : "다른 창에서 그 내역 하나가 삭제되었습니다. "
    return "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(edit). "
      + (now.map { "다른 창에서 그 내역 하나가 바뀌었습니다: \($0). " } ?? deleted)
      + "아무것도 바뀌지 않았고, \(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
  }
  /// `SessionMessages`.
  public func moodDropped(_ edit: String, undoing: Bool) -> String {
    "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(edit). "
      + "다른 창에서 그날의 기분이 바뀌었습니다. "
      + "\(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
  }
  /// `SessionMessages`.
  public func summary(_ entry: Transaction, amount: String) -> String {
    let memo = entry.memo.isEmpty ? "" : " (\(entry.memo))"
    let kind = DisplayLanguage.korean.label(for: entry.kind)
    return "\(kind) \(amount) \(entry.category)\(memo) · \(entry.day.iso) #\(entry.id)"
  }
  /// `SessionMessages`.
  public func imported(added: Int, skipped: Int) -> String {
    "내역 \(added)건을 가져옴" + (skipped > 0 ? " (이미 있는 \(skipped)건은 건너뜀)" : "")
  }
  /// `SessionMessages`.
  public func moodEdit(_ day: Day, mood: Mood?, note: String) -> String {
    guard let mood else { return "\(day.iso) 기분 지움" }
    let note = note.isEmpty ? "" : " (\(note))"
    return "\(day.iso) 기분: \(mood.emoji) \(DisplayLanguage.korean.name(of: mood))\(note)"
  }
  /// `SessionMessages`.
  public func moodUnchanged(_ day: Day) -> String { "\(day.iso)의 기분은 이미 그대로입니다." }
  /// `SessionMessages`.
  public func morePrompt(shown: Int, of total: Int) -> String {
    "-- \(shown)/\(total)줄 · Enter 다음, q 그만 -- "
  }
  /// `SessionMessages`.
  public var errorLabel: String { "오류: " }
  /// `SessionMessages`.
  public func askCurrency(suggested: String) -> String {
    "새 가계부의 통화 (ISO 4217, 예: KRW, USD) [\(suggested)]: "
  }
}
