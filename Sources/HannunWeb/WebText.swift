import HannunDomain
import HannunPresentation

/// Every sentence and label of the web pages, in Korean and English: the pages' counterpart of
/// the REPL's `SessionText`. Errors themselves are said by the ``MessageCatalog`` of the language.
struct WebText {
  /// The pages' language.
  let language: DisplayLanguage

  /// The pages' sentences, from Presentation's catalogue.
  private var words: any WebMessages { language.web }

  var appName: String { words.appName }
  var previous: String { words.previous }
  var next: String { words.next }
  var previousWeek: String { words.previousWeek }
  var nextWeek: String { words.nextWeek }
  var today: String { language.todayLabel }
  var showWeek: String { words.showWeek }
  var showMonth: String { words.showMonth }
  var go: String { words.go }
  var chooseMonth: String { words.chooseMonth }
  var otherLanguage: String { words.otherLanguage }
  var income: String { language.label(for: .income) }
  var expense: String { language.label(for: .expense) }
  var balance: String { language.balanceLabel }
  var noEntries: String { language.noEntriesLabel }
  var edit: String { words.edit }
  var delete: String { words.delete }
  var addTitle: String { words.addTitle }
  var editTitle: String { words.editTitle }
  var kind: String { words.kind }
  var amount: String { words.amount }
  var amountHint: String { words.amountHint }
  var amountUnits: [String] { words.amountUnits }
  var keptOnDevice: (one: String, other: String) { words.keptOnDevice }
  var notSentBecause: String { words.notSentBecause }
  var signInToSend: String { words.signInToSend }
  var category: String { words.category }
  var memo: String { words.memo }
  var date: String { words.date }
  var dateHint: String { words.dateHint }
  var save: String { words.save }
  var add: String { words.add }
  var cancel: String { words.cancel }
  var undo: String { words.undo }
  var nothingToUndo: String { words.nothingToUndo }
  var deleteTitle: String { words.deleteTitle }
  var yesDelete: String { words.yesDelete }
  var signInTitle: String { words.signInTitle }
  var signInToken: String { words.signInToken }
  var signInHint: String { words.signInHint }
  var signInButton: String { words.signInButton }
  var wrongToken: String { words.wrongToken }
  var notFound: String { words.notFound }
  var badForm: String { words.badForm }
  var crossSite: String { words.crossSite }
  /// `N초 뒤에 다시 하세요` / `try again in N seconds`, after too many wrong tokens.
  func tooManyTries(seconds: Int) -> String { words.tooManyTries(seconds: seconds) }
  var signedOutKept: String { words.signedOutKept }
  var staleFormKept: String { words.staleFormKept }
  /// Someone else changed the entry first: what it is now, and that the typing is kept.
  func changedElsewhere(_ now: String) -> String { words.changedElsewhere(now) }
  /// Someone else deleted the entry first; the typing is kept in the add form.
  var deletedElsewhere: String { words.deletedElsewhere }
  /// A used form sent with other values: nothing was written; sending it again saves it.
  var keyUsedForAnother: String { words.keyUsedForAnother }
  /// An entry in words: `식비 ₩12,000 (메모: 점심), 11월 10일`.
  func entry(category: String, amount: String, memo: String, day: String) -> String {
    words.entry(category: category, amount: amount, memo: memo, day: day)
  }
  var tooLarge: String { words.tooLarge }
  var wrongHost: String { words.wrongHost }
  var backToMonth: String { words.backToMonth }
  /// `삭제할까요? 식비 12,000원` / `Delete it? Food ₩12,000`.
  func deleteQuestion(_ label: String, _ amount: String) -> String {
    words.deleteQuestion(label, amount)
  }
}
