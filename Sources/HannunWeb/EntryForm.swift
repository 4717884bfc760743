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

  /// The form. Its action ends in `#ID`, so the page that answers it — refused, or the month
  /// after a save — opens scrolled to the form, not at the top. A refused field's error sits
  /// right after it and the field takes the focus; any other error heads the form.
  func render() -> String {
    var html = ""
    if version == nil {
      // The add action, reachable without scrolling: a button fixed at the screen's corner.
      html += "<a id=\"jump-add\" class=\"fab\" href=\"#add\">+ \(HTML.escape(button))</a>"
    }
    html += "<form id=\"\(id)\" method=\"post\" action=\"\(HTML.escape(action))#\(id)\">"
    html += "<h2>\(HTML.escape(title))</h2>"
    let besideField = values.refused.map(Self.textFields.contains) ?? false
    if let error, !besideField { html += HTML.alert(error) }
    html += "<fieldset class=\"kind\"><legend>\(HTML.escape(text.kind))</legend>"
    for kind in [TransactionKind.expense, .income] {
      let label = kind == .income ? text.income : text.expense
      let checked = values.kind == kind.rawValue ? " checked" : ""
      html += "<label class=\"\(kind == .income ? "in" : "out")\"><input type=\"radio\" "
      html += "name=\"kind\" value=\"\(kind.rawValue)\"\(checked)> \(HTML.escape(label))</label>"
    }
    html += "</fieldset>"
    // Plain text: a phone's keypad for decimals has no 만 or 천, which the amount may use.
    html += field("amount", text.amount, values.amount, hint: text.amountHint, mode: "text")
    if text.language == .korean {
      html += "<div class=\"quick\" role=\"group\" aria-label=\"\(HTML.escape(text.amount))\">"
      for unit in ["만", "천"] {
        html += "<button type=\"button\" data-append=\"\(unit)\" data-for=\"\(id)-amount\">"
        html += "\(unit)</button>"
      }
      html += "</div>"
    }
    html += field("category", text.category, values.category, list: "categories")
    html += field("memo", text.memo, values.memo)
    html += field("date", text.date, values.date, hint: text.dateHint)
    // The ledger's categories, filled in by the page's script from `/categories.json`.
    html += "<datalist id=\"categories\"></datalist>"
    html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"month\" value=\"\(month.iso)\">"
    if let version {
      html += "<input type=\"hidden\" name=\"version\" value=\"\(version)\">"
    } else {
      // An add's idempotency key: the one it was sent with, or a fresh one for each page.
      let key = values.key.isEmpty ? IdempotencyKey.marker : values.key
      html += "<input type=\"hidden\" name=\"key\" value=\"\(HTML.escape(key))\">"
    }
    html += "<button type=\"submit\">\(HTML.escape(button))</button>"
    if let cancel {
      html += " <a class=\"cancel\" href=\"\(HTML.escape(cancel))\">\(HTML.escape(text.cancel))</a>"
    }
    return html + "</form>\n"
  }

  /// The fields typed as text, beside which an error can sit.
  static let textFields = ["amount", "category", "memo", "date"]

  private func field(
    _ name: String, _ label: String, _ value: String, hint: String? = nil, mode: String? = nil,
    list: String? = nil
  ) -> String {
    var html = "<label class=\"field\"><span>\(HTML.escape(label))</span>"
    html += "<input type=\"text\" id=\"\(id)-\(name)\" name=\"\(name)\" "
    html += "value=\"\(HTML.escape(value))\""
    if let list { html += " list=\"\(list)\"" }
    if let hint { html += " placeholder=\"\(HTML.escape(hint))\"" }
    if let mode { html += " inputmode=\"\(mode)\"" }
    let refused = error != nil && values.refused == name
    if refused {
      html += " autofocus aria-invalid=\"true\" aria-describedby=\"\(id)-\(name)-error\""
    }
    html += " autocomplete=\"off\"></label>"
    if refused, let error {
      html += "<p id=\"\(id)-\(name)-error\" class=\"error\" role=\"alert\">"
      html += "\(HTML.escape(error))</p>"
    }
    return html
  }
}
