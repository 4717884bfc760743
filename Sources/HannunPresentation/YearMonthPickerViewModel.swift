import HannunDomain
import Observation

/// Picks a year and month to jump to, starting from the shown month.
@MainActor
@Observable
public final class YearMonthPickerViewModel {
  /// The year shown in the picker.
  public private(set) var year: Int
  /// The month shown in the picker, 1–12.
  public private(set) var month: Int
  /// Called with the month chosen, or `nil` when the picker was left; the coordinator sets it.
  @ObservationIgnored public var didPick: @MainActor (YearMonth?) async -> Void = { _ in }

  /// A picker showing `initial`; nothing is reported until a month is chosen or it is left.
  /// - Parameter initial: The month the picker starts on, usually the one shown.
  public init(initial: YearMonth) {
    year = initial.year
    month = initial.month
  }

  /// The month the picker shows now.
  public var shown: YearMonth? { try? YearMonth(year: year, month: month) }

  /// Jumps to `month`.
  /// - Parameter month: The month chosen; it is shown, then reported through ``didPick``.
  public func choose(_ month: YearMonth) async {
    year = month.year
    self.month = month.month
    await didPick(month)
  }

  /// Leaves without jumping.
  public func cancel() async { await didPick(nil) }
}
