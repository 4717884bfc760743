import Foundation
import HannunDomain
import HannunKit
import HannunPresentation

/// `EditingSession DATA_DIRECTORY`: edits a Hannun ledger the way any frontend does, through the
/// routes and view-models of the core alone. It adds a latte through the form, opens that entry's
/// edit form by setting the path (a deep link), deletes it through the question, takes the delete
/// back, then waits (30 s at most) for another process to write the ledger and shows the
/// month's totals as they are after that write.
@main
enum EditingSession {
  @MainActor static func main() async {
    let session: LedgerSession
    do {
      session = try await LedgerSession.open(
        .init(dataPath: CommandLine.arguments.dropFirst().first))
    } catch {
      fail(LedgerSession.Options().language.messages.describe(any: error))
    }
    let coordinator = session.coordinator
    let money = session.calendar.money

    // Add through the form: typed text is read by the Domain's rules, errors are values.
    let form = coordinator.showAddForm()
    for (text, field) in [("4500", .amount), ("cafe", .category), ("latte", .memo)]
      as [(String, TransactionFormViewModel.Field)]
    {
      if let refused = form.enter(text, for: field) {
        fail(session.language.messages.describe(refused))
      }
    }
    guard case .added(let latte)? = await form.save() else { fail(formError(form, session)) }
    say("added \(latte.id) \(money.string(Money(latte.amount)))")

    // A deep link: the path is data, so a frontend opens a screen by constructing its route.
    let editForm = TransactionFormViewModel(
      editing: latte, editor: session.editor, currency: session.currency, clock: session.clock)
    coordinator.path = [.transactionForm(editForm)]
    editForm.enter("5000", for: .amount)
    guard case .edited(_, let after)? = await editForm.save() else {
      fail(formError(editForm, session))
    }
    say(
      "edited \(after.id) \(money.string(Money(after.amount))), routes open: \(coordinator.path.count)"
    )

    // Delete through the question; only an explicit confirm deletes, and only that version.
    do {
      let question = try await coordinator.showDeleteConfirmation(for: .id(after.id.rawValue))
      guard await question.confirm() != nil else {
        fail(question.error.map(session.language.messages.describe) ?? "")
      }
      say("deleted \(after.id), can undo: \(coordinator.canUndo)")
      _ = try await coordinator.undo()
    } catch {
      fail(session.language.messages.describe(any: error))
    }
    say(
      "undone: \(session.calendar.selectedEntries.contains { $0.id == after.id }), can redo: \(coordinator.canRedo)"
    )

    // Another process writes (a second window, `hannun add`): the change signal says so, and the
    // calendar reads its window again.
    say("waiting for another process to write")
    let heard = Task { @MainActor in
      for await signal in await session.changes.subscribe() where signal == .outside {
        await session.calendar.refresh()
        return true
      }
      return false
    }
    Task {
      try await Task.sleep(for: .seconds(30))
      heard.cancel()
    }
    guard await heard.value else { fail("no other process wrote within 30 seconds") }
    let (calendar, income) = (session.calendar, money.string(session.calendar.monthIncome))
    say("another process wrote: \(calendar.title) income \(income)")
  }

  /// The first refused field's reason, else why the store refused the write.
  @MainActor static func formError(_ form: TransactionFormViewModel, _ session: LedgerSession)
    -> String
  {
    let first = TransactionFormViewModel.Field.allCases.lazy.compactMap { form.errors[$0] }.first
    return (first ?? form.saveError).map(session.language.messages.describe) ?? ""
  }

  /// Writes a line to standard output at once (`print` would wait in a buffer when piped).
  static func say(_ line: String) { FileHandle.standardOutput.write(Data("\(line)\n".utf8)) }

  /// Names what went wrong on standard error and exits with status 1.
  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EditingSession: \(message)\n".utf8))
    exit(1)
  }
}
