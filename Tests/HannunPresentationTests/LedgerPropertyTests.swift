import HannunDomain
import HannunPresentation
import HannunTestSupport
import PropertyBased
import Testing

@Suite("Ledger properties")
@MainActor
struct LedgerPropertyTests {
  @Test(
    "after any mix of adds, edits, deletes, undos and redos, every total shown equals a recomputation from the store"
  )
  func shownTotalsMatchTheStore() async {
    await propertyCheck(count: 80, input: Gen.uint64().array(of: 1...24)) { codes in
      try await Self.check(operations: codes)
    }
  }

  @Test("a known long sequence keeps the calendar equal to the store")
  func fixedSequence() async throws {
    var generator = SplitMix64(seed: 2_025_11_14)
    let codes = (0..<200).map { _ in generator.next() }
    try await Self.check(operations: codes)
  }

  /// The months the operations touch; the check visits the middle three.
  private static let months = ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01"].map(month)
  private static let firstDay = day("2025-09-20")
  private static let dayCount: UInt64 = 113  // up to 2026-01-10

  /// Runs one operation per code, checking the window after each, then visits every month.
  private static func check(operations codes: [UInt64]) async throws {
    let ledger = await TestLedger.started()
    let otherWriter = LedgerEditor(
      repository: ledger.repository, clock: ledger.clock,
      makeID: Fixtures.sequentialIDs(prefix: "w"))
    for code in codes {
      var operation = Operation(code)
      try await operation.apply(to: ledger, otherWriter: otherWriter)
      await ledger.settle()
      #expect(ledger.coordinator.path.isEmpty)
      await expectShownMatchesStore(ledger)
    }
    for month in months[1...3] {
      await ledger.calendar.show(month: month)
      await expectShownMatchesStore(ledger)
    }
  }

  /// Compares what the calendar shows with totals summed by hand from `repository.all`.
  private static func expectShownMatchesStore(_ ledger: TestLedger) async {
    let stored = await ledger.repository.all
    let calendar = ledger.calendar
    var perDay: [Day: (income: Int64, expense: Int64)] = [:]
    var perMonth: [YearMonth: (income: Int64, expense: Int64)] = [:]
    for entry in stored {
      let amount = entry.amount.minorUnits
      let isIncome = entry.kind == .income
      perDay[entry.day, default: (0, 0)].income += isIncome ? amount : 0
      perDay[entry.day, default: (0, 0)].expense += isIncome ? 0 : amount
      perMonth[entry.day.yearMonth, default: (0, 0)].income += isIncome ? amount : 0
      perMonth[entry.day.yearMonth, default: (0, 0)].expense += isIncome ? 0 : amount
    }

    for month in calendar.window.months.compactMap({ $0 }) {
      let expected = perMonth[month] ?? (0, 0)
      let shown = calendar.summaries[month]
      #expect(shown?.total.income == money(expected.income), "income of \(month)")
      #expect(shown?.total.expense == money(expected.expense), "expense of \(month)")
      #expect(
        shown?.balance == money(expected.income - expected.expense), "balance of \(month)")
      #expect(
        calendar.entriesByMonth[month] == stored.filter { $0.day.yearMonth == month },
        "entries of \(month)")
      for day in month.days {
        let want = perDay[day] ?? (0, 0)
        let got = calendar.summary(of: day)
        if got.income != money(want.income) || got.expense != money(want.expense) {
          Issue.record("\(day) shows \(got), the store has \(want)")
        }
      }
    }

    let current = perMonth[calendar.currentMonth] ?? (0, 0)
    #expect(calendar.monthIncome == money(current.income))
    #expect(calendar.monthExpense == money(current.expense))
    #expect(calendar.monthBalance == money(current.income - current.expense))
    for cell in calendar.dayCells {
      guard let day = cell.day else { continue }
      let want = perDay[day] ?? (0, 0)
      if cell.income != money(want.income) || cell.expense != money(want.expense) {
        Issue.record("the cell of \(day) shows \(cell.income), \(cell.expense); store has \(want)")
      }
    }
    #expect(calendar.selectedEntries == stored.filter { $0.day == calendar.selectedDay })
  }

  /// One random step, decoded from a number so that failing inputs shrink and replay.
  @MainActor
  private struct Operation {
    private var bits: UInt64

    init(_ code: UInt64) { bits = code }

    /// Takes a number in `0..<count` from the code.
    private mutating func take(_ count: UInt64) -> Int {
      let value = bits % count
      bits /= count
      return Int(value)
    }

    private mutating func takeDay() -> Day {
      LedgerPropertyTests.firstDay.adding(days: take(LedgerPropertyTests.dayCount))
        ?? LedgerPropertyTests.firstDay
    }

    private mutating func takeDraft() throws -> TransactionDraft {
      try TransactionDraft(
        day: takeDay(), kind: take(2) == 0 ? .expense : .income,
        amount: Amount(minorUnits: Int64(1 + take(200)) * 500),
        category: ["food", "rent", "pay"][take(3)], memo: take(2) == 0 ? "" : "memo")
    }

    mutating func apply(to ledger: TestLedger, otherWriter: LedgerEditor) async throws {
      let stored = await ledger.repository.all
      let target = stored.isEmpty ? nil : stored[take(UInt64(stored.count))]
      switch take(10) {
      case 0:
        try await ledger.editor.add(takeDraft())
      case 1:
        try await fillAndSave(ledger.coordinator.showAddForm(), with: takeDraft())
      case 2:
        guard let target else { return }
        try await ledger.editor.update(id: target.id, to: takeDraft())
      case 3:
        guard let target else { return }
        let form: TransactionFormViewModel
        if take(2) == 0 {
          form = try await ledger.coordinator.showEditForm(for: .id(target.id.rawValue))
        } else {
          await ledger.calendar.select(day: target.day)
          let position = try #require(ledger.calendar.selectedEntries.firstIndex(of: target))
          form = try await ledger.coordinator.showEditForm(for: .position(position + 1))
        }
        var draft = TransactionDraft(target)
        if take(2) == 0 { draft.day = takeDay() }
        if take(2) == 0 { draft.kind = draft.kind == .income ? .expense : .income }
        if take(2) == 0 { draft.amount = try Amount(minorUnits: Int64(1 + take(50)) * 1_000) }
        try await fillAndSave(form, with: draft)
      case 4:
        guard let target else { return }
        if take(2) == 0 {
          try await ledger.editor.delete(id: target.id)
        } else {
          let confirmation = try await ledger.coordinator.showDeleteConfirmation(
            for: .id(target.id.rawValue))
          #expect(await confirmation.confirm() == target)
        }
      case 5, 6:
        _ = try await ledger.coordinator.undo()
      case 7:
        _ = try await ledger.coordinator.redo()
      case 8:
        // A second writer with its own history; its steps may collide with the first's.
        switch take(3) {
        case 0: try await otherWriter.add(takeDraft())
        case 1: _ = try? await otherWriter.undo()
        default:
          if let target { try await otherWriter.update(id: target.id, to: takeDraft()) }
        }
      default:
        switch take(3) {
        case 0: await ledger.calendar.show(month: LedgerPropertyTests.months[take(5)])
        case 1: try? await ledger.calendar.showNext()
        default: try? await ledger.calendar.showPrevious()
        }
      }
    }

    private func fillAndSave(
      _ form: TransactionFormViewModel, with draft: TransactionDraft
    ) async throws {
      form.enter(draft.kind == .income ? "수입" : "expense", for: .kind)
      form.enter(String(draft.amount.minorUnits), for: .amount)
      form.enter(draft.category, for: .category)
      form.enter(draft.memo, for: .memo)
      form.enter(draft.day.iso, for: .date)
      #expect(form.errors.isEmpty)
      #expect(await form.save() != nil)
    }
  }
}

/// A small seeded generator for the fixed long sequence.
