import Foundation
import HannunDomain
import HannunPresentation

/// The fields of an entry form as the browser sends them back: what a person typed, kept as
/// typed so that a refused form shows it again.
struct FormValues: Hashable, Sendable {
  var kind = TransactionKind.expense.rawValue
  var amount = ""
  var category = ""
  var memo = ""
  var date = ""
  /// The add's idempotency key (``IdempotencyKey``), kept when a refused form comes back so
  /// that sending it again still saves one entry; empty for a form drawn afresh.
  var key = ""
  /// The field whose value was refused (`amount` …): the error sits beside it and it takes the
  /// focus. `nil` when no one field was refused.
  var refused: String?

  /// The fields of a submitted form.
  init(_ body: FormBody) {
    kind = body["kind"] ?? ""
    amount = body["amount"] ?? ""
    category = body["category"] ?? ""
    memo = body["memo"] ?? ""
    date = body["date"] ?? ""
    key = body["key"] ?? ""
  }

  /// An empty form for a new expense on `day`.
  init(day: Day) { date = day.iso }

  /// The fields of a form (the entry being edited), as text it reads back.
  @MainActor init(_ form: TransactionFormViewModel) {
    kind = form.editableText(of: .kind)
    amount = form.editableText(of: .amount)
    category = form.editableText(of: .category)
    memo = form.editableText(of: .memo)
    date = form.editableText(of: .date)
  }
}

/// What the page shows below the calendar: the add form, an edit form, a delete question, or
/// the form that changes one recurring occurrence.
enum PagePanel: Sendable {
  case add(FormValues, error: String?)
  case edit(TransactionID, version: Int64, FormValues, error: String?)
  case delete(Transaction, error: String?)
  case changeOccurrence(Occurrence, OccurrenceValues, error: String?)
}

extension Transaction {
  /// The entry's version as a form carries it: its last write's stamp in milliseconds. Every
  /// write changes it, so a form sent back with an older one is stale.
  var webVersion: Int64 { Int64((updatedAt.timeIntervalSince1970 * 1000).rounded()) }
}
