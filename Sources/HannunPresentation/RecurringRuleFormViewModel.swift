import HannunDomain
import Observation

/// The form that adds a recurring rule or changes one, on the rules screen
/// (``RecurringRulesViewModel``): its fields as typed, a refusal per field, and save. Every
/// frontend fills it with the text the user typed — the terminal's `recurring add monthly 25
/// expense 65만 월세`, the command line's options, the web page's fields — so a refused rule is
/// said in one order and in one sentence wherever it was typed (``refusal``).
@MainActor
@Observable
public final class RecurringRuleFormViewModel {
  /// Adding a rule, or changing the fields entered of an existing one.
  public enum Mode: Hashable, Sendable {
    /// A new rule; it gets the next id.
    case add
    /// The rule with this id; only the fields entered change.
    case edit(RecurringRuleID)
  }

  /// The fields, in the order their refusals are said.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// When it comes back, as typed: `monthly 25`, `last-business-day`, `yearly 03-15`,
    /// `weekly fri`.
    case schedule
    /// Income or expense; a new rule is an expense unless entered.
    case kind
    /// How much each time, in the ledger's currency.
    case amount
    /// The category each entry is counted under.
    case category
    /// A free note; may be empty.
    case memo
    /// The first day; blank for today.
    case start
    /// The last day; blank (or `none`, `없음`, `-`) for no end.
    case end
  }

  /// Why a save wrote nothing: the one answer every frontend says.
  public enum Refusal: Error, Equatable, Sendable {
    /// A field was refused: the first in ``Field`` order, with why.
    case field(Field, AppError)
    /// The store refused or failed (an unknown rule, an end before the start of the rule as
    /// stored, a damaged `recurring.json`).
    case store(AppError)

    /// The error underneath: the field's or the store's.
    public var error: AppError {
      switch self {
      case .field(_, let error), .store(let error): error
      }
    }

    /// The refused field, or `nil` when the store refused.
    public var field: Field? {
      if case .field(let field, _) = self { return field }
      return nil
    }
  }

  /// Whether the form adds a rule or changes one.
  public let mode: Mode
  /// The schedule entered, or `nil`.
  public private(set) var schedule: RecurrenceSchedule?
  /// Income or expense.
  public private(set) var kind: TransactionKind = .expense
  /// The amount entered, or `nil`.
  public private(set) var amount: Amount?
  /// The category entered, as the rules keep it (trimmed).
  public private(set) var category = ""
  /// The memo entered, as the rules keep it (trimmed).
  public private(set) var memo = ""
  /// The first day entered, or `nil` for today.
  public private(set) var start: Day?
  /// The last day entered, or `nil` for no end.
  public private(set) var end: Day?
  /// The fields entered and taken, so far.
  public private(set) var entered: Set<Field> = []
  /// Why a field was refused; empty when every field entered so far is valid.
  public private(set) var errors: [Field: AppError] = [:]
  /// Why the store refused the last save, or `nil`.
  public private(set) var saveError: AppError?

  private let rules: RecurringRulesViewModel
  private let parser: AmountParser

  /// An empty form.
  /// - Parameters:
  ///   - rules: The rules screen the save goes through (its ``RecurringRulesViewModel/lastChange``
  ///     says what it did).
  ///   - mode: Adding, or changing a rule.
  ///   - currency: The ledger's currency, for the amount typed.
  public init(rules: RecurringRulesViewModel, mode: Mode, currency: Currency) {
    self.rules = rules
    self.mode = mode
    self.parser = AmountParser(currency: currency)
  }

  /// Formats amounts in the ledger's currency.
  public var money: MoneyFormatter { MoneyFormatter(currency: parser.currency) }

  /// Reads a field as typed — `monthly 25`, `지출`, `65만`, `2025-11-01` — and keeps its value.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - field: The field it is for.
  ///   - shownMonth: The month on screen, for days without a month (`3일`); `nil` for today's.
  /// - Returns: Why the text was refused, or `nil`; a refused text changes nothing but
  ///   ``errors``.
  @discardableResult
  public func enter(_ text: String, for field: Field, shownMonth: YearMonth? = nil) -> AppError? {
    errors.reading(field) {
      switch field {
      case .schedule: schedule = try RecurrenceSchedule(text: text)
      case .kind: kind = try TransactionRules.kind(text)
      case .amount: amount = try parser.parse(text)
      case .category: category = try TransactionRules.category(text)
      case .memo: memo = try TransactionRules.memo(text)
      case .start: start = try day(text, shownMonth, blank: nil)
      case .end:
        let none = ["none", "없음", "-"].contains(text.trimmedForm.lowercased())
        end = none ? nil : try day(text, shownMonth, blank: nil)
      }
      entered.insert(field)
    }
  }

  /// Reads several typed fields at once, for a frontend that receives them in one go.
  /// - Parameters:
  ///   - values: The text typed for each field given; fields left out keep their values.
  ///   - shownMonth: The month on screen, for days without a month.
  /// - Returns: What the form says first (``refusal``), or `nil` when every field was taken.
  @discardableResult
  public func enter(_ values: [Field: String], shownMonth: YearMonth? = nil) -> Refusal? {
    for field in Field.allCases {
      if let text = values[field] { enter(text, for: field, shownMonth: shownMonth) }
    }
    return refusal
  }

  /// Why the last save wrote nothing, in the order every frontend says it: the first refused
  /// field in ``Field`` order, else the store's refusal; `nil` when nothing was refused.
  public var refusal: Refusal? {
    for field in Field.allCases {
      if let error = errors[field] { return .field(field, error) }
    }
    return saveError.map(Refusal.store)
  }

  /// Adds the rule (every field a rule needs must be entered: schedule, amount, category), or
  /// changes the fields entered of the rule being edited.
  /// - Returns: The rule as stored, or `nil` when a field or the store refused (``refusal``);
  ///   nothing is written then.
  @discardableResult
  public func save() async -> RecurringRule? {
    saveError = nil
    switch mode {
    case .add: return await add()
    case .edit(let id): return await edit(id)
    }
  }

  /// The rule ``save()`` would have added, when the rules as last read already hold one with
  /// every field entered (the first day today when none was): a frontend sending an add again
  /// after its answer was lost answers it as made, and no second rule is added. `nil` for a
  /// form that changes a rule, when a field was refused, or when no such rule is there; nothing
  /// is written.
  public func alreadySaved() -> RecurringRule? {
    guard case .add = mode, errors.isEmpty, rules.failure == nil, let schedule, let amount
    else { return nil }
    let start = self.start ?? rules.today
    return rules.rules.first {
      $0.schedule == schedule && $0.kind == kind && $0.amount == amount
        && $0.category == category && $0.memo == memo && $0.start == start && $0.end == end
    }
  }

  private func add() async -> RecurringRule? {
    // A refused field keeps its own reason; only a field never entered is missing.
    if schedule == nil, errors[.schedule] == nil {
      errors[.schedule] = .ledger(.recurring(.badSchedule("")))
    }
    if amount == nil, errors[.amount] == nil { errors[.amount] = .amount(.empty) }
    if !entered.contains(.category), errors[.category] == nil {
      errors[.category] = .field(.emptyCategory)
    }
    let start = self.start ?? rules.today
    if let end, end < start, errors[.end] == nil {
      errors[.end] = .ledger(.recurring(.endBeforeStart(start: start, end: end)))
    }
    guard errors.isEmpty, let schedule, let amount else { return nil }
    return await write {
      let template = try RecurringRule(
        id: RecurringRuleID(number: 0), schedule: schedule, kind: self.kind, amount: amount,
        category: self.category, memo: self.memo, start: start, end: self.end)
      return try await self.rules.add(template)
    }
  }

  private func edit(_ id: RecurringRuleID) async -> RecurringRule? {
    guard errors.isEmpty else { return nil }
    return await write {
      let changes = try RecurringRuleChanges(
        schedule: self.entered.contains(.schedule) ? self.schedule : nil,
        kind: self.entered.contains(.kind) ? self.kind : nil,
        amount: self.entered.contains(.amount) ? self.amount : nil,
        category: self.entered.contains(.category) ? self.category : nil,
        memo: self.entered.contains(.memo) ? self.memo : nil,
        start: self.entered.contains(.start) ? self.start ?? self.rules.today : nil,
        end: self.entered.contains(.end) ? .some(self.end) : nil)
      return try await self.rules.edit(id, changes)
    }
  }

  private func write(_ change: () async throws -> RecurringRule) async -> RecurringRule? {
    do {
      return try await change()
    } catch {
      saveError = AppError(error)
      return nil
    }
  }

  /// A day as typed; `blank` when nothing was.
  private func day(_ text: String, _ shownMonth: YearMonth?, blank: Day?) throws -> Day? {
    let trimmed = text.trimmedForm
    guard !trimmed.isEmpty else { return blank }
    return try Day(userInput: trimmed, today: rules.today, shownMonth: shownMonth)
  }
}

extension RecurringRulesViewModel {
  /// The form that adds a rule, or changes one, through this screen.
  /// - Parameter id: The rule to change; `nil` to add one.
  /// - Returns: An empty form in the ledger's currency.
  public func ruleForm(editing id: RecurringRuleID? = nil) -> RecurringRuleFormViewModel {
    RecurringRuleFormViewModel(
      rules: self, mode: id.map(RecurringRuleFormViewModel.Mode.edit) ?? .add,
      currency: money.currency)
  }
}

extension String {
  /// The text without the white space around it, as a typed field is read.
  fileprivate var trimmedForm: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
