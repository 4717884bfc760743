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
      // A change is based on the budgets as stored now.
      await budgets.refresh()
      if let failure = budgets.loadFailure { throw failure }
      let amount = try AmountParser(currency: calendar.money.currency).parse(amountText)
      let scope = try BudgetScope(category: category)
      try await screen.set(amount, for: scope, from: from)
      note(
        TerminalText.sanitized(
          language.budgetSet(amount, for: scope, from: screen.month, money: calendar.money)))
    case .remove(let category, let from):
      await budgets.refresh()
      if let failure = budgets.loadFailure { throw failure }
      let scope = try BudgetScope(category: category)
      try await screen.remove(scope, from: from)
      note(TerminalText.sanitized(language.budgetRemoved(scope, from: screen.month)))
    }
    if let failure = screen.loadFailure { throw failure }
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
