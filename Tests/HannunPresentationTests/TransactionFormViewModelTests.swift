import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Transaction form")
@MainActor
struct TransactionFormViewModelTests {
  /// A form over an empty in-memory ledger on Friday 2025-11-14.
  private struct Subject {
    let form: TransactionFormViewModel
    let repository: InMemoryTransactionRepository
    let log: ActionLog
  }

  private func addForm(
    currency: Currency = .krw, entries: [Transaction] = [], editing id: String? = nil
  ) -> Subject {
    let repository = InMemoryTransactionRepository(entries)
    let clock = LedgerClock.fixed(at: day("2025-11-14"))
    let editor = LedgerEditor(
      repository: repository, clock: clock, makeID: Fixtures.sequentialIDs(prefix: "n"))
    let form: TransactionFormViewModel
    if let id, let entry = entries.first(where: { $0.id.rawValue == id }) {
      form = TransactionFormViewModel(
        editing: entry, editor: editor, currency: currency, clock: clock)
    } else {
      form = TransactionFormViewModel(
        addingOn: day("2025-11-14"), editor: editor, currency: currency, clock: clock)
    }
    let log = ActionLog()
    form.actions = TransactionFormViewModel.Actions(
      didSave: { log.saved.append($0) }, didDelete: { log.deleted.append($0) },
      didCancel: { log.cancelled += 1 })
    return Subject(form: form, repository: repository, log: log)
  }

  private func fillValid(_ form: TransactionFormViewModel) {
    form.enter("expense", for: .kind)
    form.enter("12,000", for: .amount)
    form.enter("food", for: .category)
    form.enter("lunch", for: .memo)
    form.enter("2025-11-03", for: .date)
  }

  @Test("an add form starts as an expense on its day with empty fields and no errors")
  func defaults() {
    let form = addForm().form
    #expect(form.mode == .add(defaultDay: day("2025-11-14")))
    #expect(form.isEditing == false)
    #expect(form.editableText(of: .kind) == "expense")
    #expect(form.editableText(of: .amount) == "")
    #expect(form.editableText(of: .category) == "")
    #expect(form.editableText(of: .memo) == "")
    #expect(form.editableText(of: .date) == "2025-11-14")
    #expect(form.errors.isEmpty)
    #expect(form.saveError == nil)
    #expect(
      TransactionFormViewModel.Field.allCases == [.kind, .amount, .category, .memo, .date])
  }

  // MARK: - Field validation

  @Test("a kind that is neither income nor expense is refused")
  func badKind() {
    let form = addForm().form
    let message = "'gift' is not a kind; use income or expense (수입 or 지출)"
    #expect(form.enter("gift", for: .kind) == message)
    #expect(form.errors[.kind] == message)
    #expect(form.kind == .expense, "a refused text keeps the kind")
    for good in ["income", "Expense", "i", "e", "+", "-", "수입", "지출", " income "] {
      #expect(form.enter(good, for: .kind) == nil)
      #expect(form.errors[.kind] == nil)
    }
  }

  @Test(
    "bad amounts are refused with the reason",
    arguments: [
      (
        "12a",
        "'12a' is not an amount; use a number greater than zero, for example 12000, 12,000, "
          + "₩12,000, $12.50, 3만5천 or 1.5만"
      ),
      ("0", "'0' is not greater than zero; amounts are positive (the kind says income or expense)"),
      (
        "-5",
        "'-5' is not greater than zero; amounts are positive (the kind says income or expense)"
      ),
      ("12.5", "'12.5' has too many decimal places: KRW amounts have no decimal places"),
      ("$5", "'$5' is in another currency; this ledger keeps amounts in KRW"),
      (
        "",
        "the amount is missing; give a number greater than zero, for example 12000, 12,000, "
          + "₩12,000, $12.50, 3만5천 or 1.5만"
      ),
    ])
  func badAmounts(text: String, message: String) {
    let form = addForm().form
    #expect(form.enter(text, for: .amount) == message)
    #expect(form.errors[.amount] == message)
    #expect(form.amount == nil, "a refused text sets no amount")
  }

  @Test("a KRW amount with decimals names decimal places in its message")
  func decimalsForKRW() throws {
    let form = addForm().form
    let message = try #require(form.enter("12.5", for: .amount))
    #expect(message.contains("decimal places"))
  }

  @Test("a USD amount may have two decimal places but not three")
  func decimalsForUSD() {
    let form = addForm(currency: .usd).form
    #expect(form.enter("12.5", for: .amount) == nil)
    #expect(form.enter("$12.50", for: .amount) == nil)
    #expect(
      form.enter("12.505", for: .amount)
        == "'12.505' has too many decimal places: USD amounts have at most 2 decimal places")
  }

  @Test("amounts written the ways people write them are accepted")
  func goodAmounts() {
    let form = addForm().form
    for text in ["12000", "12,000", "₩12,000", "12,000원", "3만5천", "1.5만", " 500 "] {
      #expect(form.enter(text, for: .amount) == nil, "\(text)")
    }
  }

  @Test("a category must be 1 to 40 characters on one line")
  func category() {
    let form = addForm().form
    #expect(
      form.enter("", for: .category)
        == "the category is missing; give 1 to 40 characters, such as food or 식비")
    #expect(
      form.enter("   ", for: .category)
        == "the category is missing; give 1 to 40 characters, such as food or 식비")
    #expect(
      form.enter(String(repeating: "c", count: 41), for: .category)
        == "the category has 41 characters; at most 40 are allowed")
    #expect(form.enter(String(repeating: "식", count: 40), for: .category) == nil)
    #expect(
      form.enter("food\ndrink", for: .category)
        == "the category contains a control character or line break; use plain text on one line")
    #expect(form.errors[.category] != nil)
    #expect(form.enter("food", for: .category) == nil)
    #expect(form.errors[.category] == nil)
  }

  @Test("a memo may be empty but at most 200 characters")
  func memo() {
    let form = addForm().form
    #expect(form.enter("", for: .memo) == nil)
    #expect(form.enter(String(repeating: "m", count: 200), for: .memo) == nil)
    #expect(
      form.enter(String(repeating: "m", count: 201), for: .memo)
        == "the memo has 201 characters; at most 200 are allowed")
    #expect(
      form.enter("two\u{2028}lines", for: .memo)
        == "the memo contains a control character or line break; use plain text on one line")
  }

  @Test("a date must exist; today and 어제 count from the clock's day")
  func date() async throws {
    let form = addForm().form
    #expect(
      form.enter("2025-02-30", for: .date) == "2025-02-30 does not exist: that month has 28 days")
    #expect(
      form.enter("2025/11.03", for: .date)
        == "'2025/11.03' is not a date; use YYYY-MM-DD, for example 2025-11-03, or 2025.11.03, "
        + "11/3, 11월 3일, 3일, today, yesterday, 오늘, 어제")
    #expect(form.enter("2025/11/03", for: .date) == nil)
    #expect(form.enter("2024-02-29", for: .date) == nil)
    #expect(form.enter("today", for: .date) == nil)
    #expect(form.enter("어제", for: .date) == nil)
    #expect(form.errors.isEmpty)
  }

  @Test(
    "relative date words are saved as the day they mean",
    arguments: [
      ("today", "2025-11-14"), ("어제", "2025-11-13"), ("yesterday", "2025-11-13"),
      ("Tomorrow", "2025-11-15"), ("오늘", "2025-11-14"),
    ])
  func relativeDates(word: String, expected: String) async throws {
    let subject = addForm()
    fillValid(subject.form)
    subject.form.enter(word, for: .date)
    let edit = try #require(await subject.form.save())
    guard case .added(let entry) = edit else {
      Issue.record("expected an add, got \(edit)")
      return
    }
    #expect(entry.day == day(expected))
    #expect(await subject.repository.all.map(\.day) == [day(expected)])
  }

  @Test("a refused text changes no value, only the field's error")
  func badFieldKeepsOthers() {
    let form = addForm().form
    fillValid(form)
    let amount = form.editableText(of: .amount)
    let date = form.editableText(of: .date)
    form.enter("12a", for: .amount)
    form.enter("2025-02-30", for: .date)
    #expect(form.editableText(of: .kind) == "expense")
    #expect(form.editableText(of: .amount) == amount)
    #expect(form.editableText(of: .category) == "food")
    #expect(form.editableText(of: .memo) == "lunch")
    #expect(form.editableText(of: .date) == date)
    #expect(Set(form.errors.keys) == [.amount, .date])
  }

  // MARK: - Saving

  @Test("saving with invalid fields writes nothing and marks every bad field")
  func saveInvalid() async {
    let subject = addForm()
    subject.form.enter("0", for: .amount)
    #expect(await subject.form.save() == nil)
    #expect(Set(subject.form.errors.keys) == [.amount, .category])
    #expect(subject.form.saveError == nil)
    #expect(await subject.repository.all.isEmpty)
    #expect(await subject.repository.latestRevision() == 0)
    #expect(subject.log.saved.isEmpty)
  }

  @Test("a valid add writes the trimmed entry and reports it")
  func saveValid() async throws {
    let subject = addForm()
    fillValid(subject.form)
    subject.form.enter("  food  ", for: .category)
    subject.form.enter("수입", for: .kind)
    let edit = try #require(await subject.form.save())
    let now = LedgerClock.fixed(at: day("2025-11-14")).currentInstant
    let expected = Transaction(
      id: TransactionID("n1"), day: day("2025-11-03"), kind: .income,
      amount: Fixtures.amount(12_000), category: "food", memo: "lunch", createdAt: now,
      updatedAt: now)
    #expect(edit == .added(expected))
    #expect(await subject.repository.all == [expected])
    #expect(subject.log.saved == [edit])
    #expect(subject.form.errors.isEmpty)
  }

  @Test("a store that refuses the write sets saveError and writes nothing; a retry works")
  func saveRefused() async throws {
    let subject = addForm()
    fillValid(subject.form)
    await subject.repository.failNextWrite(
      with: LedgerError.unwritableFile(
        path: "/ledger/2025-11.json", reason: .invalidContent(.described("disk full"))))
    #expect(await subject.form.save() == nil)
    #expect(
      subject.form.saveError
        == "cannot write /ledger/2025-11.json: disk full; nothing was changed")
    #expect(subject.form.errors.isEmpty)
    #expect(await subject.repository.all.isEmpty)
    #expect(subject.log.saved.isEmpty)

    #expect(await subject.form.save() != nil)
    #expect(subject.form.saveError == nil)
    #expect(await subject.repository.all.count == 1)
  }

  @Test("editing an entry someone deleted reports it and writes nothing")
  func editDeletedEntry() async throws {
    let entry = Transaction.fixture(id: "t1", memo: "lunch")
    let subject = addForm(entries: [entry], editing: "t1")
    try await subject.repository.delete(id: entry.id)
    subject.form.enter("13000", for: .amount)
    #expect(await subject.form.save() == nil)
    #expect(subject.form.conflict == .deleted(entry))
    #expect(!subject.form.restartFromCurrent())
    #expect(await subject.repository.all.isEmpty)
  }

  @Test(
    "a change another window made while the form was open is not overwritten; the form restarts from it"
  )
  func staleEditWhileOpen() async throws {
    let entry = Transaction.fixture(id: "t1", memo: "lunch")
    let subject = addForm(entries: [entry], editing: "t1")
    var theirs = entry
    theirs.memo = "lunch with Min"
    theirs.amount = Fixtures.amount(15_000)
    try await subject.repository.update(theirs)

    subject.form.enter("meals", for: .category)
    #expect(await subject.form.save() == nil)
    #expect(subject.form.conflict == .changed(theirs))
    #expect(await subject.repository.all == [theirs])

    #expect(subject.form.restartFromCurrent())
    #expect(subject.form.editableText(of: .memo) == "lunch with Min")
    #expect(subject.form.editableText(of: .amount) == "15000")
    subject.form.enter("meals", for: .category)
    let saved = try #require(await subject.form.save())
    guard case .edited(let before, let after) = saved else {
      Issue.record("not an edit: \(saved)")
      return
    }
    #expect(before == theirs)
    #expect(after.memo == "lunch with Min" && after.category == "meals")
  }

  @Test("an edit keeps the id and created stamp and changes the fields")
  func editSaves() async throws {
    let entry = Transaction.fixture(id: "t1", memo: "lunch")
    let subject = addForm(entries: [entry], editing: "t1")
    subject.form.enter("3만5천", for: .amount)
    subject.form.enter("", for: .memo)
    let edit = try #require(await subject.form.save())
    var after = entry
    after.amount = Fixtures.amount(35_000)
    after.memo = ""
    after.updatedAt = LedgerClock.fixed(at: day("2025-11-14")).currentInstant
    #expect(edit == .edited(before: entry, after: after))
    #expect(await subject.repository.all == [after])
  }

  @Test("delete removes the edited entry; an add form has nothing to delete")
  func delete() async throws {
    let entry = Transaction.fixture(id: "t1")
    let edit = addForm(entries: [entry], editing: "t1")
    #expect(await edit.form.delete() == entry)
    #expect(await edit.repository.all.isEmpty)
    #expect(edit.log.deleted == [entry])

    let add = addForm()
    #expect(await add.form.delete() == nil)
    #expect(add.log.deleted.isEmpty)
  }

  @Test("a refused delete sets saveError and keeps the entry")
  func deleteRefused() async throws {
    let entry = Transaction.fixture(id: "t1")
    let subject = addForm(entries: [entry], editing: "t1")
    await subject.repository.failNextWrite(
      with: LedgerError.unwritableFile(
        path: "/ledger", reason: .invalidContent(.described("read-only"))))
    #expect(await subject.form.delete() == nil)
    #expect(subject.form.saveError == "cannot write /ledger: read-only; nothing was changed")
    #expect(await subject.repository.all == [entry])
    #expect(subject.log.deleted.isEmpty)
  }

  @Test("cancel writes nothing and reports once")
  func cancel() async {
    let subject = addForm()
    fillValid(subject.form)
    subject.form.cancel()
    #expect(subject.log.cancelled == 1)
    #expect(subject.log.saved.isEmpty)
    #expect(await subject.repository.latestRevision() == 0)
  }
}

/// What a form told whoever presented it.
@MainActor
private final class ActionLog {
  var saved: [LedgerEdit] = []
  var deleted: [Transaction] = []
  var cancelled = 0
}
