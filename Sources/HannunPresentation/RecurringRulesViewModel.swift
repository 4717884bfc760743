import HannunDomain
import Observation

/// The screen of recurring rules: the list as stored, and the intents that add, change and remove
/// a rule. Each intent is one write through ``RecurringViewModel``; the list is read again after
/// it, and ``lastChange`` says what it did, so a frontend draws the list and its own sentence.
@MainActor
@Observable
public final class RecurringRulesViewModel: ClosableScreen {
  /// What the last intent did to a rule.
  public enum Change: Hashable, Sendable {
    /// This rule was added (with its new id).
    case added(RecurringRule)
    /// This rule was changed; the value is the rule as stored now.
    case edited(RecurringRule)
    /// This rule was removed; entries it became stay.
    case removed(RecurringRule)
  }

  /// What the last successful intent did, or `nil` before any.
  public private(set) var lastChange: Change?
  /// Why the last intent or read failed, or `nil`.
  public private(set) var failure: AppError?
  /// Called once when the screen is closed.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}

  private let recurring: RecurringViewModel
  /// Why the rules could not be read the last time they were (a `recurring.json` damaged or
  /// replaced by a link since), or `nil`; unlike ``failure``, never an intent's refusal.
  public var readFailure: AppError? { recurring.loadFailure }

  /// A rules screen over a ledger's rules; nothing is read until ``load()``.
  /// - Parameter recurring: The ledger's rules and the writes on them.
  public init(recurring: RecurringViewModel) {
    self.recurring = recurring
  }

  /// The rules, in id order, as last read.
  public var rules: [RecurringRule] { recurring.rules }
  /// The clock's day: the first day of a rule added without one.
  public var today: Day { recurring.today }
  /// Formats the rules' amounts in the ledger's currency.
  public var money: MoneyFormatter { recurring.money }

  /// Reads the rules again.
  /// - Throws: Why they could not be read (a damaged `recurring.json`), also kept in
  ///   ``failure``.
  public func load() async throws {
    await recurring.load()
    failure = recurring.loadFailure
    if let failure { throw failure }
  }

  /// Adds a rule.
  /// - Parameter template: The rule's fields; it gets the next id.
  /// - Returns: The rule as stored.
  /// - Throws: What the write throws; nothing is added then.
  @discardableResult
  public func add(_ template: RecurringRule) async throws -> RecurringRule {
    let rule = try await run { try await $0.add(template) }
    lastChange = .added(rule)
    return rule
  }

  /// Changes some fields of a rule; occurrences already decided stay as they are.
  /// - Parameters:
  ///   - id: The rule.
  ///   - changes: The new values.
  /// - Returns: The rule as stored now.
  /// - Throws: ``LedgerError/recurring(_:)`` for an unknown rule or an end before the start;
  ///   nothing is changed then.
  @discardableResult
  public func edit(_ id: RecurringRuleID, _ changes: RecurringRuleChanges) async throws
    -> RecurringRule
  {
    let rule = try await run { try await $0.edit(id, changes) }
    lastChange = .edited(rule)
    return rule
  }

  /// Removes a rule and what was decided about it; entries it became stay.
  /// - Parameter id: The rule.
  /// - Returns: The removed rule.
  /// - Throws: ``LedgerError/recurring(_:)`` for an unknown rule; nothing is removed then.
  @discardableResult
  public func remove(_ id: RecurringRuleID) async throws -> RecurringRule {
    let rule = try await run { try await $0.remove(id) }
    lastChange = .removed(rule)
    return rule
  }

  /// Closes the screen; what was written stays written.
  public func close() { didClose() }

  /// Whether ``remove(_:)`` of `id` is already made: the rules as last read (``load()``) have
  /// none with that id. A frontend sending a removal again after its answer was lost answers it
  /// as made instead of "no such rule". `false` when the rules could not be read.
  public func alreadyRemoved(_ id: RecurringRuleID) -> Bool {
    failure == nil && !rules.contains { $0.id == id }
  }

  private func run<Result>(
    _ write: (RecurringViewModel) async throws -> Result
  ) async throws -> Result {
    do {
      let result = try await write(recurring)
      failure = nil
      return result
    } catch {
      failure = AppError(error)
      throw error
    }
  }
}
