import HannunDomain
import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Asks before an entry is deleted. Only an explicit yes deletes.
@MainActor
@Observable
public final class DeleteConfirmationViewModel {
  /// The entry the question is about, as stored when it was asked: only this version is deleted.
  public let entry: Transaction
  /// Why the delete failed in the store, or `nil`.
  public private(set) var error: AppError?
  /// Called once the question is answered: with the removed entry after a delete, or `nil` when
  /// the user kept the entry. A delete the store refuses does not answer the question: it stays
  /// open with ``error`` (and ``conflict``) set, to be confirmed again or cancelled.
  @ObservationIgnored public var didFinish: @MainActor (Transaction?) -> Void = { _ in }
  private let editor: LedgerEditor
  private let money: MoneyFormatter

  /// A question about deleting `entry`; nothing is deleted until it is confirmed.
  /// - Parameters:
  ///   - entry: The entry as stored now.
  ///   - editor: Deletes it, so that undo can bring it back.
  ///   - money: Formats the amount in the question.
  public init(entry: Transaction, editor: LedgerEditor, money: MoneyFormatter) {
    self.entry = entry
    self.editor = editor
    self.money = money
  }

  /// What the question names: the memo, or the category when there is no memo.
  public var label: String { entry.memo.isEmpty ? entry.category : entry.memo }

  /// What another window did to the entry after the question was asked, when confirming found
  /// it out; nothing was deleted then.
  public private(set) var conflict: EntryConflict?

  /// Deletes the entry, exactly as it was when the question was asked.
  /// - Returns: The removed entry, or `nil` when the store refused (see ``error`` and
  ///   ``conflict``); the question is then still open.
  @discardableResult
  public func confirm() async -> Transaction? {
    error = nil
    conflict = nil
    do {
      let removed = try await editor.delete(entry)
      didFinish(removed)
      return removed
    } catch {
      conflict = EntryConflict(refusing: error)
      self.error = AppError(error)
      return nil
    }
  }

  /// Keeps the entry; nothing is deleted.
  public func cancel() {
    didFinish(nil)
  }
}
