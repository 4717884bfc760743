/// What is wrong with the content of a ledger file, as a value: the file store says what it found
/// and where, and Presentation's catalogues say it in the user's language. Text taken from the
/// file (a field's place such as `transactions[3].date`, a value, an id, a key) is carried as it
/// is: it is what the file says, in any language.
public enum ContentFault: Equatable, Sendable {
  /// The bytes are not JSON: what the reader found (`nil` when the reader did not say), and
  /// where (`nil` when it gave no place, as for a file of nothing but white space).
  case notJSON(JSONSyntaxFault?, at: TextPosition?)
  /// The key `key` appears twice in one object, so the text is not JSON as Hannun reads it: the
  /// key as written and where its second use starts.
  case repeatedKey(String, at: TextPosition)
  /// The JSON is well formed but repeats a field Hannun reads, named by its place
  /// (`transactions[2].date`): where its second use starts.
  case repeatedField(String, at: TextPosition)
  /// The document is JSON but not an object.
  case notAnObject
  /// A field, named by its place in the file (`transactions[2].kind`, `budgets[0].from`), is
  /// missing or holds what it cannot.
  case field(String, FieldFault)
  /// A value does not have the form its field needs (the decoder did not say which).
  case valueOfWrongForm
  /// The record at `index` of `transactions`, whose stored id is `id`, breaks a rule.
  case record(index: Int, id: String, RecordFault)
  /// The record at `index` of `transactions` (stored id `id`) is dated `date`, which is not in
  /// `month`, the month of its file.
  case recordOutsideMonth(index: Int, id: String, date: Day, month: YearMonth)
  /// The document's `month` field says `stated`, but the file is that of `month`.
  case monthMismatch(stated: String, month: YearMonth)
  /// The stored currency is not an ISO 4217 code.
  case notACurrency(String)
  /// An element of the recurring plan (`rules[2]`, `decisions[0]`, `nextRule`), named by its
  /// place, breaks a rule.
  case planElement(String, RecordFault)
  /// An entry breaks a storage rule; where it is goes with it (``FileProblem/entryNotStorable(_:detail:)``).
  case entry(RecordFault)
  /// A record, named by its place (`budgets[2]`, `moods[4]`), repeats an earlier one.
  case repeatedRecord(String, RepeatedRecord)
  /// The ledger could not be made into bytes: the encoder's own account, which names a Swift
  /// type and is not translated.
  case cannotEncode(String)
  /// The decoder refused the document in a way it does not describe further: its own account.
  case decoderFailure(String)
  /// A description kept as text by an older Hannun (its index catalog): shown as it is.
  case described(String)
}

/// What is wrong with one field of a file.
public enum FieldFault: Equatable, Sendable {
  /// The field is absent.
  case missing
  /// The field is `null`.
  case null
  /// The field holds another JSON type.
  case wrongType
  /// A number that is not a whole number that fits: "is invalid: it must be a whole number".
  case notAnInteger
  /// An amount that is not a whole number of minor units that fits.
  case notMinorUnits
  /// A number that is not a whole 64-bit number, in a small ledger document.
  case notWholeNumber
  /// The decoder refused the value: its own account, which is not translated.
  case decoderRefused(String)
  /// Not a month `YYYY-MM`.
  case notAMonth
  /// Not a category the rules accept.
  case notACategory
  /// Not an amount greater than zero.
  case notAnAmount
  /// Not a date `YYYY-MM-DD`.
  case notADate
  /// Not one of the moods.
  case notAMood
  /// Not a note the rules accept.
  case notANote
}

/// What an earlier record already holds that a later one repeats.
public enum RepeatedRecord: String, Equatable, Sendable {
  /// The budget of the same scope and month (`budgets.json`).
  case budget
  /// The same day (`moods.json`).
  case moodDay
}

/// What is wrong with one stored record: an entry, or a rule or decision of the recurring plan.
/// Text from the file goes with it as it is written.
public enum RecordFault: Equatable, Sendable {
  /// The id is empty or holds spaces or controls.
  case badID(String)
  /// The field `field` (`date`, `start`, `end`, `day`) holds `text`, which is not a day from
  /// 1583-01-01 to 9999-12-31.
  case notADay(field: String, text: String)
  /// The kind is neither `income` nor `expense`.
  case notAKind(String)
  /// `amountMinor` is not an amount: zero, negative, or above ``Amount/maximumMinorUnits``.
  case notAnAmount(Int64)
  /// The category or memo breaks the text rules.
  case text(FieldInputError)
  /// The field `field` (`createdAt`, `updatedAt`) holds `text`, which is not an ISO 8601 time.
  case notATime(field: String, text: String)
  /// The entry's stamps are outside the range a file can hold.
  case stampsOutOfRange
  /// The entry is not of the month being written.
  case notOfMonth(YearMonth)
  /// The id is that of an earlier record of the same file.
  case idRepeated
  /// A rule's id is not `r` and a number.
  case notARuleID(String)
  /// A rule's schedule is not one Hannun reads.
  case notASchedule(String)
  /// A rule's category or memo breaks the text rules.
  case ruleText(FieldInputError)
  /// A rule's end (`nil` when it has none) comes before its start.
  case endBeforeStart(end: Day?, start: Day)
  /// A confirmed occurrence does not name its entry.
  case confirmedWithoutEntry
  /// A changed occurrence's memo breaks the text rules.
  case changeText(FieldInputError)
  /// A decision's status is not `confirmed`, `skipped` or `changed`.
  case notAStatus(String)
  /// A rule's id is that of an earlier rule.
  case ruleIDRepeated(RecurringRuleID)
  /// A decision names a rule the plan does not have.
  case unknownRule(RecurringRuleID)
  /// The occurrence of the rule on the day is decided by an earlier decision too.
  case decidedTwice(RecurringRuleID, Day)
  /// The value must be greater than zero.
  case notPositive
}

/// Where in a file's text a problem is.
public enum TextPosition: Equatable, Sendable {
  /// A line and a column, both from 1 (the column counts Unicode scalars).
  case line(Int, column: Int)
  /// A byte offset from 0.
  case byte(Int)
}

/// What the JSON reader found where the grammar wanted something else.
public enum JSONSyntaxFault: String, CaseIterable, Sendable {
  /// The file holds nothing (or only white space).
  case empty
  /// The text ends in the middle of a value.
  case endsTooEarly
  /// `{` was expected.
  case expectedObject
  /// A key in double quotes was expected.
  case expectedKey
  /// `:` was expected after a key.
  case expectedColon
  /// `,` or `}` was expected after a value in an object.
  case expectedCommaOrBrace
  /// `[` was expected.
  case expectedArray
  /// `,` or `]` was expected after a value in an array.
  case expectedCommaOrBracket
  /// A key is not valid UTF-8.
  case keyNotUTF8
  /// Arrays and objects are nested deeper than the reader goes.
  case nestedTooDeeply
  /// A value was expected.
  case expectedValue
  /// A digit was expected.
  case expectedDigit
  /// A digit was expected after `.`.
  case expectedFractionDigit
  /// A digit was expected in the exponent.
  case expectedExponentDigit
  /// A string holds a control character that must be escaped.
  case controlCharacter
  /// A string is not closed.
  case unclosedString
  /// A string was expected.
  case expectedString
  /// A string is not valid UTF-8.
  case stringNotUTF8
  /// A string holds half of a surrogate pair (a `\u` escape).
  case loneSurrogate
  /// A `\u` escape is not a character.
  case escapeNotCharacter
  /// A string has an escape JSON does not have.
  case unknownEscape
  /// A `\u` escape has fewer than four hexadecimal digits.
  case shortUnicodeEscape
  /// More text follows the document's value.
  case textAfterValue
  /// The end of the file was expected after the document.
  case expectedEnd
}
