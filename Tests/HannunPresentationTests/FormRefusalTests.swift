import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// What a form says when it writes nothing: one answer, in one order, for every frontend.
@Suite("The form's refusal")
@MainActor
struct FormRefusalTests {
  private let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-14"))
  private let lunch = Transaction.fixture(id: "t1", day: "2025-11-03", amount: 9_000)

  private func editor(_ repository: InMemoryTransactionRepository) -> LedgerEditor {
    LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs())
  }

  @Test("the first refused field in the form's order is said, whatever order it was typed in")
  func fieldOrder() async throws {
    let form = TransactionFormViewModel(
      addingOn: clock.today, editor: editor(InMemoryTransactionRepository()), currency: .krw,
      clock: clock)
    form.enter("someday", for: .date)
    form.refuse(.memo, because: .other("memo"))
    form.enter("abc", for: .amount)
    let amountError = try #require(form.errors[.amount])
    #expect(form.refusal == .field(.amount, amountError))
    #expect(await form.save() == nil)
    #expect(form.refusal == .field(.amount, amountError))
    // Every field at once gives the same answer.
    let again = TransactionFormViewModel(
      addingOn: clock.today, editor: editor(InMemoryTransactionRepository()), currency: .krw,
      clock: clock)
    #expect(
      again.enter([.date: "someday", .category: "food", .amount: "abc"])
        == .field(.amount, amountError))
    #expect(again.refusal?.field == .amount)
  }

  @Test("another window's change is said as a conflict, and only until the next attempt")
  func conflictThenStore() async throws {
    let repository = InMemoryTransactionRepository([lunch])
    let form = TransactionFormViewModel(
      editing: lunch, editor: editor(repository), currency: .krw, clock: clock)
    var theirs = lunch
    theirs.memo = "theirs"
    await repository.updateUnannounced(theirs)
    form.enter("10000", for: .amount)
    #expect(await form.save() == nil)
    #expect(form.refusal == .conflict(.changed(theirs)))
    #expect(EntryConflict(refusing: try #require(form.saveError)) == .changed(theirs))
    // The other window puts the entry back; this save fails in the store for another reason.
    await repository.updateUnannounced(lunch)
    await repository.failNextWrite(with: LedgerError.totalOverflow)
    #expect(await form.save() == nil)
    #expect(form.conflict == nil)
    #expect(form.refusal == .store(.ledger(.totalOverflow)))
  }
}
