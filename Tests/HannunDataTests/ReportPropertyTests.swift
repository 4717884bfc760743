import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import PropertyBased
import Testing

/// Reports come from the totals the file store keeps in its index, adjusted write by write.
/// Whatever the writes, they must equal a plain sum over the entries.
@Suite("Reports equal a recomputation from the entries")
struct ReportPropertyTests {
  @Test("after any adds, edits, moves and deletes, every report equals plain sums")
  func reportsMatchEntries() async {
    await propertyCheck(count: 25, input: Gen.uint64().array(of: 1...40)) { codes in
      try await Self.check(codes)
    }
  }

  /// The months the writes touch: two years, so that ranges and years cross a year's end.
  private static let months = (0..<24).map { offset in
    // 2024-06 … 2026-05
    let index = 2024 * 12 + 5 + offset
    return Fixtures.month(String(format: "%04d-%02d", index / 12, index % 12 + 1))
  }

  private static func check(_ codes: [UInt64]) async throws {
    try await withDataDirectory { data in
      var model: [TransactionID: Transaction] = [:]
      // Each code is one write, by a store opened for it, as one-shot commands do.
      for (step, code) in codes.enumerated() {
        let store = try await openStore(data)
        let existing = model.keys.sorted()
        let target = existing.isEmpty ? nil : existing[Int(code >> 40) % existing.count]
        switch (code % 4, target) {
        case (0, let id?):
          let current = try #require(model[id])
          try await store.delete(current)
          model[id] = nil
        case (1, let id?):
          let current = try #require(model[id])
          let updated = entry(code: code >> 8, id: id, created: current.createdAt)
          try await store.update(current, to: updated)
          model[id] = updated
        default:
          let added = entry(code: code >> 8, id: TransactionID("p\(step)"), created: nil)
          try await store.insert(added)
          model[added.id] = added
        }
      }
      let store = try await openStore(data)
      let entries = Array(model.values)
      for span in [
        months[0]...months[23], months[6]...months[6], months[6]...months[17],
        months[3]...months[9],
      ] {
        let report = try await LedgerReport.load(span, from: store)
        #expect(Plain(report) == (try expected(span, entries)), "\(span)")
      }
    }
  }

  /// An entry from a code: its month, day, kind, amount and one of a few categories.
  private static func entry(code: UInt64, id: TransactionID, created: Date?) -> Transaction {
    let month = months[Int(code % 24)]
    let day = Int((code >> 5) % 28) + 1
    let kind: TransactionKind = (code >> 10) % 3 == 0 ? .income : .expense
    let amount = Int64((code >> 12) % 500_000) + 1
    let category = ["식비", "교통", "월급", "rent", "café"][Int((code >> 32) % 5)]
    return .fixture(
      id: id.rawValue, day: String(format: "%@-%02d", month.iso, day), kind: kind,
      amount: amount, category: category,
      created: created ?? Date(timeIntervalSince1970: 1_700_000_000 + Double(code % 1000)))
  }

  /// A report as plain values, to compare with one summed by hand.
  private struct Plain: Equatable {
    var income: Int64
    var expense: Int64
    var balance: Int64
    /// `kind category amount share count`, in the report's order.
    var categories: [String]
    /// `month income expense`, in order.
    var months: [String]
    var previous: [Int64]?

    init(
      income: Int64, expense: Int64, balance: Int64, categories: [String], months: [String],
      previous: [Int64]?
    ) {
      self.income = income
      self.expense = expense
      self.balance = balance
      self.categories = categories
      self.months = months
      self.previous = previous
    }

    init(_ report: LedgerReport) {
      income = report.income.minorUnits
      expense = report.expense.minorUnits
      balance = report.balance.minorUnits
      categories = report.categories.map {
        "\($0.kind.rawValue) \($0.category) \($0.amount.minorUnits) \($0.share) \($0.count)"
      }
      months = report.months.map {
        "\($0.month.iso) \($0.income.minorUnits) \($0.expense.minorUnits)"
      }
      previous = report.previous.map { [$0.income.minorUnits, $0.expense.minorUnits] }
    }
  }

  /// The report computed the plain way: sums over the entries of the span and the span before.
  private static func expected(_ span: ClosedRange<YearMonth>, _ entries: [Transaction]) throws
    -> Plain
  {
    func sums(_ months: ClosedRange<YearMonth>) -> (income: Int64, expense: Int64) {
      entries.filter { months.contains($0.day.yearMonth) }.reduce(into: (Int64(0), Int64(0))) {
        if $1.kind == .income { $0.0 += $1.amount.minorUnits } else { $0.1 += $1.amount.minorUnits }
      }
    }
    let total = sums(span)
    var categories: [String: (kind: TransactionKind, category: String, amount: Int64, count: Int)] =
      [:]
    for entry in entries where span.contains(entry.day.yearMonth) {
      let key = "\(entry.kind.rawValue)/\(entry.category)"
      var value = categories[key] ?? (entry.kind, entry.category, 0, 0)
      value.amount += entry.amount.minorUnits
      value.count += 1
      categories[key] = value
    }
    let ordered = categories.values.sorted { lhs, rhs in
      if lhs.kind != rhs.kind { return lhs.kind == .income }
      if lhs.amount != rhs.amount { return lhs.amount > rhs.amount }
      return lhs.category < rhs.category
    }
    let shares = ordered.map { value in
      let whole = value.kind == .income ? total.income : total.expense
      var quotient = Decimal(value.amount) / Decimal(whole)
      var rounded = Decimal()
      NSDecimalRound(&rounded, &quotient, 4, .plain)
      return "\(value.kind.rawValue) \(value.category) \(value.amount) \(rounded) \(value.count)"
    }
    var months: [String] = []
    var month = span.lowerBound
    while month <= span.upperBound {
      let sum = sums(month...month)
      months.append("\(month.iso) \(sum.income) \(sum.expense)")
      month = try month.adding(months: 1)
    }
    let before = LedgerReport.previousSpan(of: span).map(sums)
    return Plain(
      income: total.income, expense: total.expense, balance: total.income - total.expense,
      categories: shares, months: months, previous: before.map { [$0.income, $0.expense] })
  }
}
