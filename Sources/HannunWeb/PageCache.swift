import HannunDomain

/// The ledger's documents that every month page reads beside its month — the recurring plan,
/// the budgets and the mood diary — read once for a version of the ledger and shared by every
/// pooled calendar, so a month page nobody has opened since the last change reads only its
/// month's file.
///
/// A ``CalendarPool`` makes a new one whenever the ledger's version moves (a write by anyone),
/// so what it answers is never older than the version the pool's pages are kept for. A read
/// that fails (a lock another process holds, a damaged file) is not kept: the next asks again.
/// Writes are passed to the ledger's stores; the pooled models never make any.
@MainActor
final class LedgerDocuments: RecurringRepository, BudgetRepository, MoodRepository {
  private let stores: LedgerStores
  private var plan: Task<RecurringPlan, any Error>?
  private var budgets: Task<BudgetPlan, any Error>?
  /// The whole diary, by month.
  private var diary: Task<[YearMonth: [Day: DayMood]], any Error>?

  /// Documents of the ledger `stores` keeps, read when first asked for.
  init(stores: LedgerStores) {
    self.stores = stores
  }

  /// The recurring rules and their decisions, read once.
  func recurringPlan() async throws -> RecurringPlan {
    let stores = self.stores
    return try await once(\.plan) { try await stores.recurring.recurringPlan() }
  }

  /// The budgets, read once.
  func budgetPlan() async throws -> BudgetPlan {
    let stores = self.stores
    return try await once(\.budgets) { try await stores.budgets.budgetPlan() }
  }

  /// The moods of `range`, from the whole diary read once.
  func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood] {
    let stores = self.stores
    let byMonth = try await once(\.diary) {
      let everyDay =
        YearMonth.supportedRange.lowerBound.firstDay...YearMonth.supportedRange.upperBound.lastDay
      var byMonth: [YearMonth: [Day: DayMood]] = [:]
      for (day, mood) in try await stores.moods.moods(in: everyDay) {
        byMonth[day.yearMonth, default: [:]][day] = mood
      }
      return byMonth
    }
    var found: [Day: DayMood] = [:]
    var month = range.lowerBound.yearMonth
    while month <= range.upperBound.yearMonth {
      for (day, mood) in byMonth[month] ?? [:] where range.contains(day) { found[day] = mood }
      guard let next = try? month.adding(months: 1) else { break }
      month = next
    }
    return found
  }

  /// Passed to the ledger's recurring store.
  func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    plan = nil
    return try await stores.recurring.changePlan(change)
  }

  /// Passed to the ledger's recurring store.
  func confirm(_ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction)
    async throws -> Transaction
  {
    plan = nil
    return try await stores.recurring.confirm(key, making: makeEntry)
  }

  /// Passed to the ledger's budget store.
  func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    budgets = nil
    try await stores.budgets.replaceBudgetPlan(current, with: updated)
  }

  /// Passed to the ledger's budget store.
  func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    budgets = nil
    return try await stores.budgets.changeBudgets(edit)
  }

  /// Passed to the ledger's mood store.
  func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws {
    diary = nil
    try await stores.moods.replaceMood(on: day, current, with: updated)
  }

  /// The value of the read in `slot`, or of a new one started with `read`; a read that failed
  /// is forgotten, so the next asks again.
  private func once<Value: Sendable>(
    _ slot: ReferenceWritableKeyPath<LedgerDocuments, Task<Value, any Error>?>,
    _ read: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    if let running = self[keyPath: slot] { return try await running.value }
    let task = Task { try await read() }
    self[keyPath: slot] = task
    do {
      return try await task.value
    } catch {
      if self[keyPath: slot] == task { self[keyPath: slot] = nil }
      throw error
    }
  }
}

extension HTML {
  /// `text` cut at every `marker`, as `components(separatedBy:)` cuts it but comparing bytes:
  /// a drawn page is cut where each request's CSRF token or idempotency key goes, on every
  /// request, so this must cost a pass over the page's bytes, no more.
  /// - Parameters:
  ///   - text: A drawn page.
  ///   - marker: A non-empty ASCII marker.
  /// - Returns: The pieces between the markers; `[text]` when there is none.
  static func pieces(of text: String, separatedBy marker: String) -> [String] {
    let needle = Array(marker.utf8)
    guard let first = needle.first else { return [text] }
    var pieces: [String] = []
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      var index = 0
      let last = bytes.count - needle.count
      while index <= last {
        if bytes[index] == first
          && bytes[index..<index + needle.count].elementsEqual(needle)
        {
          pieces.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          index += needle.count
          start = index
        } else {
          index += 1
        }
      }
      pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
    }
    return pieces
  }
}
