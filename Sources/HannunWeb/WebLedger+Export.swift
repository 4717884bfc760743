import HannunDomain
import HannunKit
import HannunPresentation

/// Downloads of the ledger, as `hannun export` writes them: CSV, an hledger/ledger journal, or
/// the complete JSON backup that `hannun import` restores. A download reads the ledger; it
/// changes nothing.
extension WebLedger {
  /// `GET /export`: the formats and the span.
  func exportPage(access: Access, alerts: [String] = [], status: Int = 200) -> WebReply {
    let language = access.language
    var html = "<form id=\"export\" method=\"get\" action=\"/export/download\">"
    html += "<fieldset class=\"formats\"><legend>\(HTML.escape(language.exportTitle))</legend>"
    for (index, format) in ["csv", "journal", "json"].enumerated() {
      html += "<label><input type=\"radio\" name=\"format\" value=\"\(format)\""
      html += index == 0 ? " checked>" : ">"
      html += " \(HTML.escape(language.exportDescription(format)))</label>"
    }
    html += "</fieldset><p class=\"hint\">\(HTML.escape(language.exportSpanHint))</p>"
    html += HouseholdFrame.field("from", language.fromLabel, "", type: "date")
    html += HouseholdFrame.field("to", language.toLabel, "", type: "date")
    html += "<button type=\"submit\">\(HTML.escape(language.downloadLabel))</button></form>\n"
    let page = frame(access, alerts: alerts).render(
      title: language.exportTitle, path: "/export", content: html)
    return reply(page, access, status: status)
  }

  /// `GET /export/download?format=csv|journal|json&from=…&to=…`: the file, or the export page
  /// with the reason when the request names no format or a span backwards.
  /// - Returns: The reply and, for a file, its name.
  func exportFile(_ request: WebRequest, access: Access) async -> (WebReply, String?) {
    let language = access.language
    let messages = self.messages(access)
    let format = request.query["format"] ?? ""
    func day(_ name: String) -> Day?? {
      guard let text = request.query[name], !text.isEmpty else { return .some(nil) }
      return (try? Day(iso: text)).map { .some($0) }
    }
    guard let from = day("from"), let to = day("to") else {
      let text = [request.query["from"], request.query["to"]].compactMap { $0 }.joined(
        separator: " ")
      return (exportPage(access: access, alerts: [language.badDay(text)], status: 422), nil)
    }
    // The same export `hannun export` writes (``LedgerExporter``), spooled whole to a
    // temporary file and sent from there.
    let files: [ExportFormat: (name: String, type: String)] = [
      .csv: ("hannun.csv", "text/csv; charset=utf-8"),
      .journal: ("hannun.journal", "text/plain; charset=utf-8"),
      .json: ("hannun-backup.json", "application/json; charset=utf-8"),
    ]
    guard let kind = ExportFormat(rawValue: format), let file = files[kind] else {
      return (
        exportPage(access: access, alerts: [language.unknownFormat(format)], status: 422), nil
      )
    }
    do {
      let spool = try await device(access).exporter.spool(
        kind, from: from, to: to, byteOrderMark: kind == .csv)
      var reply = WebReply(status: 200, body: "", contentType: file.type)
      reply.download = spool
      reply.cookies = access.cookies
      return (reply, file.name)
    } catch {
      // A span backwards is the request's fault; anything else the ledger's.
      let status = error is TransactionQueryError ? 422 : 500
      return (
        exportPage(access: access, alerts: [messages.describe(AppError(error))], status: status),
        nil
      )
    }
  }
}
