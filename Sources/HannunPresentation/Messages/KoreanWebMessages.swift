import HannunDomain

/// ``WebMessages`` in Korean.
public struct KoreanWebMessages: WebMessages {
  /// The Korean sentences.
  public init() {}

  /// `WebMessages`.
  public var appName: String { "한눈" }
  /// `WebMessages`.
  public var previous: String { "이전" }
  /// `WebMessages`.
  public var next: String { "다음" }
  /// `WebMessages`.
  public var previousWeek: String { "지난주" }
  /// `WebMessages`.
  public var nextWeek: String { "다음주" }
  /// `WebMessages`.
  public var showWeek: String { "주간 보기" }
  /// `WebMessages`.
  public var showMonth: String { "월간 보기" }
  /// `WebMessages`.
  public var go: String { "이동" }
  /// `WebMessages`.
  public var chooseMonth: String { "연월 선택" }
  /// `WebMessages`.
  public var otherLanguage: String { "English" }
  /// `WebMessages`.
  public var edit: String { "수정" }
  /// `WebMessages`.
  public var delete: String { "삭제" }
  /// `WebMessages`.
  public var addTitle: String { "내역 추가" }
  /// `WebMessages`.
  public var editTitle: String { "내역 수정" }
  /// `WebMessages`.
  public var kind: String { "종류" }
  /// `WebMessages`.
  public var amount: String { "금액" }
  /// `WebMessages`.
  public var amountHint: String { "예: 12000, 3만5천" }
  /// `WebMessages`.
  public var amountUnits: [String] { ["만", "천"] }
  /// `WebMessages`.
  public var category: String { "분류" }
  /// `WebMessages`.
  public var memo: String { "메모" }
  /// `WebMessages`.
  public var date: String { "날짜" }
  /// `WebMessages`.
  public var dateHint: String { "예: 2025-11-03, 어제, 3일" }
  /// `WebMessages`.
  public var save: String { "저장" }
  /// `WebMessages`.
  public var add: String { "추가" }
  /// `WebMessages`.
  public var cancel: String { "취소" }
  /// `WebMessages`.
  public var undo: String { "되돌리기" }
  /// `WebMessages`.
  public var nothingToUndo: String { "되돌릴 것이 없습니다" }
  /// `WebMessages`.
  public var deleteTitle: String { "내역 삭제" }
  /// `WebMessages`.
  public var yesDelete: String { "삭제합니다" }
  /// `WebMessages`.
  public var signInTitle: String { "로그인" }
  /// `WebMessages`.
  public var signInToken: String { "접속 토큰" }
  /// `WebMessages`.
  public var signInHint: String {
    "hannun serve를 시작한 컴퓨터의 토큰 파일에 있는 값을 넣으세요."
  }
  /// `WebMessages`.
  public var signInButton: String { "들어가기" }
  /// `WebMessages`.
  public var wrongToken: String { "토큰이 맞지 않습니다" }
  /// `WebMessages`.
  public var notFound: String { "찾을 수 없는 페이지입니다" }
  /// `WebMessages`.
  public var badForm: String {
    "보안 토큰이 없거나 맞지 않습니다. 페이지를 새로 열고 다시 하세요. 바뀐 것은 없습니다"
  }
  /// `WebMessages`.
  public var crossSite: String {
    "다른 사이트에서 보낸 요청이라 받지 않았습니다. 이 서버의 페이지에서 다시 하세요. 바뀐 것은 없습니다"
  }
  /// `WebMessages`.
  public func tooManyTries(seconds: Int) -> String {
    "틀린 토큰이 너무 많았습니다. \(seconds)초 뒤에 다시 하세요"
  }
  /// `WebMessages`.
  public var signedOutKept: String {
    "로그인이 풀려 있어 아직 저장하지 않았습니다. 입력한 내용은 그대로 있으니 토큰을 넣으면 저장됩니다"
  }
  /// `WebMessages`.
  public var staleFormKept: String {
    "페이지가 오래되어(서버가 다시 시작되었을 수 있습니다) 저장하지 않았습니다. 입력한 내용은 그대로 있으니 확인하고 다시 누르세요"
  }
  /// `WebMessages`.
  public var keptOnDevice: (one: String, other: String) {
    let kept = "연결되면 보낼 내역 {count}건이 이 기기에 있습니다"
    return (kept, kept)
  }
  /// `WebMessages`.
  public var notSentBecause: String { "보내지 못했습니다: " }
  /// `WebMessages`.
  public var signInToSend: String { "로그인하면 이 기기에 있는 내역을 보냅니다" }
  /// `WebMessages`.
  public func changedElsewhere(_ now: String) -> String {
    "다른 창에서 이 내역을 먼저 바꿨습니다. 지금은 \(now)입니다. 입력한 내용은 저장하지 않고 그대로 두었으니, 확인하고 다시 저장하세요"
  }
  /// `WebMessages`.
  public var deletedElsewhere: String {
    "다른 창에서 이 내역을 먼저 지웠습니다. 입력한 내용은 그대로 두었으니, 새 내역으로 추가할 수 있습니다"
  }
  /// `WebMessages`.
  public var keyUsedForAnother: String {
    "이 양식은 이미 다른 내역에 쓰여서 아무것도 저장하지 않았습니다. 입력한 내용을 저장하려면 다시 보내세요"
  }
  /// `WebMessages`.
  public func entry(category: String, amount: String, memo: String, day: String) -> String {
    let note = memo.isEmpty ? "메모 없음" : "메모: \(memo)"
    return "\(category) \(amount) (\(note)), \(day)"
  }
  /// `WebMessages`.
  public var tooLarge: String { "요청이 너무 큽니다" }
  /// `WebMessages`.
  public var wrongHost: String {
    "이 주소로는 열 수 없습니다"
  }
  /// `WebMessages`.
  public var backToMonth: String { "달력으로" }
  /// `WebMessages`.
  public func deleteQuestion(_ label: String, _ amount: String) -> String {
    "이 내역을 삭제할까요? \(label) \(amount)"
  }
  /// `WebMessages`.
  public var importTitle: String {
    "가져오기"
  }
  /// `WebMessages`.
  public var importPreviewTitle: String {
    "가져오기 미리 보기"
  }
  /// `WebMessages`.
  public var importHint: String {
    "은행·카드사 CSV 내역, hledger/ledger 저널, 또는 Hannun JSON 백업(빈 장부에만)을 올리세요. "
      + "확정하기 전에는 아무것도 바뀌지 않습니다."
  }
  /// `WebMessages`.
  public var importFileLabel: String {
    "파일"
  }
  /// `WebMessages`.
  public var importFormatLabel: String {
    "형식"
  }
  /// `WebMessages`.
  public var importMapLabel: String {
    "열 지정 (선택)"
  }
  /// `WebMessages`.
  public var importCategoryLabel: String {
    "분류 없는 줄의 분류 (기본: 미분류)"
  }
  /// `WebMessages`.
  public var importPreviewButton: String {
    "미리 보기"
  }
  /// `WebMessages`.
  public var importConfirmButton: String {
    "가져오기 확정"
  }
  /// `WebMessages`.
  public var importCancel: String {
    "취소"
  }
  /// `WebMessages`.
  public var importNoFile: String {
    "가져올 파일을 고르세요 (CSV, 저널 또는 JSON 백업). 아무것도 가져오지 않았습니다."
  }
  /// `WebMessages`.
  public var importGone: String {
    "이 미리 보기는 더 이상 열려 있지 않습니다. 파일을 다시 올리세요. 아무것도 가져오지 않았습니다."
  }
  /// `WebMessages`.
  public func importFormatName(_ format: String) -> String {
    switch format {
    case "": "자동 (백업이면 JSON, 아니면 파일 이름의 확장자)"
    case "csv": "CSV 내역"
    case "journal": "hledger/ledger 저널"
    default: "JSON 전체 백업"
    }
  }
  /// `WebMessages`.
  public func importMapHint(fields: String) -> String {
    "모르는 머리글의 CSV라면 항목=머리글을 쉼표로 나눠 적으세요. 예: date=거래일, amount=이용금액 (항목: \(fields))"
  }
}
