import Foundation
import HannunDomain
import Observation

/// Picks a year and month to jump to, starting from the shown month.
@MainActor
@Observable
public final class YearMonthPickerViewModel {
  public private(set) var year: Int
  public private(set) var month: Int
  public private(set) var error: String?
  @ObservationIgnored public var didPick: @MainActor (YearMonth?) async -> Void = { _ in }

  public init(initial: YearMonth) {
    year = initial.year
    month = initial.month
  }

  /// Takes `YYYY-MM`, a month number 1–12 of the current year, or a blank line (keep).
  /// - Returns: The month chosen, or `nil` with ``error`` set.
  @discardableResult
  public func choose(_ text: String) async -> YearMonth? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    do {
      let picked: YearMonth
      if trimmed.isEmpty {
        picked = try YearMonth(year: year, month: month)
      } else if let number = Int(trimmed), trimmed.count <= 2 {
        picked = try YearMonth(year: year, month: number)
      } else {
        picked = try YearMonth(iso: trimmed)
      }
      year = picked.year
      month = picked.month
      error = nil
      await didPick(picked)
      return picked
    } catch {
      self.error = String(describing: error)
      return nil
    }
  }

  /// Leaves without jumping.
  public func cancel() async { await didPick(nil) }
}
