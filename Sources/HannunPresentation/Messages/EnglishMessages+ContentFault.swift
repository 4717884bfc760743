import HannunDomain

extension EnglishMessages {
  /// What is wrong with a file's content, in English: the words the parser and the record rules
  /// have always used, like a compiler's message, with the file's own text quoted as it is.
  public func describe(_ fault: ContentFault) -> String {
    switch fault {
    case .notJSON(let syntax, let position):
      "it is not valid JSON" + (syntax.map { ": " + Self.said($0) } ?? "")
        + Self.placed(position)
    case .repeatedKey(let key, let position):
      "it is not valid JSON: the key '\(key)' appears twice" + Self.placed(position)
    case .repeatedField(let place, let position):
      "the field '\(place)' appears more than once" + Self.placed(position)
    case .notAnObject: "it is not a JSON object"
    case .field(let place, let field): "the field '\(place)' " + Self.said(field)
    case .valueOfWrongForm: "a value does not have the form its field needs"
    case .record(let index, let id, let record):
      "transactions[\(index)] (id '\(id)'): " + Self.said(record)
    case .recordOutsideMonth(let index, let id, let date, let month):
      "transactions[\(index)] (id '\(id)') is dated \(date.iso), which is not in \(month.iso)"
    case .monthMismatch(let stated, let month):
      "its month field says '\(stated)' but the file holds \(month.iso)"
    case .notACurrency(let code): "currency '\(code)' is not an ISO 4217 code"
    case .planElement(let place, let record): "\(place): " + Self.said(record)
    case .entry(let record): Self.said(record)
    case .repeatedRecord(let place, .budget):
      "\(place) repeats the budget of an earlier record for the same month"
    case .repeatedRecord(let place, .moodDay): "\(place) repeats the day of an earlier record"
    case .cannotEncode(let text): "cannot encode the ledger: \(text)"
    case .decoderFailure(let text): text
    case .described(let text): text
    }
  }

  /// ` (at line 3, column 13)`, ` (at byte 12)`, or nothing.
  private static func placed(_ position: TextPosition?) -> String {
    switch position {
    case nil: ""
    case .line(let line, let column)?: " (at line \(line), column \(column))"
    case .byte(let offset)?: " (at byte \(offset))"
    }
  }

  /// What is wrong with a field, after "the field 'PLACE' ".
  private static func said(_ field: FieldFault) -> String {
    switch field {
    case .missing: "is missing"
    case .null: "is null"
    case .wrongType: "has the wrong type"
    case .notAnInteger: "is invalid: it must be a whole number"
    case .notMinorUnits: "is invalid: it must be a whole number of minor units"
    case .notWholeNumber: "must be a whole number"
    case .decoderRefused(let text): "is invalid: \(text)"
    case .notAMonth: "is not a month YYYY-MM"
    case .notACategory: "is not a valid category"
    case .notAnAmount: "is not an amount greater than zero"
    case .notADate: "is not a date YYYY-MM-DD"
    case .notAMood: "is not one of the moods"
    case .notANote: "is not a valid note"
    }
  }

  /// What is wrong with one record.
  private static func said(_ record: RecordFault) -> String {
    switch record {
    case .badID(let id): "the id '\(id)' is empty or contains spaces or controls"
    case .notADay(let field, let text):
      "\(field) '\(text)' is not a day from 1583-01-01 to 9999-12-31"
    case .notAKind(let kind): "kind '\(kind)' is neither income nor expense"
    case .notAnAmount(let minor):
      "amountMinor \(minor) is not an amount: it must be greater than zero and at most "
        + "\(Amount.maximumMinorUnits)"
    case .text(let error): describeStored(error)
    case .notATime(let field, let text): "\(field) '\(text)' is not an ISO 8601 time"
    case .stampsOutOfRange: "its stamps are outside the storable range"
    case .notOfMonth(let month): "not of \(month.iso)"
    case .idRepeated: "the id appears more than once"
    case .notARuleID(let id): "the id '\(id)' is not r and a number"
    case .notASchedule(let text): "schedule '\(text)' is not a schedule"
    case .ruleText(let error): "the category or memo breaks the rules (\(error))"
    case .endBeforeStart(let end, let start): "end \(end?.iso ?? "") is before start \(start.iso)"
    case .confirmedWithoutEntry: "a confirmed occurrence needs its entry"
    case .changeText(let error): "the memo breaks the rules (\(error))"
    case .notAStatus(let status): "status '\(status)' is not confirmed, skipped or changed"
    case .ruleIDRepeated(let id): "the id '\(id)' is used twice"
    case .unknownRule(let id): "no rule has the id '\(id)'"
    case .decidedTwice(let id, let day): "\(id) \(day) is decided twice"
    case .notPositive: "it must be greater than zero"
    }
  }

  /// What is wrong with a stored category or memo.
  private static func describeStored(_ error: FieldInputError) -> String {
    switch error {
    case .emptyCategory: "the category is missing"
    case .tooLong(let field, let limit, let count):
      "the \(field) has \(count) characters; at most \(limit) are allowed"
    case .controlCharacters(let field): "the \(field) contains a control character or line break"
    case .invisibleCategory: "the category holds only invisible characters"
    case .badKind(let text): "kind '\(text)' is neither income nor expense"
    }
  }

  /// What the JSON reader found.
  private static func said(_ syntax: JSONSyntaxFault) -> String {
    switch syntax {
    case .empty: "the file is empty"
    case .endsTooEarly: "the text ends too early"
    case .expectedObject: "expected '{'"
    case .expectedKey: "expected a key in double quotes"
    case .expectedColon: "expected ':' after a key"
    case .expectedCommaOrBrace: "expected ',' or '}' after a value in an object"
    case .expectedArray: "expected '['"
    case .expectedCommaOrBracket: "expected ',' or ']' after a value in an array"
    case .keyNotUTF8: "a key is not valid UTF-8"
    case .nestedTooDeeply: "values are nested too deeply"
    case .expectedValue: "expected a value"
    case .expectedDigit: "expected a digit"
    case .expectedFractionDigit: "expected a digit after '.'"
    case .expectedExponentDigit: "expected a digit in the exponent"
    case .controlCharacter: "a string contains a control character; it must be escaped"
    case .unclosedString: "a string is not closed"
    case .expectedString: "expected a string"
    case .stringNotUTF8: "a string is not valid UTF-8"
    case .loneSurrogate: "a string holds a lone surrogate (\\u escape)"
    case .escapeNotCharacter: "a \\u escape is not a character"
    case .unknownEscape: "a string has an unknown escape"
    case .shortUnicodeEscape: "a \\u escape needs four hexadecimal digits"
    case .textAfterValue: "more text follows the JSON value"
    case .expectedEnd: "expected the end of the file"
    }
  }
}
