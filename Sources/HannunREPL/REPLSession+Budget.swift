import HannunDomain
import HannunPresentation

extension REPLSession {
  /// `budget …`: shows a month's budgets, or sets or removes one from the shown month (or
  /// `--from`) on and then shows that month's budgets.
  func budget(_ request: BudgetRequest) async throws {
    let language = calendar.language
    let screen = coordinator.showBudgets(budgets, of: calendar.currentMonth)
    switch request {
    case .show(let month):
      await screen.show(month: month ?? calendar.currentMonth)
    case .set(let amountText, let category, let from):
      let form = coordinator.budgetForm(on: screen)
      try fill(form, [.amount: amountText, .category: category, .month: from])
      guard case .set(let amount, let scope, let month)? = await form.save() else {
        throw form.refusal ?? .store(.other("the budget was not set"))
      }
      note(
        TerminalText.sanitized(
          language.budgetSet(amount, for: scope, from: month, money: calendar.money)))
    case .remove(let category, let from):
      let form = coordinator.budgetForm(on: screen)
      try fill(form, [.category: category, .month: from])
      guard case .removed(let scope, let month)? = await form.remove() else {
        throw form.refusal ?? .store(.other("the budget was not removed"))
      }
      note(TerminalText.sanitized(language.budgetRemoved(scope, from: month)))
    }
    if let failure = screen.loadFailure { throw failure }
  }

  /// Fills the budget form with the words typed; what it says first fails the command.
  private func fill(
    _ form: BudgetFormViewModel, _ typed: [BudgetFormViewModel.Field: String?]
  ) throws {
    if let refusal = form.enter(typed.compactMapValues { $0 }) { throw refusal }
  }

  /// Notes, after a save or an import, each budget its entries took (or keep) over its limit.
  func noteBudgetNotice(after edit: LedgerEdit) async {
    note(await budgets.notices(after: edit, rereading: changes == nil))
  }

  /// Notes, after entries were saved some other way (recurring occurrences confirmed), each
  /// budget they took (or keep) over its limit.
  func noteBudgetNotices(afterSaving saved: [Transaction]) async {
    note(await budgets.notices(afterSaving: saved, rereading: changes == nil))
  }

  /// Notes each notice's lines, made safe for the terminal.
  func note(_ notices: [BudgetNotice]) {
    for line in notices.flatMap({ $0.lines(in: calendar.language, money: calendar.money) }) {
      note(TerminalText.sanitized(line))
    }
  }

  /// Notes, once, that the command's write created the ledger: which currency it keeps and why.
  func noteNewLedger() async {
    guard let notice = await newLedgerNotice?.take() else { return }
    note(TerminalText.sanitized(text.messages.newLedger(notice)))
  }
}
