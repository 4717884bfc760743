import Foundation
import HannunDomain
// Tests that import the support library get the in-memory repository with it.
@_exported import HannunInMemoryStore

extension LedgerClock {
  /// A clock stopped at noon of `day` in Seoul, so "today" never depends on the machine.
  public static func fixed(at day: Day, timeZone: TimeZone = Fixtures.seoul) -> LedgerClock {
    let instant = Fixtures.noon(of: day, in: timeZone)
    return LedgerClock(timeZone: timeZone, now: { instant })
  }
}

/// Known values for tests.
public enum Fixtures {
  // swift-format-ignore: NeverUseForceTry
  public static let seoul = TimeZone(identifier: "Asia/Seoul")!

  /// Parses a date literal in a test; a typo is a test bug, so it traps.
  public static func day(_ iso: String) -> Day {
    do { return try Day(iso: iso) } catch { fatalError("bad fixture date \(iso): \(error)") }
  }

  /// Parses a month literal in a test.
  public static func month(_ iso: String) -> YearMonth {
    do { return try YearMonth(iso: iso) } catch { fatalError("bad fixture month \(iso): \(error)") }
  }

  /// An amount in minor units.
  public static func amount(_ minorUnits: Int64) -> Amount {
    do { return try Amount(minorUnits: minorUnits) } catch { fatalError("bad fixture amount") }
  }

  /// Noon of a day in a zone, as an instant.
  public static func noon(of day: Day, in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
    guard let date = calendar.date(from: components) else { fatalError("no noon for \(day)") }
    return date
  }

  /// Ids `t1`, `t2`, … in order, for predictable output.
  public static func sequentialIDs(prefix: String = "t") -> @Sendable () -> TransactionID {
    let counter = Counter()
    return { TransactionID("\(prefix)\(counter.next())") }
  }
}

/// A thread-safe counter for id generators.
public final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

extension Transaction {
  /// An entry with sensible defaults; name only what the test is about.
  public static func fixture(
    id: String = "t1", day: String = "2025-11-03", kind: TransactionKind = .expense,
    amount: Int64 = 12_000, category: String = "food", memo: String = "",
    created: Date = Date(timeIntervalSince1970: 1_700_000_000)
  ) -> Transaction {
    Transaction(
      id: TransactionID(id), day: Fixtures.day(day), kind: kind, amount: Fixtures.amount(amount),
      category: category, memo: memo, createdAt: created, updatedAt: created)
  }
}
