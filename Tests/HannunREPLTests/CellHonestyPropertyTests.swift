import HannunDomain
import HannunPresentation
import HannunTestSupport
import PropertyBased
import Testing

@testable import HannunREPL

/// A calendar cell never states a false amount: whatever a month holds (income, expense, planned
/// income and expense on any day) and whatever the width, each amount a cell shows is one of the
/// day's true amounts — exact, or marked `≈` and rounded at the one precision the whole screen
/// uses — never a difference or a sum of two; a day with more than its line shows says so (`…`),
/// and a planned amount the line does not show is marked (`~`).
@MainActor
@Suite("Calendar cells state only true amounts")
struct CellHonestyPropertyTests {
  @Test(
    "for random days and widths 40–160, no cell's text differs from the day's true amounts other than by a marked rounding"
  )
  func randomMonths() async {
    await propertyCheck(count: 6, input: Gen.uint64().array(of: 1...45)) { codes in
      try await Self.check(codes)
    }
  }

  @Test("a fixed busy month, with every kind of day, at every width from 40 to 160")
  func fixedMonth() async throws {
    var generator = SplitMix64(seed: 2_026_11_25)
    try await Self.check((0..<70).map { _ in generator.next() })
  }

  @Test("the issue's days: +10,000 and −20,000; a planned +3,200,000 with −50,000; 9 Nov's due")
  func issueDays() async throws {
    // Each code: day in the low 5 bits (less one), what in the next 3, then the amount.
    func code(day: UInt64, _ what: UInt64, _ amount: UInt64) -> UInt64 {
      (day - 1) | what << 5 | amount << 8
    }
    try await Self.check([
      code(day: 1, 0, 10_000), code(day: 1, 1, 20_000),
      code(day: 25, 2, 3_200_000), code(day: 25, 1, 50_000), code(day: 24, 2, 3_200_000),
      code(day: 24, 3, 50_000), code(day: 9, 1, 52_000), code(day: 9, 3, 10_000),
      code(day: 13, 1, 15_000), code(day: 15, 1, 15_000), code(day: 17, 1, 39_600),
      code(day: 10, 0, 3_200_000), code(day: 10, 1, 99_450),
    ])
  }

  // MARK: - The month

  /// One day's true amounts.
  private struct Truth {
    var income: Int64 = 0
    var expense: Int64 = 0
    var plannedIncome: Int64 = 0
    var plannedExpense: Int64 = 0
  }

  /// Builds November 2025 from `codes` and checks its screens at every width from 40 to 160, in
  /// both languages. Each code is one thing on one day: a real income or expense, or a monthly
  /// rule planning one.
  private static func check(_ codes: [UInt64]) async throws {
    var entries: [Transaction] = []
    var rules: [RecurringRule] = []
    var truth: [Int: Truth] = [:]
    for (index, code) in codes.enumerated() {
      let day = Int(code % 32) % 30 + 1
      let what = (code >> 5) % 4
      let amount = Self.amount(code >> 8)
      let iso = "2025-11-" + (day < 10 ? "0" : "") + String(day)
      switch what {
      case 0, 1:
        let kind: TransactionKind = what == 0 ? .income : .expense
        entries.append(.fixture(id: "e\(index)", day: iso, kind: kind, amount: amount))
        if what == 0 { truth[day, default: Truth()].income += amount }
        if what == 1 { truth[day, default: Truth()].expense += amount }
      default:
        let kind: TransactionKind = what == 2 ? .income : .expense
        rules.append(.fixture(id: index + 1, .monthly(day: day), kind: kind, amount: amount))
        if what == 2 { truth[day, default: Truth()].plannedIncome += amount }
        if what == 3 { truth[day, default: Truth()].plannedExpense += amount }
      }
    }
    for language in DisplayLanguage.allCases {
      let repository = InMemoryTransactionRepository(entries)
      await repository.replacePlanUnannounced(.fixture(rules))
      let calendar = CalendarViewModel(
        repository: repository, clock: .fixed(at: Fixtures.day("2025-11-10")), currency: .krw,
        language: language)
      await calendar.start()
      for columns in 40...160 {
        let rows = [nil, 20, 24, 40][columns % 4]
        try checkScreen(calendar, truth, columns, rows)
      }
    }
  }

  /// An amount from 1 to about ten billion, spread over every number of digits.
  private static func amount(_ bits: UInt64) -> Int64 {
    if bits < 1 << 32, bits > 0 { return Int64(bits) }  // the issue's exact amounts
    let digits = Int(bits % 11)
    let scale = (0..<digits).reduce(Int64(1)) { value, _ in value * 10 }
    return Int64((bits >> 4) % 9 + 1) * scale + Int64((bits >> 8) % UInt64(scale))
  }

  // MARK: - One screen

  private static func checkScreen(
    _ calendar: CalendarViewModel, _ truth: [Int: Truth], _ columns: Int, _ rows: Int?
  ) throws {
    let renderer = CalendarRenderer(
      theme: .plain, size: TerminalSize(columns: columns, rows: rows))
    let plan = renderer.layout(for: calendar)
    let grid = renderer.grid(calendar, amounts: plan.layout.amounts)
    let widths = renderer.cellWidths
    let label = "\(calendar.language) \(columns)×\(rows.map(String.init) ?? "∞")"
    var precisions: Set<Int>?
    var row = 1
    for week in calendar.weeks {
      row += 1
      for line in renderer.amountLines(of: week, plan.layout.amounts) {
        let text = try #require(grid.indices.contains(row) ? grid[row] : nil, "\(label)")
        row += 1
        if line == .mood { continue }
        var shown: [Int: String] = [:]
        for (token, end) in tokens(text) {
          let index = try #require(cellIndex(ofColumn: end, widths), "\(label): \(text)")
          let day = try #require(week[index].day?.day, "an amount under no day: \(label)")
          #expect(shown[index] == nil, "two amounts in one cell: \(label): \(text)")
          shown[index] = token
          let levels = try verify(token, line, truth[day] ?? Truth(), "\(label) day \(day)")
          precisions = precisions.map { $0.intersection(levels) } ?? levels
        }
        for (index, cell) in week.enumerated() {
          guard let day = cell.day?.day, let facts = truth[day] else { continue }
          expectVisible(shown[index], line, facts, "\(label) day \(day): \(text)")
        }
      }
    }
    #expect(
      precisions?.isEmpty != true,
      "one precision for the whole screen: \(label)\n\(grid.joined(separator: "\n"))")
  }

  /// The tokens of an amount line with the display column each ends at.
  private static func tokens(_ line: String) -> [(String, Int)] {
    var result: [(String, Int)] = []
    var current = ""
    var column = 0
    for character in line {
      if character == " " {
        if !current.isEmpty { result.append((current, column - 1)) }
        current = ""
      } else {
        current.append(character)
      }
      column += TerminalText.displayWidth(String(character))
    }
    if !current.isEmpty { result.append((current, column - 1)) }
    return result
  }

  private static func cellIndex(ofColumn column: Int, _ widths: [Int]) -> Int? {
    var start = 0
    for (index, width) in widths.enumerated() {
      if column < start + width { return index }
      start += width
    }
    return nil
  }

  /// Checks one cell's text against the day's truth; returns the precisions (significant digits,
  /// 99 for exact) it is consistent with.
  private static func verify(
    _ token: String, _ line: AmountLine, _ facts: Truth, _ label: String
  ) throws -> Set<Int> {
    var rest = Substring(token)
    let planned = rest.hasPrefix("~")
    if planned { rest.removeFirst() }
    var trailingMore = false
    var trailingPlanned = false
    while let last = rest.last, last == "…" || last == "~" {
      if last == "…" { trailingMore = true } else { trailingPlanned = true }
      rest.removeLast()
    }
    let expense = rest.hasPrefix("-")
    if rest.hasPrefix("-") || rest.hasPrefix("+") { rest.removeFirst() }
    let approximate = rest.hasPrefix("≈")
    if approximate { rest.removeFirst() }
    let kind: TransactionKind = expense ? .expense : .income
    switch line {
    case .income: #expect(kind == .income, "\(token) on the income line: \(label)")
    case .expense: #expect(kind == .expense, "\(token) on the expense line: \(label)")
    default: break
    }
    let truth =
      planned
      ? (kind == .income ? facts.plannedIncome : facts.plannedExpense)
      : (kind == .income ? facts.income : facts.expense)
    #expect(truth > 0, "\(token) states an amount the day does not have: \(label)")
    let oneLine = line != .income && line != .expense
    if trailingMore {
      let more =
        rest.isEmpty
        || (oneLine
          && (planned
            ? facts.plannedIncome > 0 && facts.plannedExpense > 0
            : facts.income > 0 && facts.expense > 0))
      #expect(more, "\(token) says there is more, and there is not: \(label)")
    }
    if trailingPlanned {
      let hidden =
        !planned
        && (oneLine
          ? facts.plannedIncome + facts.plannedExpense > 0
          : (kind == .income ? facts.plannedIncome : facts.plannedExpense) > 0)
      #expect(hidden, "\(token) marks a planned amount the day does not have: \(label)")
    }
    guard !rest.isEmpty else {
      #expect(trailingMore, "\(token) shows no amount and no mark: \(label)")
      return Set([1, 2, 3, 4, 99])
    }
    let value = try AmountParser(currency: .krw).parse(String(rest)).minorUnits
    // Significant digits: 15,000 has two, and is exact at two digits' precision.
    var significant = String(truth)
    while significant.count > 1, significant.last == "0" { significant.removeLast() }
    let digits = significant.count
    if !approximate {
      #expect(value == truth, "\(token) is not \(truth) and not marked ≈: \(label)")
      return Set([99] + (1...4).filter { $0 >= digits })
    }
    let levels = Set((1...4).filter { $0 < digits && rounded(truth, significant: $0) == value })
    #expect(!levels.isEmpty, "\(token) is no rounding of \(truth): \(label)")
    return levels
  }

  /// A day with an amount under a line it has shows it there, or marks it.
  private static func expectVisible(
    _ token: String?, _ line: AmountLine, _ facts: Truth, _ label: String
  ) {
    let plannedHere: Bool
    let realHere: Bool
    switch line {
    case .income:
      realHere = facts.income > 0
      plannedHere = facts.plannedIncome > 0
    case .expense:
      realHere = facts.expense > 0
      plannedHere = facts.plannedExpense > 0
    default:
      realHere = facts.income + facts.expense > 0
      plannedHere = facts.plannedIncome + facts.plannedExpense > 0
    }
    guard realHere || plannedHere else {
      #expect(token == nil, "\(token ?? "") under a day without amounts: \(label)")
      return
    }
    guard let token else {
      Issue.record("the day's amount is missing: \(label)")
      return
    }
    if realHere {
      #expect(!token.hasPrefix("~"), "a planned amount hides a real one: \(token) \(label)")
      if plannedHere {
        #expect(token.hasSuffix("~"), "the planned amount is not marked: \(token) \(label)")
      }
      if line != .income, line != .expense, facts.income > 0, facts.expense > 0 {
        #expect(token.contains("…"), "the day's other amount is not marked: \(token) \(label)")
      }
    } else {
      #expect(token.hasPrefix("~"), "the planned amount is not shown as planned: \(token) \(label)")
    }
  }

  private static func rounded(_ value: Int64, significant: Int) -> Int64 {
    let digits = String(value).count
    guard digits > significant else { return value }
    let step = (0..<(digits - significant)).reduce(Int64(1)) { product, _ in product * 10 }
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: step)
    return (remainder * 2 >= step ? quotient + 1 : quotient) * step
  }
}
