import HannunDomain
import Observation

/// What importing a file would do, before anything is written: the rows that would be added,
/// how many are already in the ledger (left out as duplicates), and the ones the reader refused;
/// and the intent that imports them, in one write and one undo step. After the import,
/// ``notices`` holds the budgets it took over their limit.
@MainActor
@Observable
public final class ImportPreviewViewModel {
  /// The rows to add and the duplicates left out, as planned against the ledger when the preview
  /// opened; emptied once imported (the entries are then in the ledger, and ``imported`` says
  /// what was added).
  public private(set) var plan: ImportPlan
  /// The rows (or journal transactions) the file's reader refused, in file order.
  public let refused: [ImportRefusal]
  /// What the rows would add to each month, months in order, as planned when the preview opened:
  /// how many entries, and their income and expense in minor units.
  public let months: [(month: YearMonth, income: Int64, expense: Int64, count: Int)]
  /// What ``confirm()`` added, or `nil` before.
  public private(set) var imported: ImportedEntries?
  /// The budgets the import took (or keeps) over their limit, a notice a month.
  public private(set) var notices: [BudgetNotice] = []
  /// Why the import failed, or `nil`; nothing was written then.
  public private(set) var failure: AppError?
  /// Called once the preview is done: with what was added after an import, `nil` when cancelled.
  @ObservationIgnored public var didFinish: @MainActor (ImportedEntries?) -> Void = { _ in }

  private let write: @MainActor (ImportPlan) async throws -> ImportedEntries
  private let budgets: BudgetViewModel
  private let rereadsBudgets: Bool

  /// A preview of a plan; nothing is written until ``confirm()``.
  /// - Parameters:
  ///   - plan: What ``LedgerEditor/planImport(_:)`` found.
  ///   - refused: What the reader refused.
  ///   - budgets: The ledger's budgets, for the notices after the import.
  ///   - rereadsBudgets: Whether the budgets are read again before the notices.
  ///   - write: Imports a plan in one write and one undo step.
  /// - Throws: ``LedgerError/totalOverflow`` when a month's total does not fit; nothing opens.
  public init(
    plan: ImportPlan, refused: [ImportRefusal], budgets: BudgetViewModel,
    rereadsBudgets: Bool = true,
    write: @escaping @MainActor (ImportPlan) async throws -> ImportedEntries
  ) throws(LedgerError) {
    months = try plan.monthTotals()
    self.plan = plan
    self.refused = refused
    self.budgets = budgets
    self.rereadsBudgets = rereadsBudgets
    self.write = write
  }

  /// The entries that would be added, months in order, file order within each.
  public var additions: ImportRows { plan.additions }
  /// How many rows match an entry already in the ledger.
  public var duplicates: Int { plan.duplicates }

  /// The budgets the import would take over their limit, said before it is made
  /// (``BudgetViewModel/notices(beforeSaving:rereading:)``): what ``notices`` holds after
  /// ``confirm()`` when no other write comes between.
  public func plannedNotices() async -> [BudgetNotice] {
    await budgets.notices(beforeSaving: plan.additions, rereading: rereadsBudgets)
  }

  /// Imports the plan. The rows already in the ledger are matched again when the write commits,
  /// so another window's entries written meanwhile are not added twice.
  /// - Returns: What was added.
  /// - Throws: What the write throws; nothing is written and the preview stays open then.
  @discardableResult
  public func confirm() async throws -> ImportedEntries {
    let planned = plan
    do {
      // The rows are handed over (packed, one copy): the write and the notices share them.
      plan = ImportPlan(rows: ImportRows(), duplicates: planned.duplicates)
      let added = try await write(planned)
      imported = added
      failure = nil
      notices = await budgets.notices(afterSaving: planned.additions, rereading: rereadsBudgets)
      didFinish(added)
      return added
    } catch {
      plan = planned
      failure = AppError(error)
      throw error
    }
  }

  /// Leaves the preview; nothing is written.
  public func cancel() { didFinish(nil) }
}

/// A row or transaction of a file that its reader refused, and why: shown, never guessed at.
public struct ImportRefusal: Sendable {
  /// The line it starts on (from 1).
  public let line: Int
  /// Its first line, as written.
  public let text: String
  /// Why it was refused: the reader's own reason.
  public let reason: any Error & Sendable

  /// A refused row.
  /// - Parameters:
  ///   - line: Its first line's number.
  ///   - text: Its first line.
  ///   - reason: Why.
  public init(line: Int, text: String, reason: any Error & Sendable) {
    self.line = line
    self.text = text
    self.reason = reason
  }
}
