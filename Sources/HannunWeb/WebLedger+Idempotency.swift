import HannunDomain
import HannunPresentation

extension WebLedger {
  /// The answer to an add whose key (``IdempotencyKey``) is an entry the ledger already holds:
  /// the submission was saved before (its answer lost, or the form sent again), so nothing is
  /// written and the browser lands on the entry's day as after the first save. `nil` when no
  /// entry has that id.
  func alreadySaved(_ key: TransactionID, _ access: Access) async -> WebReply? {
    let stored = try? await device(access).coordinator.storedEntry(key)
    guard let entry = stored ?? nil else { return nil }
    var reply = WebReply.seeOther(PageState.path(day: entry.day))
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to an edit sent with an older version of an entry that is now exactly what the
  /// form says (the same edit sent again after its answer was lost): nothing is written and the
  /// browser lands on the entry's day. `nil` when the entry differs from the form, which is a
  /// real conflict.
  func alreadyEdited(
    _ current: Transaction, to values: FormValues, _ request: WebRequest, _ access: Access
  ) async -> WebReply? {
    // Forms of the device's editor, never saved: they only read the values as typed.
    let editor = device(access).editor
    let typed = TransactionFormViewModel(
      editing: current, editor: editor, currency: currency, clock: clock)
    guard enter(values, into: typed, shownMonth: shownMonth(request), access: access) == nil
    else { return nil }
    let stored = TransactionFormViewModel(
      editing: current, editor: editor, currency: currency, clock: clock)
    guard FormValues(stored) == FormValues(typed) else { return nil }
    var reply = WebReply.seeOther(PageState.path(day: current.day))
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to an undo whose key (drawn fresh with each page's undo button) this browser
  /// already used: the undo was made (its answer lost, or the form sent again), so nothing more
  /// is reverted and the browser goes back to the page. `nil` the first time a key is used, or
  /// for a form without one.
  func undoAlreadyDone(_ request: WebRequest, state: PageState, _ access: Access) -> WebReply? {
    guard let key = request.form["key"], !key.isEmpty,
      !sessions.useUndoKey(key, for: access.undoKey)
    else { return nil }
    var reply = WebReply.seeOther(state.path)
    reply.cookies = access.cookies
    return reply
  }
}

extension WebLedger {
  /// A write form's answer, made once per idempotency key: the form's `key` (of an id's form,
  /// see ``IdempotencyKey``) names this browser's write in ``writeOutcomes``, so the same form
  /// sent again answers as the first time without writing again. A form without a key writes
  /// each time.
  func once(
    _ request: WebRequest, _ access: Access, _ write: () async -> WebReply
  ) async -> WebReply {
    guard let key = request.form["key"], IdempotencyKey.id(key) != nil else {
      return await write()
    }
    // The session's lookup prefix names it (``WebSessions``): not its secret, which the
    // outcomes' file never holds.
    var reply = await writeOutcomes.once(String(access.undoKey.prefix(16)) + " " + key, write)
    reply.cookies = access.cookies
    return reply
  }
}
