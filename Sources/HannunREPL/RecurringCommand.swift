import HannunDomain
import HannunPresentation

/// A recurring command typed at the prompt, understood: `recurring …`, `due`, `confirm …`,
/// `skip …`, `change …`. Amounts are carried as typed (the ledger's currency reads them), and a
/// rule's fields too: the session fills the rule form (``RecurringRuleFormViewModel``) with them.
public enum RecurringCommand: Equatable, Sendable {
  /// `recurring`: list the rules.
  case listRules
  /// `recurring add SCHEDULE KIND AMOUNT CATEGORY [MEMO] [--from D] [--until D]`: each field's
  /// words as typed.
  case addRule([RecurringRuleFormViewModel.Field: String])
  /// `recurring edit ID FIELD VALUE`.
  case editRule(RecurringRuleID, RuleField, String)
  /// `recurring remove ID`.
  case removeRule(RecurringRuleID)
  /// `due`: list the due occurrences, numbered.
  case due
  /// `confirm N|all|RULE DATE`.
  case confirm(OccurrenceReference)
  /// `skip N|RULE DATE`.
  case skip(OccurrenceReference)
  /// `change N|RULE DATE amount|memo|date VALUE`.
  case change(OccurrenceReference, OccurrenceField, String)

  /// A field of a rule `recurring edit` changes.
  public enum RuleField: String, CaseIterable, Sendable {
    /// Each entry's amount.
    case amount
    /// The category.
    case category
    /// The memo.
    case memo
    /// Income or expense.
    case kind
    /// The first day.
    case from
    /// The last day (`none` for no end).
    case until
    /// The schedule, in its typed form (`weekly fri`).
    case schedule
  }

  /// A field of one occurrence `change` changes.
  public enum OccurrenceField: String, CaseIterable, Sendable {
    /// This time's amount.
    case amount
    /// This time's memo.
    case memo
    /// This time's day.
    case date
  }
}

/// Which occurrence a command names.
public enum OccurrenceReference: Equatable, Sendable {
  /// Entry N (from 1) of the `due` list.
  case position(Int)
  /// Every due occurrence (`confirm all`).
  case all
  /// A rule and the day its schedule gives.
  case key(OccurrenceKey)
}

extension CommandParser {
  /// The usage of each recurring command word, for its error.
  static let recurringUsages: [String: String] = [
    "due": "due",
    "confirm": "confirm N|all (or confirm RULE DATE)",
    "skip": "skip N (or skip RULE DATE)",
    "change": "change N amount|memo|date VALUE",
    "recurring": "recurring [add SCHEDULE KIND AMOUNT CATEGORY [MEMO] [--from D] [--until D]"
      + " | edit ID FIELD VALUE | remove ID]",
  ]

  /// Reads the words after a recurring command word: `recurring`/`rec`, `due`, `confirm`,
  /// `skip` or `change`.
  static func recurring(_ word: String, _ arguments: [Word], today: Reference)
    throws(CommandError) -> RecurringCommand
  {
    let command = word == "rec" ? "recurring" : word
    let words = arguments.map(\.text)
    func usage() -> CommandError {
      .recurringUsage(command, usage: recurringUsages[command] ?? command)
    }
    switch command {
    case "due":
      guard words.isEmpty else { throw usage() }
      return .due
    case "confirm", "skip", "change":
      guard let first = words.first else { throw usage() }
      let reference: OccurrenceReference
      var rest = Array(words.dropFirst())
      if command == "confirm", ["all", "a", "모두", "전부"].contains(first.lowercased()) {
        reference = .all
      } else if let position = Int(first), position > 0, first.count <= 6,
        first.utf8.allSatisfy({ (0x30...0x39).contains($0) })
      {
        reference = .position(position)
      } else {
        guard let dateText = rest.first else { throw usage() }
        rest.removeFirst()
        let rule: RecurringRuleID
        do { rule = try RecurringRuleID(userInput: first) } catch { throw usage() }
        reference = .key(OccurrenceKey(rule: rule, date: try day(dateText, today)))
      }
      switch command {
      case "confirm":
        guard rest.isEmpty else { throw usage() }
        return .confirm(reference)
      case "skip":
        guard rest.isEmpty, reference != .all else { throw usage() }
        return .skip(reference)
      default:
        guard rest.count >= 2, reference != .all,
          let field = RecurringCommand.OccurrenceField(rawValue: rest[0].lowercased())
        else { throw usage() }
        return .change(reference, field, rest.dropFirst().joined(separator: " "))
      }
    default:
      return try rule(arguments, today: today, usage: usage())
    }
  }

  private static func rule(_ arguments: [Word], today: Reference, usage: CommandError)
    throws(CommandError) -> RecurringCommand
  {
    let words = arguments.map(\.text)
    guard let sub = words.first?.lowercased() else { return .listRules }
    switch sub {
    case "list", "ls":
      guard words.count == 1 else { throw usage }
      return .listRules
    case "remove", "rm", "delete":
      guard words.count == 2 else { throw usage }
      do { return .removeRule(try RecurringRuleID(userInput: words[1])) } catch { throw usage }
    case "edit":
      guard words.count >= 4,
        let field = RecurringCommand.RuleField(rawValue: words[2].lowercased())
      else { throw usage }
      let id: RecurringRuleID
      do { id = try RecurringRuleID(userInput: words[1]) } catch { throw usage }
      return .editRule(id, field, words.dropFirst(3).joined(separator: " "))
    case "add":
      return try addRule(Array(arguments.dropFirst()), today: today, usage: usage)
    default:
      throw usage
    }
  }

  /// `SCHEDULE KIND AMOUNT CATEGORY [MEMO…] [--from D] [--until D]`.
  private static func addRule(_ arguments: [Word], today: Reference, usage: CommandError)
    throws(CommandError) -> RecurringCommand
  {
    var typed: [RecurringRuleFormViewModel.Field: String] = [:]
    var plain: [Word] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if !word.quoted, word.text == "--from" || word.text == "--until" {
        guard index + 1 < arguments.count else { throw usage }
        typed[word.text == "--from" ? .start : .end] = arguments[index + 1].text
        index += 2
        continue
      }
      plain.append(word)
      index += 1
    }
    guard let first = plain.first?.text.lowercased() else { throw usage }
    let scheduleWords = first == "last-business-day" ? 1 : 2
    guard plain.count >= scheduleWords + 3 else { throw usage }
    typed[.schedule] = joined(plain.prefix(scheduleWords))
    typed[.kind] = plain[scheduleWords].text
    typed[.amount] = plain[scheduleWords + 1].text
    typed[.category] = plain[scheduleWords + 2].text
    typed[.memo] = joined(plain.dropFirst(scheduleWords + 3))
    return .addRule(typed)
  }

  private static func day(_ text: String, _ today: Reference) throws(CommandError) -> Day {
    do {
      return try Day(userInput: text, today: today.today, shownMonth: today.shownMonth)
    } catch {
      throw .rejectedDate(error)
    }
  }
}
