import HannunDomain

/// One line of amounts under a week of the calendar: which of a day's amounts it shows.
public enum CellLine: Hashable, Sendable {
  /// The day's income, or its planned income when it has no real one.
  case income
  /// The day's expense, or its planned expense when it has no real one.
  case expense
  /// One line for everything, where rows are short: the day's larger real amount (its larger
  /// planned one when it has none), and a mark for each kind of thing it leaves out.
  case combined
}

/// What one day cell says on one amount line: a single true amount of the day — never income
/// less expense, never a planned amount added to a real one — and marks for what else the day
/// holds, which the day's list shows in full.
///
/// Its texts (``texts(precision:money:language:)``) read, left to right: ``plannedMark`` for a
/// planned amount, the sign (`+` in, `-` out; `+` may be dropped for room), the amount exact or
/// marked ``MoneyFormatter/approximateMark`` when rounded, then ``moreMark`` when the day has
/// the other kind too, and ``plannedMark`` when it has a planned amount this line does not show:
/// `-52,000~` is a real −52,000 on a day with something planned, `+≈320만…` a rounded income on
/// a day with expense as well.
public struct CellAmount: Hashable, Sendable {
  /// Before an amount, it is planned (a recurring entry not yet confirmed); after one, the day
  /// also has a planned amount that the cell does not show.
  public static let plannedMark = "~"
  /// After an amount: the day has more than the line shows (income and expense on one line).
  /// Alone after a sign: the amount does not fit the cell; the day's list has it.
  public static let moreMark = "…"

  /// Income (`+`) or expense (`-`).
  public let kind: TransactionKind
  /// The amount shown, exact and positive: one day's total of one kind, real or planned.
  public let amount: Money
  /// Whether ``amount`` is planned rather than real.
  public let isPlanned: Bool
  /// Whether the day has an amount of the other kind (real, or planned for a planned amount)
  /// that the line leaves out.
  public let hasMore: Bool
  /// Whether the day has a planned amount the line does not show beside its real one.
  public let hasHiddenPlanned: Bool

  /// What a cell says: one amount and its marks.
  /// - Parameters:
  ///   - kind: Income or expense.
  ///   - amount: The day's total of that kind, positive.
  ///   - isPlanned: Whether the amount is planned.
  ///   - hasMore: Whether the day has the other kind too, not shown on this line.
  ///   - hasHiddenPlanned: Whether the day has a planned amount the line does not show.
  public init(
    kind: TransactionKind, amount: Money, isPlanned: Bool, hasMore: Bool, hasHiddenPlanned: Bool
  ) {
    self.kind = kind
    self.amount = amount
    self.isPlanned = isPlanned
    self.hasMore = hasMore
    self.hasHiddenPlanned = hasHiddenPlanned
  }

  /// The cell's texts at `precision`, preferred first: each form
  /// ``MoneyFormatter/compactForms(_:precision:language:)`` gives with its sign, then (for
  /// income) without `+`; each with its marks. Empty when the precision has no form.
  /// - Parameters:
  ///   - precision: The screen's precision, the same for every cell.
  ///   - money: The ledger's formatter.
  ///   - language: Which units the short forms use.
  public func texts(precision: ShortPrecision, money: MoneyFormatter, language: DisplayLanguage)
    -> [String]
  {
    let forms = money.compactForms(amount, precision: precision, language: language)
    let signs = kind == .income ? ["+", ""] : ["-"]
    return signs.flatMap { sign in forms.map { prefix + sign + $0.text + suffix } }
  }

  /// What the cell says when no text fits: its sign and ``moreMark`` (the list has the amount),
  /// with the planned marks.
  public var fallback: String {
    prefix + (kind == .income ? "+" : "-") + CellAmount.moreMark
      + (hasHiddenPlanned ? CellAmount.plannedMark : "")
  }

  private var prefix: String { isPlanned ? CellAmount.plannedMark : "" }

  private var suffix: String {
    (hasMore ? CellAmount.moreMark : "") + (hasHiddenPlanned ? CellAmount.plannedMark : "")
  }
}

extension DayCell {
  /// What the cell says on `line`, or `nil` when it says nothing there (an empty slot, a day
  /// without such amounts, or a day of a month that could not be read: it shows
  /// ``DayCell/unreadableMark`` instead).
  /// - Parameter line: The amount line.
  public func amount(on line: CellLine) -> CellAmount? {
    guard day != nil, !isUnreadable else { return nil }
    switch line {
    case .income:
      return Self.single(.income, real: income, planned: plannedIncome)
    case .expense:
      return Self.single(.expense, real: expense, planned: plannedExpense)
    case .combined:
      let hasPlanned = !plannedIncome.isZero || !plannedExpense.isZero
      if !income.isZero || !expense.isZero {
        return Self.larger(
          income, expense, isPlanned: false, hasHiddenPlanned: hasPlanned)
      }
      guard hasPlanned else { return nil }
      return Self.larger(plannedIncome, plannedExpense, isPlanned: true, hasHiddenPlanned: false)
    }
  }

  private static func single(_ kind: TransactionKind, real: Money, planned: Money) -> CellAmount? {
    if !real.isZero {
      return CellAmount(
        kind: kind, amount: real, isPlanned: false, hasMore: false,
        hasHiddenPlanned: !planned.isZero)
    }
    guard !planned.isZero else { return nil }
    return CellAmount(
      kind: kind, amount: planned, isPlanned: true, hasMore: false, hasHiddenPlanned: false)
  }

  /// The larger of a day's income and expense (income when equal), marked when both are there.
  private static func larger(
    _ income: Money, _ expense: Money, isPlanned: Bool, hasHiddenPlanned: Bool
  ) -> CellAmount {
    let incomeFirst = income.minorUnits >= expense.minorUnits
    return CellAmount(
      kind: incomeFirst ? .income : .expense, amount: incomeFirst ? income : expense,
      isPlanned: isPlanned, hasMore: !income.isZero && !expense.isZero,
      hasHiddenPlanned: hasHiddenPlanned)
  }
}
