import HannunDomain
import Observation

/// The categories of a period — a month, a year, a span of months or all time — with each one's
/// entry count and total, income first and the largest first within each kind. It reads the
/// repository's per-month category totals, so all time costs about what a month does.
@MainActor
@Observable
public final class CategoryListViewModel {
  /// The months listed, or `nil` for all time.
  public private(set) var span: ClosedRange<YearMonth>?
  /// The list, once loaded.
  public private(set) var list: CategoryList?
  /// Why the last load failed (an unreadable file, a total too large), or `nil`.
  public private(set) var loadFailure: AppError?
  private let repository: any TransactionRepository

  /// A list not yet loaded.
  /// - Parameters:
  ///   - repository: Where the totals come from.
  ///   - span: The months to list, or `nil` for all time.
  public init(repository: any TransactionRepository, span: ClosedRange<YearMonth>?) {
    self.repository = repository
    self.span = span
  }

  /// The categories, or none before the first load.
  public var categories: [CategoryTotal] { list?.categories ?? [] }

  /// Loads (or reloads) the list of ``span``; a failure is kept in ``loadFailure``.
  public func load() async {
    do {
      list = try await CategoryList.load(span, from: repository)
      loadFailure = nil
    } catch {
      list = nil
      loadFailure = AppError(error)
    }
  }

  /// Lists another span of months and loads it.
  /// - Parameter span: The months, or `nil` for all time.
  public func show(_ span: ClosedRange<YearMonth>?) async {
    self.span = span
    await load()
  }
}
