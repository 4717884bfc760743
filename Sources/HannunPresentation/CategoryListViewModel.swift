import HannunDomain
import Observation

/// The categories of a period — a month, a year, a span of months or all time — with each one's
/// entry count and total, income first and the largest first within each kind. It reads the
/// repository's per-month category totals, so all time costs about what a month does.
@MainActor
@Observable
public final class CategoryListViewModel: ClosableScreen {
  /// The months listed, or `nil` for all time.
  public private(set) var span: ClosedRange<YearMonth>?
  /// The list, once loaded.
  public private(set) var list: CategoryList?
  /// Why the last load failed (an unreadable file, a total too large), or `nil`.
  public private(set) var loadFailure: AppError?
  /// Called once when the list is left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}
  /// Renames or merges a category in one write and one undo step; the coordinator sets it to
  /// its ``AppCoordinator/renameCategory(_:to:)``. `nil` (a list made on its own, outside a
  /// coordinator's path) renames nothing.
  @ObservationIgnored public var renamer: (@MainActor (String, String) async throws -> LedgerBatch)?
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

  /// Each category's name once, the most used first (its entries of both kinds counted
  /// together), then by name: what an entry form suggests. None before the first load.
  public var namesByUse: [String] {
    var uses: [String: Int] = [:]
    for total in categories { uses[total.category, default: 0] += total.count }
    return Self.rankedByUse(uses)
  }

  /// Category names by how many entries use them, the most used first, equally used ones by
  /// name: the one order every frontend offers categories in (the web's add form, the REPL's
  /// Tab).
  /// - Parameter uses: How many entries use each category.
  /// - Returns: The names in that order.
  public nonisolated static func rankedByUse(_ uses: [String: Int]) -> [String] {
    uses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
  }

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

  /// Renames `old` to `new` everywhere (merging into `new` when it exists), then lists again.
  /// - Parameters:
  ///   - old: The category as stored.
  ///   - new: The new name.
  /// - Returns: The batch written (its purpose says whether it merged), or `nil` when the list
  ///   has no ``renamer`` (it is on no coordinator's path) and nothing was written.
  /// - Throws: What the rename throws (``CategoryRenameError``, a storage error); nothing is
  ///   written then.
  @discardableResult
  public func rename(_ old: String, to new: String) async throws -> LedgerBatch? {
    guard let renamer else { return nil }
    let batch = try await renamer(old, new)
    await load()
    return batch
  }

  /// Leaves the list; its route is removed.
  public func close() { didClose() }

  /// Whether ``rename(_:to:)`` of `old` to `new` is already made: the categories as last read
  /// (``load()``) have no `old` and have `new` (as a rename keeps it,
  /// ``TransactionRules/category(_:)``). A frontend sending a rename again after its answer was
  /// lost answers it as made instead of "no such category". `false` when the categories could
  /// not be read.
  public func alreadyRenamed(_ old: String, to new: String) -> Bool {
    guard loadFailure == nil, list != nil, let new = try? TransactionRules.category(new) else {
      return false
    }
    let names = namesByUse
    return !names.contains(old) && names.contains(new)
  }

  /// Lists another span of months and loads it.
  /// - Parameter span: The months, or `nil` for all time.
  public func show(_ span: ClosedRange<YearMonth>?) async {
    self.span = span
    await load()
  }
}
