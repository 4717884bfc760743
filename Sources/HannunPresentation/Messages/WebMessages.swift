import HannunDomain

/// Every sentence and label of the web pages: navigation, the entry form, signing in, and what
/// a refused or conflicting request says. Errors themselves are said by the ``MessageCatalog`` of
/// the language; text from the ledger arrives unescaped (the page escapes it as HTML).
public protocol WebMessages: Sendable {
  /// `한눈` or `Hannun`.
  var appName: String { get }
  /// `이전` or `Previous`.
  var previous: String { get }
  /// `다음` or `Next`.
  var next: String { get }
  /// `지난주` or `Previous week`.
  var previousWeek: String { get }
  /// `다음주` or `Next week`.
  var nextWeek: String { get }
  /// `주간 보기` or `Week`.
  var showWeek: String { get }
  /// `월간 보기` or `Month`.
  var showMonth: String { get }
  /// `이동` or `Go`.
  var go: String { get }
  /// `연월 선택` or `Choose a month`.
  var chooseMonth: String { get }
  /// `English` or `한국어`.
  var otherLanguage: String { get }
  /// `수정` or `Edit`.
  var edit: String { get }
  /// `삭제` or `Delete`.
  var delete: String { get }
  /// `내역 추가` or `Add an entry`.
  var addTitle: String { get }
  /// `내역 수정` or `Edit the entry`.
  var editTitle: String { get }
  /// `종류` or `Kind`.
  var kind: String { get }
  /// `금액` or `Amount`.
  var amount: String { get }
  /// `예: 12000, 3만5천` or `e.g. 12000, 12.50`.
  var amountHint: String { get }
  /// The unit keys under the amount field that append a unit a phone's keypad lacks (`만`,
  /// `천`); none when the language writes no such units.
  var amountUnits: [String] { get }
  /// `분류` or `Category`.
  var category: String { get }
  /// `메모` or `Memo`.
  var memo: String { get }
  /// `날짜` or `Date`.
  var date: String { get }
  /// `예: 2025-11-03, 어제, 3일` or `e.g. 2025-11-03, yesterday, 3`.
  var dateHint: String { get }
  /// `저장` or `Save`.
  var save: String { get }
  /// `추가` or `Add`.
  var add: String { get }
  /// `취소` or `Cancel`.
  var cancel: String { get }
  /// `되돌리기` or `Undo`.
  var undo: String { get }
  /// `되돌릴 것이 없습니다` or `There is nothing to undo`.
  var nothingToUndo: String { get }
  /// `내역 삭제` or `Delete the entry`.
  var deleteTitle: String { get }
  /// `삭제합니다` or `Yes, delete it`.
  var yesDelete: String { get }
  /// `로그인` or `Sign in`.
  var signInTitle: String { get }
  /// `접속 토큰` or `Access token`.
  var signInToken: String { get }
  /// What the sign-in page asks for: the value in the token file.
  var signInHint: String { get }
  /// `들어가기` or `Sign in`.
  var signInButton: String { get }
  /// `토큰이 맞지 않습니다` or `That token is not right`.
  var wrongToken: String { get }
  /// `찾을 수 없는 페이지입니다` or `There is no such page`.
  var notFound: String { get }
  /// Said when a form's security token is missing or wrong; nothing was changed.
  var badForm: String { get }
  /// Said when a request came from another site; nothing was changed.
  var crossSite: String { get }
  /// `N초 뒤에 다시 하세요` / `try again in N seconds`, after too many wrong tokens.
  func tooManyTries(seconds: Int) -> String
  /// Said when a save found the user signed out; what was typed is kept.
  var signedOutKept: String { get }
  /// Said when a page was out of date, so nothing was saved; what was typed is kept.
  var staleFormKept: String { get }
  /// What the page's script says of entries kept on the device until the server can be reached,
  /// for one entry and for more, `{count}` standing for their number.
  var keptOnDevice: (one: String, other: String) { get }
  /// Before the server's reason, when an entry kept on the device was refused once sent.
  var notSentBecause: String { get }
  /// Said when entries kept on the device wait for a sign-in to be sent.
  var signInToSend: String { get }
  /// Someone else changed the entry first: what it is now, and that the typing is kept.
  func changedElsewhere(_ now: String) -> String
  /// Someone else deleted the entry first; the typing is kept in the add form.
  var deletedElsewhere: String { get }
  /// A form sent again under its idempotency key with other values than the first time: the
  /// form was already used for another entry, nothing was written, and sending it again saves
  /// what was typed.
  var keyUsedForAnother: String { get }
  /// An entry in words: `식비 ₩12,000 (메모: 점심), 11월 10일`.
  func entry(category: String, amount: String, memo: String, day: String) -> String
  /// `요청이 너무 큽니다` or `The request is too large`.
  var tooLarge: String { get }
  /// Said when a request names a host this server does not answer to.
  var wrongHost: String { get }
  /// `달력으로` or `Back to the calendar`.
  var backToMonth: String { get }
  /// `삭제할까요? 식비 12,000원` / `Delete it? Food ₩12,000`.
  func deleteQuestion(_ label: String, _ amount: String) -> String
  /// The import page's title: `가져오기` or `Import`.
  var importTitle: String { get }
  /// The title of an import's preview.
  var importPreviewTitle: String { get }
  /// What the import page takes, and that nothing changes until the confirmation.
  var importHint: String { get }
  /// The import's file field.
  var importFileLabel: String { get }
  /// The legend of the import's format choice.
  var importFormatLabel: String { get }
  /// The label of a statement's columns on the import page.
  var importMapLabel: String { get }
  /// The label of the category of imported rows without one.
  var importCategoryLabel: String { get }
  /// The button that uploads a file for its preview.
  var importPreviewButton: String { get }
  /// The button that imports a previewed file.
  var importConfirmButton: String { get }
  /// The link that leaves an import's preview.
  var importCancel: String { get }
  /// Said when the import form came without a file; nothing was imported.
  var importNoFile: String { get }
  /// Said when an import's confirmation names a preview no longer open; nothing was imported.
  var importGone: String { get }
  /// A format's name in the import's choice: `csv`, `journal`, `json`, or empty for the
  /// automatic choice.
  func importFormatName(_ format: String) -> String
  /// What the import's columns field takes.
  /// - Parameter fields: The field names a column can be given for.
  func importMapHint(fields: String) -> String
}

extension DisplayLanguage {
  /// The web pages' sentences and labels, in this language.
  public var web: any WebMessages {
    switch self {
    case .korean: KoreanWebMessages()
    case .english: EnglishWebMessages()
    }
  }
}
