import HannunDomain
import HannunPresentation

/// Every sentence and label of the web pages, in Korean and English: the pages' counterpart of
/// the REPL's `SessionText`. Errors themselves are said by the ``MessageCatalog`` of the language.
struct WebText {
  /// The pages' language.
  let language: DisplayLanguage

  private var korean: Bool { language == .korean }
  private func say(_ ko: String, _ en: String) -> String { korean ? ko : en }

  var appName: String { say("한눈", "Hannun") }
  var previous: String { say("이전", "Previous") }
  var next: String { say("다음", "Next") }
  var previousWeek: String { say("지난주", "Previous week") }
  var nextWeek: String { say("다음주", "Next week") }
  var today: String { language.todayLabel }
  var showWeek: String { say("주간 보기", "Week") }
  var showMonth: String { say("월간 보기", "Month") }
  var go: String { say("이동", "Go") }
  var chooseMonth: String { say("연월 선택", "Choose a month") }
  var otherLanguage: String { say("English", "한국어") }
  var income: String { language.label(for: .income) }
  var expense: String { language.label(for: .expense) }
  var balance: String { language.balanceLabel }
  var noEntries: String { language.noEntriesLabel }
  var edit: String { say("수정", "Edit") }
  var delete: String { say("삭제", "Delete") }
  var addTitle: String { say("내역 추가", "Add an entry") }
  var editTitle: String { say("내역 수정", "Edit the entry") }
  var kind: String { say("종류", "Kind") }
  var amount: String { say("금액", "Amount") }
  var amountHint: String { say("예: 12000, 3만5천", "e.g. 12000, 12.50") }
  var category: String { say("분류", "Category") }
  var memo: String { say("메모", "Memo") }
  var date: String { say("날짜", "Date") }
  var dateHint: String { say("예: 2025-11-03, 어제, 3일", "e.g. 2025-11-03, yesterday, 3") }
  var save: String { say("저장", "Save") }
  var add: String { say("추가", "Add") }
  var cancel: String { say("취소", "Cancel") }
  var undo: String { say("되돌리기", "Undo") }
  var nothingToUndo: String { say("되돌릴 것이 없습니다", "There is nothing to undo") }
  var deleteTitle: String { say("내역 삭제", "Delete the entry") }
  var yesDelete: String { say("삭제합니다", "Yes, delete it") }
  var signInTitle: String { say("로그인", "Sign in") }
  var signInToken: String { say("접속 토큰", "Access token") }
  var signInHint: String {
    say(
      "hannun serve를 시작한 컴퓨터의 토큰 파일에 있는 값을 넣으세요.",
      "Enter the value from the token file on the computer running hannun serve.")
  }
  var signInButton: String { say("들어가기", "Sign in") }
  var wrongToken: String { say("토큰이 맞지 않습니다", "That token is not right") }
  var notFound: String { say("찾을 수 없는 페이지입니다", "There is no such page") }
  var badForm: String {
    say(
      "보안 토큰이 없거나 맞지 않습니다. 페이지를 새로 열고 다시 하세요. 바뀐 것은 없습니다",
      "The form's security token is missing or wrong. Reload the page and try again. Nothing was changed"
    )
  }
  var crossSite: String {
    say(
      "다른 사이트에서 보낸 요청이라 받지 않았습니다. 이 서버의 페이지에서 다시 하세요. 바뀐 것은 없습니다",
      "This request was sent from another site, so it was refused; use this server's own page. "
        + "Nothing was changed")
  }
  /// `N초 뒤에 다시 하세요` / `try again in N seconds`, after too many wrong tokens.
  func tooManyTries(seconds: Int) -> String {
    say(
      "틀린 토큰이 너무 많았습니다. \(seconds)초 뒤에 다시 하세요",
      "Too many wrong tokens from this address; try again in \(seconds) "
        + (seconds == 1 ? "second" : "seconds"))
  }
  var tooLarge: String { say("요청이 너무 큽니다", "The request is too large") }
  var wrongHost: String {
    say("이 주소로는 열 수 없습니다", "This server does not answer to that address")
  }
  var backToMonth: String { say("달력으로", "Back to the calendar") }

  /// `삭제할까요? 식비 12,000원` / `Delete it? Food ₩12,000`.
  func deleteQuestion(_ label: String, _ amount: String) -> String {
    say("이 내역을 삭제할까요? \(label) \(amount)", "Delete this entry? \(label) \(amount)")
  }

}
