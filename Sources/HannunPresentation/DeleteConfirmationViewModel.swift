import Foundation
import HannunDomain
import Observation

/// Asks before an entry is deleted. Only an explicit yes deletes.
@MainActor
@Observable
public final class DeleteConfirmationViewModel {
  /// The entry the question is about, as stored when it was asked: only this version is deleted.
  public let entry: Transaction
  /// Why the delete failed in the store, or `nil`.
  public private(set) var error: String?
  /// Called once the question is answered, with the removed entry or `nil` when nothing was.
  @ObservationIgnored public var didFinish: @MainActor (Transaction?) -> Void = { _ in }
  private let editor: LedgerEditor
  private let money: MoneyFormatter

  /// - Parameters:
  ///   - entry: The entry as stored now.
  ///   - editor: Deletes it, so that undo can bring it back.
  ///   - money: Formats the amount in the question.
  public init(entry: Transaction, editor: LedgerEditor, money: MoneyFormatter) {
    self.entry = entry
    self.editor = editor
    self.money = money
  }

  /// `Delete "lunch ₩12,000"?` — the memo, or the category when there is no memo, and the amount.
  public var question: String {
    let label = entry.memo.isEmpty ? entry.category : entry.memo
    return "Delete \"\(label) \(money.string(Money(entry.amount)))\"?"
  }

  /// What another window did to the entry after the question was asked, when an answer of yes
  /// found it out; nothing was deleted then.
  public private(set) var conflict: EntryConflict?

  /// Answers the question: `y`/`yes` (or `예`/`네`) deletes; anything else keeps the entry.
  /// - Returns: The removed entry, or `nil` when kept or when the store refused.
  @discardableResult
  public func answer(_ reply: String) async -> Transaction? {
    let word = reply.trimmingCharacters(in: .whitespaces).lowercased()
    guard ["y", "yes", "예", "네", "ㅇ"].contains(word) else {
      didFinish(nil)
      return nil
    }
    do {
      let removed = try await editor.delete(entry)
      didFinish(removed)
      return removed
    } catch {
      if case .staleTransaction(let expected, let current)? = error as? LedgerError {
        conflict = current.map(EntryConflict.changed) ?? .deleted(expected)
      }
      self.error = String(describing: error)
      didFinish(nil)
      return nil
    }
  }
}
