import Foundation
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunPresentation

/// The import page: the upload form, and the dry-run preview with its confirm button. Every
/// piece of ledger or file text is escaped; the words are the terminal's (``ImportMessages``,
/// ``BackupRestoreText``) where it says the same thing.
@MainActor
struct ImportPage {
  /// The frame with the links and what the last write said.
  let frame: HouseholdFrame
  /// How many rows the preview lists; the counts and month totals cover them all.
  static let previewRows = 20

  /// The import page's styles, served after the household's: every target at least 44 px high.
  nonisolated static let stylesheet = """

    #import .pair{white-space:nowrap}
    #import fieldset{border:0;padding:0;display:flex;flex-direction:column;gap:6px}
    #import fieldset label{min-height:44px;display:inline-flex;align-items:center;gap:6px}
    #import input[type=file]{min-height:44px;min-width:44px;max-width:100%;font-size:16px}
    #import-preview ul{list-style:none;margin:0 0 8px;padding:0}
    #import-preview li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;
    padding:8px 2px;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
    #import-preview .amount{margin-left:auto;font-variant-numeric:tabular-nums}
    #import-preview h2{font-size:16px;margin:14px 0 6px}
    #import-confirm{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
    #import-confirm a.cancel{display:inline-flex;align-items:center;min-height:44px;
    min-width:44px;padding:0 12px}
    """

  private var language: DisplayLanguage { frame.language }

  /// The upload form: a file, its format when its name does not say it, and — for a statement
  /// whose headers Hannun does not know — its columns and the category of rows without one, as
  /// typed before (`hannun import --map FIELD=HEADER --category C`).
  func uploadForm(mappings: String = "", category: String = "") -> String {
    var html = "<form id=\"import\" method=\"post\" action=\"/import\" "
    html += "enctype=\"multipart/form-data\">" + frame.csrfField
    html += "<p class=\"hint\">\(HTML.escape(language.web.importHint))</p>"
    html += "<label class=\"field\"><span>\(HTML.escape(language.web.importFileLabel))</span>"
    html += "<input type=\"file\" name=\"file\" required "
    html += "accept=\".csv,.txt,.journal,.ledger,.hledger,.dat,.j,.json\"></label>"
    html += "<fieldset class=\"formats\"><legend>\(HTML.escape(language.web.importFormatLabel))"
    html += "</legend>"
    for (index, format) in ["", "csv", "journal", "json"].enumerated() {
      html += "<label><input type=\"radio\" name=\"format\" value=\"\(format)\""
      html += index == 0 ? " checked>" : ">"
      html += " \(HTML.escape(language.web.importFormatName(format)))</label>"
    }
    html += "</fieldset>"
    html += HouseholdFrame.field("map", language.web.importMapLabel, mappings)
    let fields = ImportField.allCases.map(\.rawValue).joined(separator: ", ")
    let mapHint = HTML.keepingPairsWhole(HTML.escape(language.web.importMapHint(fields: fields)))
    html += "<p class=\"hint\">\(mapHint)</p>"
    html += HouseholdFrame.field("category", language.web.importCategoryLabel, category)
    html +=
      "<button type=\"submit\">\(HTML.escape(language.web.importPreviewButton))</button></form>\n"
    return frame.render(title: language.web.importTitle, path: "/import", content: html)
  }

  /// The preview of `pending`: what would be added (a backup: what it restores), and the
  /// confirm form.
  func preview(_ pending: PendingImport, token: String, money: MoneyFormatter) -> String {
    let words = language.imports
    var html = "<section id=\"import-preview\">"
    html += "<p class=\"file\">\(HTML.escape(pending.name))</p>"
    switch pending.kind {
    case .entries(let preview, _, let skipped):
      let plan = preview.plan
      html += "<p id=\"import-summary\">"
      html += HTML.escape(words.dryRun(added: plan.additions.count, duplicates: plan.duplicates))
      html += "</p>"
      if let totals = try? plan.monthTotals(), !totals.isEmpty {
        html += "<ul class=\"months\">"
        for total in totals {
          let line = words.dryRunMonth(
            total.month, count: total.count,
            income: money.string(Money(minorUnits: total.income)),
            expense: money.string(Money(minorUnits: total.expense)))
          html += "<li>\(HTML.escape(line))</li>"
        }
        html += "</ul>"
      }
      if !plan.additions.isEmpty {
        let shown = min(Self.previewRows, plan.additions.count)
        html += "<h2>\(HTML.escape(words.firstRows(shown)))</h2><ul class=\"entries\">"
        for draft in plan.additions.prefix(Self.previewRows) { html += row(draft, money) }
        html += "</ul>"
      }
      if !preview.refused.isEmpty {
        html += "<h2>\(HTML.escape(words.skippedTransactions(skipped.count)))</h2>"
        html += "<ul class=\"refused\">"
        for (refusal, item) in zip(preview.refused, skipped) {
          html += "<li><span class=\"line\">\(HTML.escape(words.line(refusal.line)))</span> "
          html += "<code>\(HTML.escape(refusal.text))</code> — "
          html += "\(HTML.escape(reason(item.reason)))</li>"
        }
        html += "</ul>"
      }
    case .backup(_, let outline):
      html += "<ul class=\"backup\">"
      let summary = BackupRestoreText.summary(outline, dryRun: true, language: language)
      for line in summary.split(separator: "\n") {
        html += "<li>\(HTML.escape(String(line)))</li>"
      }
      html += "</ul>"
    }
    html += "<form id=\"import-confirm\" method=\"post\" action=\"/import/confirm\">"
    html += frame.csrfField
    html += "<input type=\"hidden\" name=\"preview\" value=\"\(HTML.escape(token))\">"
    html += "<button type=\"submit\">\(HTML.escape(language.web.importConfirmButton))</button> "
    html += "<a class=\"cancel\" href=\"/import\">\(HTML.escape(language.web.importCancel))</a>"
    html += "</form></section>\n"
    return frame.render(title: language.web.importPreviewTitle, path: "/import", content: html)
  }

  /// One row that would be added: day, kind, amount, category and memo.
  private func row(_ draft: TransactionDraft, _ money: MoneyFormatter) -> String {
    let kind = draft.kind == .income ? "in" : "out"
    var html = "<li class=\"entry \(draft.kind.rawValue)\"><span class=\"when\">\(draft.day.iso)"
    html += "</span><span class=\"category\">\(HTML.escape(draft.category))</span>"
    if !draft.memo.isEmpty { html += "<span class=\"memo\">\(HTML.escape(draft.memo))</span>" }
    html += "<span class=\"amount \(kind)\">\(draft.kind == .income ? "+" : "-")"
    return html + "\(HTML.escape(money.string(Money(draft.amount))))</span></li>"
  }

  /// Why a journal transaction is not an entry, in the terminal's words.
  private func reason(_ reason: SkippedTransaction.Reason) -> String {
    let words = language.imports
    return switch reason {
    case .postings(let count): words.postings(count)
    case .noCategoryAccount: words.noCategoryAccount
    case .amount(let text): words.unreadableAmount(text)
    case .reversed: words.reversed
    case .date(let text): words.unreadableDate(text)
    case .field(let error): language.messages.describe(error)
    case .rule: words.rule
    }
  }
}
