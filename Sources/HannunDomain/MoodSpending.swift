/// Spending by mood over a span of days: for each mood of the palette that some day had, how
/// many days had it, their expense, the average day's expense, and the categories whose daily
/// expense rises most on those days compared with the other days of the span.
///
/// All sums are checked (``LedgerError/totalOverflow``). An average is a total divided by a
/// count of days, rounded half away from zero to the currency's minor unit with integer
/// arithmetic; the exact value is ``MoodSpending/expense`` over ``MoodSpending/days``.
public struct MoodSpendingReport: Hashable, Sendable {
  /// The first day counted.
  public let from: Day
  /// The last day counted (the span's last, or today when the span runs past it).
  public let to: Day
  /// Each mood some day of the span had, in palette order.
  public let moods: [MoodSpending]
  /// The days without a mood, with their expense, for comparison.
  public let withoutMood: MoodSpending.Days

  /// The most categories listed as rising for a mood.
  public static let risingLimit = 3

  /// Builds the report from a span's entries and moods.
  /// - Parameters:
  ///   - days: The days counted; entries and moods outside them are ignored.
  ///   - entries: The span's entries (incomes are ignored).
  ///   - moods: The span's moods.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public init(days: ClosedRange<Day>, entries: [Transaction], moods: [Day: DayMood])
    throws(LedgerError)
  {
    from = days.lowerBound
    to = days.upperBound
    var allDays = 0
    var cursor: Day? = days.lowerBound
    while let day = cursor, day <= days.upperBound {
      allDays += 1
      cursor = day.adding(days: 1)
    }
    // Expense by day and by (day, category).
    var byDay: [Day: Money] = [:]
    var byCategory: [String: [Day: Money]] = [:]
    for entry in entries where entry.kind == .expense && days.contains(entry.day) {
      let amount = Money(entry.amount)
      byDay[entry.day] = try (byDay[entry.day] ?? .zero).adding(amount)
      byCategory[entry.category, default: [:]][entry.day] =
        try (byCategory[entry.category]?[entry.day] ?? .zero).adding(amount)
    }
    let moods = moods.filter { days.contains($0.key) }
    var result: [MoodSpending] = []
    for mood in Mood.allCases {
      let moodDays = Set(moods.filter { $0.value.mood == mood }.keys)
      guard !moodDays.isEmpty else { continue }
      let on = try Self.total(byDay, over: moodDays)
      var rising: [MoodSpending.Rise] = []
      let otherCount = allDays - moodDays.count
      for (category, spent) in byCategory {
        let onTotal = try Self.total(spent, over: moodDays)
        let offTotal = try Self.total(spent, over: Set(spent.keys)).subtracting(onTotal)
        let onAverage = try Self.average(onTotal, days: moodDays.count)
        let offAverage = try Self.average(offTotal, days: otherCount)
        let rise = try onAverage.subtracting(offAverage)
        if rise.minorUnits > 0 {
          rising.append(
            MoodSpending.Rise(
              category: category, averageOn: onAverage, averageOff: offAverage, rise: rise))
        }
      }
      rising.sort { $0.rise != $1.rise ? $0.rise > $1.rise : $0.category < $1.category }
      result.append(
        MoodSpending(
          mood: mood,
          spending: try MoodSpending.Days(days: moodDays.count, expense: on),
          rising: Array(rising.prefix(Self.risingLimit))))
    }
    self.moods = result
    let unmarked = allDays - moods.count
    let unmarkedExpense = try Self.total(byDay, over: Set(byDay.keys.filter { moods[$0] == nil }))
    withoutMood = try MoodSpending.Days(days: unmarked, expense: unmarkedExpense)
  }

  /// Loads a span of months from a store that keeps entries and moods.
  /// - Parameters:
  ///   - span: The months.
  ///   - today: Days after it are not counted.
  ///   - repository: The ledger.
  /// - Throws: A storage error, or ``LedgerError/totalOverflow``.
  public static func load(
    _ span: ClosedRange<YearMonth>, today: Day,
    from repository: some TransactionRepository & MoodRepository
  ) async throws -> MoodSpendingReport {
    try await load(span, today: today, entries: repository, moods: repository)
  }

  /// Loads a span of months from a ledger's entries and its mood diary.
  /// - Parameters:
  ///   - span: The months.
  ///   - today: Days after it are not counted.
  ///   - entries: The ledger's entries.
  ///   - diary: The same ledger's moods.
  /// - Throws: A storage error, or ``LedgerError/totalOverflow``.
  public static func load(
    _ span: ClosedRange<YearMonth>, today: Day, entries repository: any TransactionRepository,
    moods diary: any MoodRepository
  ) async throws -> MoodSpendingReport {
    let first = span.lowerBound.firstDay
    let last = min(span.upperBound.lastDay, max(today, first))
    let days = first...last
    return try MoodSpendingReport(
      days: days, entries: try await repository.transactions(in: days),
      moods: try await diary.moods(in: days))
  }

  private static func total(_ amounts: [Day: Money], over days: Set<Day>) throws(LedgerError)
    -> Money
  {
    var total = Money.zero
    for day in days { total = try total.adding(amounts[day] ?? .zero) }
    return total
  }

  /// `total / days`, rounded half away from zero; zero for no days.
  /// - Parameters:
  ///   - total: The sum.
  ///   - days: How many days it is spread over.
  public static func average(_ total: Money, days: Int) throws(LedgerError) -> Money {
    guard days > 0 else { return .zero }
    let count = Int64(days)
    let (quotient, remainder) = total.minorUnits.quotientAndRemainder(dividingBy: count)
    // remainder * 2 cannot overflow: |remainder| < count, a number of days.
    let roundsAway = remainder.magnitude * 2 >= UInt64(count)
    let step: Int64 = total.minorUnits < 0 ? -1 : 1
    return Money(minorUnits: roundsAway ? quotient + step : quotient)
  }
}

/// One mood's line of a ``MoodSpendingReport``.
public struct MoodSpending: Hashable, Sendable {
  /// A number of days and their expense.
  public struct Days: Hashable, Sendable {
    /// How many days.
    public let days: Int
    /// Their expense, summed.
    public let expense: Money
    /// The average day's expense, rounded to the minor unit (zero without days).
    public let averageDaily: Money

    /// - Throws: Never in practice; kept typed for the checked average.
    init(days: Int, expense: Money) throws(LedgerError) {
      self.days = days
      self.expense = expense
      averageDaily = try MoodSpendingReport.average(expense, days: days)
    }
  }

  /// A category whose daily expense is higher on the mood's days.
  public struct Rise: Hashable, Sendable {
    /// The category.
    public let category: String
    /// Its average daily expense on the mood's days.
    public let averageOn: Money
    /// Its average daily expense on the other days of the span.
    public let averageOff: Money
    /// `averageOn - averageOff`, above zero.
    public let rise: Money
  }

  /// The mood.
  public let mood: Mood
  /// The days with the mood and their expense.
  public let spending: Days
  /// Up to ``MoodSpendingReport/risingLimit`` categories, the largest rise first.
  public let rising: [Rise]
}
