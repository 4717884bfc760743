import HannunDomain
import HannunPresentation

extension WebLedger {
  /// The answer to an add whose key (``IdempotencyKey``) is an entry the ledger already holds.
  /// When the entry is what the form says, the submission was saved before (its answer lost, or
  /// the form sent again): nothing is written and the browser lands on the entry's day as after
  /// the first save. When it is not — the key's first submission forgotten (a restart without
  /// the outcomes' file, or thousands of newer keys) and the form changed since — nothing is
  /// written either, and the typing comes back with a fresh key (``keyUsedForAnother(_:_:)``)
  /// instead of being dropped. `nil` when no entry has that id.
  func alreadySaved(
    _ key: TransactionID, _ values: FormValues, _ request: WebRequest, _ access: Access
  ) async -> WebReply? {
    let stored = try? await device(access).coordinator.storedEntry(key)
    guard let entry = stored ?? nil else { return nil }
    if let same = await alreadyEdited(entry, to: values, request, access) { return same }
    return await keyUsedForAnother(request, access)
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
  /// sent again answers as the first time — the same page, saying what the write said — without
  /// writing again. A form without a key writes each time. A key whose write was interrupted
  /// before its outcome was recorded (the server stopped between the two) is handed to `write`
  /// as a retry (``WebRequest/isRetry``): its handler first asks the core whether what the form
  /// asks for is already in the ledger, and answers as made when it is. A key sent with another
  /// submission than its first (``WriteOutcomes/differs(_:digest:)``: back, change, send again)
  /// is a new write: an add's key is its entry's id, so the typing comes back with a fresh key
  /// (``keyUsedForAnother(_:_:)``); any other form is made under a key drawn from its key and
  /// the new submission (``IdempotencyKey/key(_:resentAs:)``), once however often it is sent.
  func once(
    _ request: WebRequest, _ access: Access, _ write: (WebRequest) async -> WebReply
  ) async -> WebReply {
    guard let key = request.form["key"], IdempotencyKey.id(key) != nil else {
      return await write(request)
    }
    let name = outcomeName(key, access)
    let digest = WriteOutcomes.digest(of: request.form)
    if writeOutcomes.differs(name, digest: digest) {
      guard request.path != "/entries" else { return await keyUsedForAnother(request, access) }
      var resent = request
      resent.form = request.form.replacing("key", with: IdempotencyKey.key(key, resentAs: digest))
      return await once(resent, access, write)
    }
    let outcome = await writeOutcomes.once(name, digest: digest) { retried in
      var request = request
      request.isRetry = retried
      return unsaid(await write(request))
    }
    var reply = outcome
    if let location = outcome.location, !outcome.news.isEmpty || !outcome.warnings.isEmpty {
      let separator = location.contains("?") ? "&" : "?"
      if let token = saidOfOutcome[name], saidStillOwed(token) {
        // Sent again before the page took what the first answer says: the same address.
        reply.location = location + separator + "said=" + token
      } else {
        let said = path(location, saying: outcome.news, warnings: outcome.warnings, access)
        reply.location = said
        if saidOfOutcome.count >= 1024 { saidOfOutcome.removeAll() }
        saidOfOutcome[name] = said.range(of: "said=").map { String(said[$0.upperBound...]) }
      }
    }
    reply.news = []
    reply.warnings = []
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to an add sent under a key already used for another entry: nothing is written,
  /// and the add comes back with every field as typed, the message beside it and a fresh key
  /// (so sending it again saves it).
  private func keyUsedForAnother(_ request: WebRequest, _ access: Access) async -> WebReply {
    let text = WebText(language: access.language)
    var values = FormValues(request.form)
    values.key = ""
    let day = (try? Day(iso: values.date)) ?? shownMonth(request)?.firstDay ?? clock.today
    return await monthPage(
      access.state(day), access: access, panel: .add(values, error: text.keyUsedForAnother),
      status: 422)
  }

  /// The name of this browser's write with `key` in ``writeOutcomes``: the session's lookup
  /// prefix (``WebSessions``), not its secret, which the outcomes' file never holds, and the key.
  private func outcomeName(_ key: String, _ access: Access) -> String {
    String(access.undoKey.prefix(16)) + " " + key
  }

  /// Keeps, before the form's write is made, the answer it gives once made
  /// (``WriteOutcomes/expect(_:_:witness:)``), with what the ledger holds once it is made when
  /// the ledger shows it no other way (an undo or redo: ``LedgerEditWitness``). A form without a
  /// key keeps nothing.
  func expect(
    _ reply: WebReply, for request: WebRequest, _ access: Access, witness: String = ""
  ) {
    guard let key = request.form["key"], IdempotencyKey.id(key) != nil else { return }
    writeOutcomes.expect(outcomeName(key, access), reply, witness: witness)
  }

  /// The answer the form's interrupted write kept before it wrote (``expect(_:for:_:witness:)``),
  /// with what it says owed to this browser's next page; `nil` when it kept none, or when the
  /// ledger does not hold what its witness says (``AppCoordinator/holds(_:)``).
  func expected(_ request: WebRequest, _ access: Access) async -> WebReply? {
    guard let key = request.form["key"], IdempotencyKey.id(key) != nil,
      let (reply, witness) = writeOutcomes.expected(outcomeName(key, access))
    else { return nil }
    if !witness.isEmpty {
      guard let made = LedgerEditWitness(text: witness),
        await device(access).coordinator.holds(made)
      else { return nil }
    }
    owedNews[access.undoKey, default: []] += reply.news
    owedWarnings[access.undoKey, default: []] += reply.warnings
    return seeOther(reply.location ?? "/", access)
  }

  /// A write's redirect with what it says (its one-time `said=` token, ``pathSaying(_:_:)``)
  /// taken out of its address and into ``WebReply/news`` and ``WebReply/warnings``: the outcome
  /// kept for the form's key, said again with each answer.
  private func unsaid(_ reply: WebReply) -> WebReply {
    guard let location = reply.location, let range = location.range(of: "said=") else {
      return reply
    }
    var reply = reply
    let token = String(location[range.upperBound...])
    let said = takeSaid(token, owner: nil)
    reply.news = said.news
    reply.warnings = said.warnings
    reply.location = String(location[..<location.index(before: range.lowerBound)])
    return reply
  }
}
