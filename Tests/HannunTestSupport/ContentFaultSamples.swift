import HannunDomain

extension ContentFault {
  /// One fault of every kind, with every kind of record and field fault and every JSON syntax
  /// fault, carrying text from a file as the file would (places, ids, values): for checks that
  /// each is said in every language, and kept by the index catalog.
  public static var samples: [ContentFault] {
    let day = Fixtures.day("2026-11-03")
    let month = Fixtures.month("2026-11")
    let rule = RecurringRuleID("r3")
    let records: [RecordFault] = [
      .badID("a b"), .notADay(field: "date", text: "2026-13-01"), .notAKind("spend"),
      .notAnAmount(-5), .text(.emptyCategory),
      .text(.tooLong(field: "memo", limit: 200, count: 201)),
      .text(.tooLong(field: "category", limit: 40, count: 41)),
      .text(.controlCharacters(field: "category")), .text(.controlCharacters(field: "memo")),
      .text(.invisibleCategory), .text(.badKind("gift")),
      .notATime(field: "createdAt", text: "noon"), .stampsOutOfRange, .notOfMonth(month),
      .idRepeated, .notARuleID("x9"), .notASchedule("monthly 99"),
      .ruleText(.tooLong(field: "memo", limit: 200, count: 300)),
      .endBeforeStart(end: Fixtures.day("2026-01-01"), start: day),
      .endBeforeStart(end: nil, start: day), .confirmedWithoutEntry,
      .changeText(.controlCharacters(field: "memo")), .notAStatus("maybe"),
      .ruleIDRepeated(rule), .unknownRule(rule), .decidedTwice(rule, day), .notPositive,
    ]
    let fields: [FieldFault] = [
      .missing, .null, .wrongType, .notAnInteger, .notMinorUnits, .notWholeNumber,
      .decoderRefused("Parsed JSON number <1e400> does not fit in Int64."), .notAMonth,
      .notACategory, .notAnAmount, .notADate, .notAMood, .notANote,
    ]
    return JSONSyntaxFault.allCases.map { .notJSON($0, at: .line(3, column: 13)) }
      + [
        .notJSON(.empty, at: nil), .notJSON(.expectedValue, at: .byte(12)),
        .notJSON(nil, at: nil), .repeatedKey("amountMinor", at: .line(1, column: 40)),
        .repeatedKey("식비", at: .byte(7)),
        .repeatedField("transactions[2].date", at: .line(4, column: 2)), .notAnObject,
        .valueOfWrongForm, .recordOutsideMonth(index: 3, id: "t9", date: day, month: month),
        .monthMismatch(stated: "2026-10", month: month), .notACurrency("won!"),
        .repeatedRecord("budgets[2]", .budget), .repeatedRecord("moods[4]", .moodDay),
        .cannotEncode("invalidValue(inf, Swift.EncodingError.Context(…))"),
        .decoderFailure("dataCorrupted(…)"),
      ]
      + fields.map { .field("transactions[3].amountMinor", $0) }
      + records.map { .record(index: 3, id: "t:1 2", $0) }
      + records.map { .planElement("rules[0]", $0) } + records.map { .entry($0) }
  }
}
