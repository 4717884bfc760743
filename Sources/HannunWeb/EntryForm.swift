import HannunDomain

/// The add or edit form: kind, amount, category, memo and date, with the values as typed and the
/// error of a refused save.
struct EntryForm {
  let text: WebText
  let id: String
  let action: String
  let title: String
  let button: String
  let values: FormValues
  let error: String?
  let csrf: String
  /// The month on screen, for dates typed without one (`3일`).
  let month: YearMonth
  /// The entry's version, for an edit.
  let version: Int64?
  /// Where cancelling goes, for an edit.
  let cancel: String?

  func render() -> String {
    var html = "<form id=\"\(id)\" method=\"post\" action=\"\(HTML.escape(action))\">"
    html += "<h2>\(HTML.escape(title))</h2>"
    if let error { html += HTML.alert(error) }
    html += "<fieldset class=\"kind\"><legend>\(HTML.escape(text.kind))</legend>"
    for kind in [TransactionKind.expense, .income] {
      let label = kind == .income ? text.income : text.expense
      let checked = values.kind == kind.rawValue ? " checked" : ""
      html += "<label class=\"\(kind == .income ? "in" : "out")\"><input type=\"radio\" "
      html += "name=\"kind\" value=\"\(kind.rawValue)\"\(checked)> \(HTML.escape(label))</label>"
    }
    html += "</fieldset>"
    html += field("amount", text.amount, values.amount, hint: text.amountHint, mode: "decimal")
    html += field("category", text.category, values.category)
    html += field("memo", text.memo, values.memo)
    html += field("date", text.date, values.date, hint: text.dateHint)
    html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"month\" value=\"\(month.iso)\">"
    if let version { html += "<input type=\"hidden\" name=\"version\" value=\"\(version)\">" }
    html += "<button type=\"submit\">\(HTML.escape(button))</button>"
    if let cancel {
      html += " <a class=\"cancel\" href=\"\(HTML.escape(cancel))\">\(HTML.escape(text.cancel))</a>"
    }
    return html + "</form>\n"
  }

  private func field(
    _ name: String, _ label: String, _ value: String, hint: String? = nil, mode: String? = nil
  ) -> String {
    var html = "<label class=\"field\"><span>\(HTML.escape(label))</span>"
    html += "<input type=\"text\" name=\"\(name)\" value=\"\(HTML.escape(value))\""
    if let hint { html += " placeholder=\"\(HTML.escape(hint))\"" }
    if let mode { html += " inputmode=\"\(mode)\"" }
    return html + " autocomplete=\"off\"></label>"
  }
}
