import HannunDomain

/// Reads one prompt line into a ``Command``. Pure: the same line and day always give the same
/// result, and nothing is printed or changed.
///
/// Words are separated by spaces, tabs or ideographic spaces (U+3000). A word that starts with
/// `"` or `'` runs to the matching quote, spaces included; a quote inside a word (`Min's`) is an
/// ordinary character. A backslash makes the next character ordinary, outside quotes and inside
/// double quotes; single quotes take everything literally.
public enum CommandParser {
  /// Parses a line typed at the prompt.
  /// - Parameters:
  ///   - line: The line without its newline.
  ///   - today: The day `today`, `yesterday` and `tomorrow` (오늘, 어제, 내일) count from.
  ///   - shownMonth: The month on screen, which `3일` and `11/3` belong to; today's when `nil`.
  /// - Returns: The command; ``Command/empty`` for a blank line.
  /// - Throws: ``CommandError`` naming what is wrong and what is accepted.
  public static func parse(_ line: String, today: Day, shownMonth: YearMonth? = nil)
    throws(CommandError) -> Command
  {
    let today = Reference(today: today, shownMonth: shownMonth)
    let words = try split(line)
    guard let first = words.first else { return .empty }
    guard let verb = CommandVerb(word: first.text) else { throw .unknownCommand(first.text) }
    let arguments = Array(words.dropFirst())
    switch verb {
    case .next: return try bare(.next, verb, arguments)
    case .previous: return try bare(.previous, verb, arguments)
    case .today: return try bare(.today, verb, arguments)
    case .week: return try bare(.week, verb, arguments)
    case .month: return try bare(.month, verb, arguments)
    case .undo: return try bare(.undo, verb, arguments)
    case .redo: return try bare(.redo, verb, arguments)
    case .quit: return try bare(.quit, verb, arguments)
    case .cancel: return try bare(.cancel, verb, arguments)
    case .pick: return try bare(.pick, verb, arguments)
    case .year: return try bare(.year, verb, arguments)
    case .categories: return try categories(arguments.map(\.text))
    case .category: return try category(arguments.map(\.text))
    case .importFile: return try importFile(arguments.map(\.text))
    case .report:
      if let first = arguments.first, moodReportWords.contains(first.text.lowercased()) {
        return try moodReport(Array(arguments.dropFirst()))
      }
      guard let text = try optionalSingle(verb, arguments) else { return .report(.shownMonth) }
      guard let period = try period(text) else {
        throw .invalidArguments(.report, .notAReportSpan(text))
      }
      return .report(period)
    case .list:
      guard let text = try optionalSingle(verb, arguments) else { return .list(page: 1) }
      guard isDigits(text), text.count <= 6, let page = Int(text), page >= 1 else {
        throw .invalidArguments(.list, .notAPage(text))
      }
      return .list(page: page)
    case .find: return .find(try search(arguments, today: today))
    case .open:
      let text = try entry(verb, arguments)
      guard isDigits(text), text.count <= 9, let number = Int(text) else {
        throw .invalidArguments(.open, .search(.notAResult(text)))
      }
      return .open(result: number)
    case .go: return try go(try single(verb, arguments), today: today)
    case .day: return .day(try dayInput(try single(verb, arguments), today: today))
    case .mode: return try mode(try single(verb, arguments))
    case .firstWeekday: return try firstWeekday(try single(verb, arguments))
    case .add: return try add(arguments, today: today)
    case .edit: return .edit(entry: try entry(verb, arguments))
    case .delete: return .delete(entry: try entry(verb, arguments))
    case .budget: return try budget(arguments)
    case .recurring, .due:
      return .recurring(try recurring(first.text.lowercased(), arguments, today: today))
    case .mood: return .mood(try mood(arguments.map(\.text), today: today))
    case .help:
      guard let topic = try optionalSingle(verb, arguments) else { return .help(topic: nil) }
      guard let topicVerb = CommandVerb(word: topic) else { throw .unknownHelpTopic(topic) }
      return .help(topic: topicVerb)
    }
  }

  // MARK: - Words

  /// One word of a line, and whether any of it was quoted (a quoted `--date` is memo text, not
  /// an option).
  struct Word: Equatable {
    var text: String
    var quoted: Bool
  }

  /// Splits a line into words, undoing quotes and backslash escapes.
  /// - Throws: ``CommandError/unterminatedQuote(_:)``.
  static func split(_ line: String) throws(CommandError) -> [Word] {
    var words: [Word] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var quoted = false
    var openQuote: Unicode.Scalar?
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if let quote = openQuote {
        if scalar == quote {
          openQuote = nil
        } else if quote == "\"" && scalar == "\\" {
          guard let escaped = scalars.next() else { break }
          current.append(escaped)
        } else {
          current.append(scalar)
        }
        continue
      }
      switch scalar {
      case " ", "\t", "\u{3000}":
        if inWord { words.append(Word(text: String(current), quoted: quoted)) }
        current = String.UnicodeScalarView()
        inWord = false
        quoted = false
      case "\\":
        inWord = true
        current.append(scalars.next() ?? "\\")
      case "\"" where !inWord, "'" where !inWord:
        inWord = true
        quoted = true
        openQuote = scalar
      default:
        inWord = true
        current.append(scalar)
      }
    }
    if let quote = openQuote { throw .unterminatedQuote(Character(quote)) }
    if inWord { words.append(Word(text: String(current), quoted: quoted)) }
    return words
  }

  // MARK: - Argument counts

  private static func bare(_ command: Command, _ verb: CommandVerb, _ arguments: [Word])
    throws(CommandError) -> Command
  {
    guard arguments.isEmpty else {
      throw .invalidArguments(verb, .unexpected(joined(arguments)))
    }
    return command
  }

  private static func single(_ verb: CommandVerb, _ arguments: [Word]) throws(CommandError)
    -> String
  {
    guard let argument = try optionalSingle(verb, arguments) else {
      throw .invalidArguments(verb, .missing)
    }
    return argument
  }

  private static func optionalSingle(_ verb: CommandVerb, _ arguments: [Word])
    throws(CommandError) -> String?
  {
    guard arguments.count <= 1 else {
      throw .invalidArguments(verb, .extra(joined(arguments.dropFirst())))
    }
    return arguments.first?.text
  }

  static func joined(_ words: some Sequence<Word>) -> String {
    words.map(\.text).joined(separator: " ")
  }

  // MARK: - Navigation

  private static func go(_ text: String, today: Reference) throws(CommandError) -> Command {
    if text.split(omittingEmptySubsequences: false, whereSeparator: { "-－".contains($0) }).count
      == 2
    {
      do {
        return .go(try YearMonth(typed: text))
      } catch .malformedMonth {
        throw .invalidArguments(.go, .notAMonth(text))
      } catch {
        throw .rejectedDate(error)
      }
    }
    do {
      return .goToDay(
        try Day(userInput: text, today: today.today, shownMonth: today.shownMonth))
    } catch .malformedDate {
      throw .invalidArguments(.go, .notAMonth(text))
    } catch {
      throw .rejectedDate(error)
    }
  }

  /// A day number 1–31 of the shown month, or a date or relative day word.
  static func dayInput(_ text: String, today: Reference, option: String? = nil)
    throws(CommandError) -> DayInput
  {
    if isDigits(text) {
      guard text.count <= 2, let number = Int(text), (1...31).contains(number) else {
        throw .invalidArguments(option == nil ? .day : .add, .notADayNumber(text))
      }
      return .dayOfShownMonth(number)
    }
    do {
      return .date(try Day(userInput: text, today: today.today, shownMonth: today.shownMonth))
    } catch .malformedDate {
      throw .invalidArguments(option == nil ? .day : .add, .notADay(text))
    } catch {
      throw .rejectedDate(error)
    }
  }

  private static func isDigits(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  // MARK: - Settings

  private static func mode(_ text: String) throws(CommandError) -> Command {
    switch text.lowercased() {
    case "dateonly", "date-only", "date", "dates": return .mode(.dateOnly)
    case "amounts", "amount": return .mode(.amounts)
    case "emotion", "emotions", "mood", "moods": return .mode(.emotion)
    default: throw .invalidArguments(.mode, .notAMode(text))
    }
  }

  private static func firstWeekday(_ text: String) throws(CommandError) -> Command {
    guard isDigits(text), text.count <= 2, let number = Int(text) else {
      throw .rejectedDate(.badFirstWeekday(text))
    }
    do {
      return .firstWeekday(try Weekday(number: number))
    } catch {
      throw .rejectedDate(error)
    }
  }

  // MARK: - Entries

  private static func add(_ arguments: [Word], today: Reference) throws(CommandError) -> Command {
    guard !arguments.isEmpty else { return .addForm }
    var positional: [String] = []
    var date: DayInput?
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard !optionsEnded, !word.quoted, word.text.hasPrefix("--") else {
        positional.append(word.text)
        continue
      }
      let value: String
      if word.text == "--" {
        optionsEnded = true
        continue
      } else if word.text.lowercased() == "--date" {
        guard index < arguments.count else {
          throw .invalidArguments(.add, .dateNeedsValue)
        }
        value = arguments[index].text
        index += 1
      } else if word.text.lowercased().hasPrefix("--date=") {
        value = String(word.text.dropFirst("--date=".count))
      } else {
        throw .invalidArguments(.add, .unknownOption(word.text))
      }
      guard date == nil else {
        throw .invalidArguments(.add, .dateTwice)
      }
      date = try dayInput(value, today: today, option: "--date")
    }
    guard let kindText = positional.first else {
      throw .invalidArguments(.add, .needsKind)
    }
    let kind: TransactionKind
    do {
      kind = try TransactionRules.kind(kindText)
    } catch {
      // An amount where the kind goes is an expense, the kind most entries have: `add 12000
      // 점심`. Whether the ledger accepts the amount is the form's to say.
      guard AmountParser.isWrittenAsAmount(kindText) else {
        // `add 식비 5000`: the same line with the amount first is an expense.
        if positional.count >= 2, AmountParser.isWrittenAsAmount(positional[1]) {
          var words = positional
          words.swapAt(0, 1)
          throw .invalidArguments(
            .add, .amountFirst(kindText, suggestion: (["add"] + words).joined(separator: " ")))
        }
        throw .rejectedField(error)
      }
      kind = .expense
      positional.insert(TransactionKind.expense.rawValue, at: 0)
    }
    guard positional.count >= 2 else {
      throw .invalidArguments(.add, .needsAmount)
    }
    guard positional.count >= 3 else {
      throw .invalidArguments(.add, .needsCategory)
    }
    return .add(
      kind: kind, amountText: positional[1], category: positional[2],
      memo: positional.dropFirst(3).joined(separator: " "), date: date)
  }

  private static func entry(_ verb: CommandVerb, _ arguments: [Word]) throws(CommandError)
    -> String
  {
    let text = try single(verb, arguments)
    guard !text.isEmpty else { throw .invalidArguments(verb, .missing) }
    return text
  }
}

extension CommandParser {
  /// `find`'s words: options with a value each (`--kind K` or `--kind=K`), and the rest,
  /// joined by single spaces, as the text; `--` ends the options.
  fileprivate static func search(_ arguments: [Word], today: Reference) throws(CommandError)
    -> SearchRequest
  {
    var request = SearchRequest()
    var words: [String] = []
    var seen: Set<String> = []
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard !optionsEnded, !word.quoted, word.text.hasPrefix("--") else {
        words.append(word.text)
        continue
      }
      if word.text == "--" {
        optionsEnded = true
        continue
      }
      let parts = word.text.split(separator: "=", maxSplits: 1).map(String.init)
      let option = parts[0].lowercased()
      guard SearchRequest.options.contains(option) else {
        throw .invalidArguments(.find, .search(.unknownOption(word.text)))
      }
      guard seen.insert(option).inserted else {
        throw .invalidArguments(.find, .search(.optionTwice(option)))
      }
      let value: String
      if parts.count == 2 {
        value = parts[1]
      } else {
        guard index < arguments.count else {
          throw .invalidArguments(.find, .search(.needsValue(option)))
        }
        value = arguments[index].text
        index += 1
      }
      try request.set(option, to: value, today: today.today, shownMonth: today.shownMonth)
    }
    request.text = words.joined(separator: " ")
    return request
  }
}

/// What relative dates count from: today, and the month on screen.
struct Reference {
  let today: Day
  let shownMonth: YearMonth?
}
