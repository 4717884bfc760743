import HannunDomain
import Observation

/// A report of a span of months — a month, a year or any range — either where the money came
/// from and went (``Subject/totals``, with the month's budgets for a one-month span) or what was
/// spent on days of each mood (``Subject/moods``). The span is its state; intents move it.
/// Nothing is read until ``load()`` or an intent that moves the span.
@MainActor
@Observable
public final class ReportViewModel: ClosableScreen {
  /// What a report counts.
  public enum Subject: Hashable, Sendable {
    /// Income, expense and every category, compared with the span before.
    case totals
    /// Spending by the mood of the day, up to today.
    case moods
  }

  /// The span as a reader names it.
  public enum Period: Hashable, Sendable {
    /// One month.
    case month(YearMonth)
    /// January to December of a year.
    case year(Int)
    /// Any other run of months.
    case range(ClosedRange<YearMonth>)
  }

  /// The months reported.
  public private(set) var span: ClosedRange<YearMonth>
  /// What the report counts.
  public let subject: Subject
  /// The totals report, once loaded (``Subject/totals``); when only the span before it could not
  /// be read, it is here with ``LedgerReport/previousFailure`` saying why.
  public private(set) var report: LedgerReport?
  /// The month's budgets for a one-month totals report when the ledger has any; `nil` otherwise.
  public private(set) var budgets: BudgetStatus?
  /// Why the budgets could not be read (a damaged budget file), or `nil`; the report itself
  /// still shows.
  public private(set) var budgetFailure: AppError?
  /// Spending by mood, once loaded (``Subject/moods``).
  public private(set) var moodSpending: MoodSpendingReport?
  /// Why the last load failed (an unreadable file, a total too large), or `nil`.
  public private(set) var loadFailure: AppError?
  /// Called once when the report is left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}

  private let repository: any TransactionRepository
  private let diary: any MoodRepository
  private let budgetModel: BudgetViewModel?
  private let clock: LedgerClock

  /// A report not yet loaded.
  /// - Parameters:
  ///   - span: The months.
  ///   - subject: What it counts.
  ///   - repository: The ledger's entries.
  ///   - moods: The same ledger's mood diary, for a report by mood.
  ///   - budgets: The ledger's budgets, for a one-month totals report; `nil` for none.
  ///   - clock: Today, which a mood report does not count past.
  public init(
    span: ClosedRange<YearMonth>, subject: Subject = .totals,
    repository: any TransactionRepository, moods: any MoodRepository,
    budgets: BudgetViewModel? = nil, clock: LedgerClock
  ) {
    self.span = span
    self.subject = subject
    self.repository = repository
    diary = moods
    budgetModel = budgets
    self.clock = clock
  }

  /// The span named as a month, a year or a range.
  public var period: Period {
    if span.lowerBound == span.upperBound { return .month(span.lowerBound) }
    if span.lowerBound.year == span.upperBound.year, span.lowerBound.month == 1,
      span.upperBound.month == 12
    {
      return .year(span.lowerBound.year)
    }
    return .range(span)
  }

  /// Reads the report of ``span`` (and, for one month, its budgets); a failure is kept in
  /// ``loadFailure`` and the previous report is cleared.
  public func load() async {
    do {
      switch subject {
      case .totals:
        report = try await LedgerReport.load(span, from: repository)
        try await loadBudgets()
      case .moods:
        moodSpending = try await MoodSpendingReport.load(
          span, today: clock.today, entries: repository, moods: diary)
      }
      loadFailure = nil
    } catch {
      report = nil
      moodSpending = nil
      budgets = nil
      loadFailure = AppError(error)
    }
  }

  /// Reports another span and loads it.
  /// - Parameter span: The months.
  public func show(_ span: ClosedRange<YearMonth>) async {
    self.span = span
    await load()
  }

  /// Reports the span after this one, of the same length (the next month, year or range).
  /// - Throws: ``DateInputError`` past the last supported month; nothing moves then.
  public func next() async throws(DateInputError) {
    await show(try shifted(by: length))
  }

  /// Reports the span before this one, of the same length.
  /// - Throws: ``DateInputError`` before the first supported month; nothing moves then.
  public func previous() async throws(DateInputError) {
    await show(try shifted(by: -length))
  }

  /// Leaves the report; its route is removed.
  public func close() { didClose() }

  /// How many months the span holds.
  private var length: Int { span.upperBound.monthIndex - span.lowerBound.monthIndex + 1 }

  private func shifted(by months: Int) throws(DateInputError) -> ClosedRange<YearMonth> {
    try span.lowerBound.adding(months: months)...span.upperBound.adding(months: months)
  }

  /// The budgets of a one-month span, read again first; none for longer spans.
  private func loadBudgets() async throws {
    budgets = nil
    budgetFailure = nil
    guard span.lowerBound == span.upperBound, let budgetModel else { return }
    await budgetModel.refresh()
    if let failure = budgetModel.loadFailure {
      budgetFailure = failure
      return
    }
    let status = try await budgetModel.status(of: span.lowerBound)
    budgets = status.isEmpty ? nil : status
  }
}

/// A year at a glance: its twelve months' totals, for a grid of small calendars. The year is its
/// state; intents move it.
@MainActor
@Observable
public final class YearViewModel: ClosableScreen {
  /// The year shown.
  public private(set) var year: Int
  /// The twelve months' totals, once loaded.
  public private(set) var report: LedgerReport?
  /// Why the last load failed, or `nil`.
  public private(set) var loadFailure: AppError?
  /// Called once when the year is left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}
  /// Today, which the grid marks.
  public var today: Day { clock.today }

  private let repository: any TransactionRepository
  private let clock: LedgerClock

  /// A year not yet loaded.
  /// - Parameters:
  ///   - year: The year.
  ///   - repository: The ledger.
  ///   - clock: Today.
  public init(year: Int, repository: any TransactionRepository, clock: LedgerClock) {
    self.year = year
    self.repository = repository
    self.clock = clock
  }

  /// Reads the year's totals; a failure is kept in ``loadFailure``. The year shows no
  /// comparison, so the year before is not read (and a file lost there does not hide this year).
  public func load() async {
    do {
      report = try await LedgerReport.load(
        YearMonth.months(ofYear: year), from: repository, comparing: false)
      loadFailure = nil
    } catch {
      report = nil
      loadFailure = AppError(error)
    }
  }

  /// Shows another year and loads it.
  /// - Parameter year: The year.
  /// - Throws: ``DateInputError`` for a year outside the supported range; nothing moves then.
  public func show(year: Int) async throws(DateInputError) {
    _ = try YearMonth.months(ofYear: year)
    self.year = year
    await load()
  }

  /// Shows the next year.
  /// - Throws: ``DateInputError`` past the last supported year.
  public func nextYear() async throws(DateInputError) { try await show(year: year + 1) }

  /// Shows the year before.
  /// - Throws: ``DateInputError`` before the first supported year.
  public func previousYear() async throws(DateInputError) { try await show(year: year - 1) }

  /// Leaves the year; its route is removed.
  public func close() { didClose() }
}
