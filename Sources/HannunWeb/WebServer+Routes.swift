import HTTPTypes
import HannunDomain
import Hummingbird

extension WebServer {
  /// Every route. Pages and forms hop to the main actor, where the view-models live; nothing
  /// changes on a GET, and every POST carries the CSRF token of its browser.
  func addRoutes(to router: Router<WebContext>) {
    let ledger = self.ledger
    let limit = configuration.bodyLimit
    let events = self.events
    let eventLimit = configuration.eventLimit
    let upload = configuration.uploadLimit

    router.get("/") { request, _ in
      try await Self.page(request, ledger) { web, access in
        await ledger.month(nil, web, access: access)
      }
    }
    router.get("/month") { request, _ in
      try await Self.page(request, ledger) { web, access in ledger.pick(web, access: access) }
    }
    router.get("/month/{month}") { request, context in
      let month = context.parameters.get("month")
      return try await Self.page(request, ledger) { web, access in
        await ledger.month(month ?? "", web, access: access)
      }
    }
    router.get("/static/hannun.css") { _, _ in
      Self.asset(
        StaticAssets.stylesheet + HouseholdStyle.stylesheet + ImportPage.stylesheet,
        type: "text/css; charset=utf-8")
    }
    router.get("/static/hannun.js") { _, _ in
      Self.asset(StaticAssets.script, type: "text/javascript; charset=utf-8")
    }
    router.get("/static/icon.svg") { _, _ in
      Self.asset(StaticAssets.icon, type: "image/svg+xml")
    }
    router.get("/signin") { request, _ in
      Self.response(await ledger.signInPage(WebRequest(request), error: nil))
    }
    router.post("/signin") { request, context in
      var request = request
      let body = try await request.collectBody(upTo: limit)
      var web = WebRequest(request)
      web.form = FormBody(String(buffer: body))
      web.client = context.clientAddress
      return Self.response(await ledger.signIn(web))
    }
    router.get("/events") { request, _ in
      let web = WebRequest(request)
      guard await ledger.access(web) != nil else {
        return Response(status: .unauthorized)
      }
      return events.response(limit: eventLimit)
    }
    router.post("/entries") { request, _ in
      try await Self.form(request, ledger, limit) { web, access in
        await ledger.add(web, access: access)
      }
    }
    router.get("/entries/{id}/edit") { request, context in
      let id = TransactionID(context.parameters.get("id") ?? "")
      return try await Self.page(request, ledger) { web, access in
        await ledger.editPage(id, access: access)
      }
    }
    router.post("/entries/{id}") { request, context in
      let id = TransactionID(context.parameters.get("id") ?? "")
      return try await Self.form(request, ledger, limit) { web, access in
        await ledger.edit(id, web, access: access)
      }
    }
    router.get("/entries/{id}/delete") { request, context in
      let id = TransactionID(context.parameters.get("id") ?? "")
      return try await Self.page(request, ledger) { web, access in
        await ledger.deletePage(id, access: access)
      }
    }
    router.post("/entries/{id}/delete") { request, context in
      let id = TransactionID(context.parameters.get("id") ?? "")
      return try await Self.form(request, ledger, limit) { web, access in
        await ledger.delete(id, web, access: access)
      }
    }
    router.get("/recurring/{id}/edit") { request, context in
      let id = RecurringRuleID(context.parameters.get("id") ?? "")
      return try await Self.page(request, ledger) { web, access in
        await ledger.ruleEditPage(id, web, access: access)
      }
    }
    router.post("/recurring/{id}/edit") { request, context in
      let id = RecurringRuleID(context.parameters.get("id") ?? "")
      return try await Self.form(request, ledger, limit) { web, access in
        await ledger.editRule(id, web, access: access)
      }
    }
    // The household pages and forms that take nothing from the address: each a route of the
    // browser's session, drawn (a page) or sent its intent (a form).
    let pages: [(String, @MainActor @Sendable (WebRequest, WebLedger.Access) async -> WebReply)] = [
      ("/due/change", { await ledger.changeDuePage($0, access: $1) }),
      ("/budgets", { await ledger.budgetsPage($0, access: $1) }),
      ("/recurring", { await ledger.recurringPage($0, access: $1) }),
      ("/search", { await ledger.searchPage($0, access: $1) }),
      ("/categories", { await ledger.categoriesPage($0, access: $1) }),
      ("/moods", { await ledger.moodReportPage($0, access: $1) }),
      ("/report", { await ledger.reportPage($0, access: $1) }),
      ("/year", { await ledger.yearPage($0, access: $1) }),
    ]
    for (path, draw) in pages {
      router.get(RouterPath(path)) { request, _ in try await Self.page(request, ledger, draw) }
    }
    let forms: [(String, @MainActor @Sendable (WebRequest, WebLedger.Access) async -> WebReply)] = [
      ("/due/confirm", { await ledger.confirmDue($0, access: $1) }),
      ("/due/confirm-all", { await ledger.confirmAllDue($0, access: $1) }),
      ("/due/skip", { await ledger.skipDue($0, access: $1) }),
      ("/due/change", { await ledger.changeDue($0, access: $1) }),
      ("/budgets/set", { await ledger.setBudget($0, access: $1) }),
      ("/budgets/remove", { await ledger.removeBudget($0, access: $1) }),
      ("/recurring", { await ledger.addRule($0, access: $1) }),
      ("/recurring/remove", { await ledger.removeRule($0, access: $1) }),
      ("/categories/rename", { await ledger.renameCategory($0, access: $1) }),
      ("/redo", { await ledger.redo($0, access: $1) }),
      ("/moods", { await ledger.setMood($0, access: $1) }),
    ]
    for (path, handle) in forms {
      router.post(RouterPath(path)) { request, _ in
        try await Self.form(request, ledger, limit, handle)
      }
    }
    router.get("/export") { request, _ in
      try await Self.page(request, ledger) { _, access in ledger.exportPage(access: access) }
    }
    router.get("/export/download") { request, _ in
      let web = WebRequest(request)
      let access = await MainActor.run { () -> WebLedger.Access? in ledger.access(web) }
      guard let access else { return Self.response(.seeOther("/signin")) }
      let (reply, name) = await ledger.exportFile(web, access: access)
      var answer = Self.response(reply)
      if let name {
        answer.headers[.contentDisposition] = "attachment; filename=\"\(name)\""
      }
      return answer
    }
    router.get("/import") { request, _ in
      try await Self.page(request, ledger) { web, access in ledger.importPage(web, access: access) }
    }
    router.post("/import") { request, _ in try await Self.upload(request, ledger, limit: upload) }
    router.post("/import/confirm") { request, _ in
      try await Self.form(request, ledger, limit) { web, access in
        await ledger.confirmImport(web, access: access)
      }
    }
    router.post("/undo") { request, _ in
      try await Self.form(request, ledger, limit) { web, access in
        await ledger.undo(web, access: access)
      }
    }
    addPhoneRoutes(to: router)
  }

  /// A page for a browser that may see it; the sign-in page's address otherwise.
  private static func page(
    _ request: Request, _ ledger: WebLedger,
    _ draw: @MainActor @Sendable (WebRequest, WebLedger.Access) async -> WebReply
  ) async throws -> Response {
    response(await ledger.page(WebRequest(request), draw))
  }

  /// A form's answer: the body read (up to `limit`), the browser's access and CSRF token
  /// checked, then `handle`. Nothing typed is lost on the way: a signed-out entry write gets the
  /// sign-in page carrying it (``WebLedger/signedOut(_:)``), and an entry form whose CSRF token
  /// this server no longer knows (its browser session was forgotten in a restart) comes back
  /// filled with a fresh token, nothing written. A form sent again with the same idempotency key
  /// is answered as the first time, not written again (``WebLedger/once(_:_:_:)``).
  private static func form(
    _ request: Request, _ ledger: WebLedger, _ limit: Int,
    _ handle: @MainActor @Sendable (WebRequest, WebLedger.Access) async -> WebReply
  ) async throws -> Response {
    var request = request
    let body = try await request.collectBody(upTo: limit)
    var web = WebRequest(request)
    web.form = FormBody(String(buffer: body))
    let form = web
    let access = await MainActor.run { () -> WebLedger.Access? in ledger.access(form) }
    guard let access else {
      return response(await MainActor.run { ledger.signedOut(form) })
    }
    guard let token = web.form["csrf"], Secret.matches(token, access.csrf) else {
      if let kept = await ledger.staleForm(form, access: access) { return response(kept) }
      let text = WebText(language: access.language)
      return response(.page(Layout.message(text.badForm, language: access.language), status: 403))
    }
    await ledger.lookAtVersion()
    return response(await ledger.once(form, access) { await handle($0, access) })
  }

  /// Hummingbird's response for a reply.
  static func response(_ reply: WebReply) -> Response {
    var headers: HTTPFields = [.contentType: reply.contentType, .cacheControl: "no-store"]
    if let location = reply.location { headers[.location] = location }
    if let seconds = reply.retryAfter { headers[.retryAfter] = String(seconds) }
    for cookie in reply.cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
    if let spool = reply.download {
      // Read back a piece at a time as the client takes it: the export was written whole
      // before (and the ledger's lock let go), so a slow phone holds neither memory nor a writer.
      return Response(
        status: HTTPResponse.Status(code: reply.status), headers: headers,
        body: ResponseBody(contentLength: spool.byteCount) { writer in
          try await spool.forEachPiece { piece in
            try await writer.write(ByteBuffer(bytes: piece))
          }
          try await writer.finish(nil)
        })
    }
    return Response(
      status: HTTPResponse.Status(code: reply.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: reply.body)))
  }

  private static func asset(_ text: String, type: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: type, .cacheControl: "max-age=300"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
