import HannunDomain

/// How the index catalog keeps a ``ContentFault``: a list of words, each written as its length
/// in UTF-8 bytes, a colon and its text (`7:notJSON13:expectedValue4:line1:31:7`), so that text
/// from the file (a key, a value, an id, with any character in it) needs no escaping.
extension ContentFault {
  /// The fault as catalog text, after its tag.
  var catalogWords: String {
    var words = CatalogWords()
    words.write(self)
    return words.text
  }

  /// The fault `text` records, or `nil` when it is not one this version writes.
  init?(catalogWords text: String) {
    guard var words = CatalogWords(reading: text), let fault = words.contentFault(),
      words.isAtEnd
    else { return nil }
    self = fault
  }
}

/// The words of a catalogued fault, being written or read.
private struct CatalogWords {
  private(set) var text = ""
  private var words: [String] = []
  private var next = 0

  init() {}

  /// The words of `text`, or `nil` when it is not a list of length-prefixed words.
  init?(reading text: String) {
    var bytes = Substring(text).utf8[...]
    while !bytes.isEmpty {
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
        let count = Int(String(decoding: bytes[..<colon], as: UTF8.self)), count >= 0
      else { return nil }
      let start = bytes.index(after: colon)
      guard let end = bytes.index(start, offsetBy: count, limitedBy: bytes.endIndex) else {
        return nil
      }
      words.append(String(decoding: bytes[start..<end], as: UTF8.self))
      bytes = bytes[end...]
    }
  }

  var isAtEnd: Bool { next == words.count }

  // MARK: - Writing

  private mutating func put(_ word: String) {
    text += "\(word.utf8.count):\(word)"
  }

  private mutating func put(_ number: some BinaryInteger) { put(String(number)) }

  mutating func write(_ fault: ContentFault) {
    switch fault {
    case .notJSON(let syntax, let position):
      put("notJSON")
      put(syntax?.rawValue ?? "-")
      write(position)
    case .repeatedKey(let key, let position):
      put("repeatedKey")
      put(key)
      write(position)
    case .repeatedField(let place, let position):
      put("repeatedField")
      put(place)
      write(position)
    case .notAnObject: put("notAnObject")
    case .field(let place, let field):
      put("field")
      put(place)
      write(field)
    case .valueOfWrongForm: put("valueOfWrongForm")
    case .record(let index, let id, let record):
      put("record")
      put(index)
      put(id)
      write(record)
    case .recordOutsideMonth(let index, let id, let date, let month):
      put("recordOutsideMonth")
      put(index)
      put(id)
      put(date.iso)
      put(month.iso)
    case .monthMismatch(let stated, let month):
      put("monthMismatch")
      put(stated)
      put(month.iso)
    case .notACurrency(let code):
      put("notACurrency")
      put(code)
    case .planElement(let place, let record):
      put("planElement")
      put(place)
      write(record)
    case .entry(let record):
      put("entry")
      write(record)
    case .repeatedRecord(let place, let what):
      put("repeatedRecord")
      put(place)
      put(what.rawValue)
    case .cannotEncode(let text):
      put("cannotEncode")
      put(text)
    case .decoderFailure(let text):
      put("decoderFailure")
      put(text)
    case .described(let text):
      put("described")
      put(text)
    }
  }

  private mutating func write(_ position: TextPosition?) {
    switch position {
    case nil: put("-")
    case .line(let line, let column)?:
      put("line")
      put(line)
      put(column)
    case .byte(let offset)?:
      put("byte")
      put(offset)
    }
  }

  private mutating func write(_ field: FieldFault) {
    switch field {
    case .missing: put("missing")
    case .null: put("null")
    case .wrongType: put("wrongType")
    case .notAnInteger: put("notAnInteger")
    case .notMinorUnits: put("notMinorUnits")
    case .notWholeNumber: put("notWholeNumber")
    case .decoderRefused(let text):
      put("decoderRefused")
      put(text)
    case .notAMonth: put("notAMonth")
    case .notACategory: put("notACategory")
    case .notAnAmount: put("notAnAmount")
    case .notADate: put("notADate")
    case .notAMood: put("notAMood")
    case .notANote: put("notANote")
    }
  }

  private mutating func write(_ record: RecordFault) {
    switch record {
    case .badID(let id):
      put("badID")
      put(id)
    case .notADay(let field, let text):
      put("notADay")
      put(field)
      put(text)
    case .notAKind(let text):
      put("notAKind")
      put(text)
    case .notAnAmount(let minor):
      put("notAnAmount")
      put(minor)
    case .text(let error):
      put("text")
      write(error)
    case .notATime(let field, let text):
      put("notATime")
      put(field)
      put(text)
    case .stampsOutOfRange: put("stampsOutOfRange")
    case .notOfMonth(let month):
      put("notOfMonth")
      put(month.iso)
    case .idRepeated: put("idRepeated")
    case .notARuleID(let id):
      put("notARuleID")
      put(id)
    case .notASchedule(let text):
      put("notASchedule")
      put(text)
    case .ruleText(let error):
      put("ruleText")
      write(error)
    case .endBeforeStart(let end, let start):
      put("endBeforeStart")
      put(end?.iso ?? "-")
      put(start.iso)
    case .confirmedWithoutEntry: put("confirmedWithoutEntry")
    case .changeText(let error):
      put("changeText")
      write(error)
    case .notAStatus(let text):
      put("notAStatus")
      put(text)
    case .ruleIDRepeated(let id):
      put("ruleIDRepeated")
      put(id.rawValue)
    case .unknownRule(let id):
      put("unknownRule")
      put(id.rawValue)
    case .decidedTwice(let id, let day):
      put("decidedTwice")
      put(id.rawValue)
      put(day.iso)
    case .notPositive: put("notPositive")
    }
  }

  private mutating func write(_ error: FieldInputError) {
    switch error {
    case .emptyCategory: put("emptyCategory")
    case .tooLong(let field, let limit, let count):
      put("tooLong")
      put(field)
      put(limit)
      put(count)
    case .controlCharacters(let field):
      put("controlCharacters")
      put(field)
    case .invisibleCategory: put("invisibleCategory")
    case .badKind(let text):
      put("badKind")
      put(text)
    }
  }

  // MARK: - Reading

  private mutating func word() -> String? {
    guard next < words.count else { return nil }
    defer { next += 1 }
    return words[next]
  }

  private mutating func number<Number: FixedWidthInteger>() -> Number? {
    word().flatMap { Number($0) }
  }

  private mutating func day() -> Day? { word().flatMap { try? Day(iso: $0) } }

  private mutating func month() -> YearMonth? { word().flatMap { try? YearMonth(iso: $0) } }

  mutating func contentFault() -> ContentFault? {
    switch word() {
    case "notJSON":
      guard let syntax = word(), let at = position() else { return nil }
      if syntax == "-" { return .notJSON(nil, at: at) }
      return JSONSyntaxFault(rawValue: syntax).map { .notJSON($0, at: at) }
    case "repeatedKey":
      guard let key = word(), let found = position(), let place = found else { return nil }
      return .repeatedKey(key, at: place)
    case "repeatedField":
      guard let place = word(), let found = position(), let at = found else { return nil }
      return .repeatedField(place, at: at)
    case "notAnObject": return .notAnObject
    case "field":
      guard let place = word(), let field = fieldFault() else { return nil }
      return .field(place, field)
    case "valueOfWrongForm": return .valueOfWrongForm
    case "record":
      guard let index: Int = number(), let id = word(), let record = recordFault() else {
        return nil
      }
      return .record(index: index, id: id, record)
    case "recordOutsideMonth":
      guard let index: Int = number(), let id = word(), let date = day(), let month = month()
      else { return nil }
      return .recordOutsideMonth(index: index, id: id, date: date, month: month)
    case "monthMismatch":
      guard let stated = word(), let month = month() else { return nil }
      return .monthMismatch(stated: stated, month: month)
    case "notACurrency": return word().map { .notACurrency($0) }
    case "planElement":
      guard let place = word(), let record = recordFault() else { return nil }
      return .planElement(place, record)
    case "entry": return recordFault().map { .entry($0) }
    case "repeatedRecord":
      guard let place = word(), let what = word().flatMap(RepeatedRecord.init(rawValue:)) else {
        return nil
      }
      return .repeatedRecord(place, what)
    case "cannotEncode": return word().map { .cannotEncode($0) }
    case "decoderFailure": return word().map { .decoderFailure($0) }
    case "described": return word().map { .described($0) }
    default: return nil
    }
  }

  /// A position: `.some(nil)` for none written, `nil` when the words are not a position.
  private mutating func position() -> TextPosition?? {
    switch word() {
    case "-": return .some(nil)
    case "line":
      guard let line: Int = number(), let column: Int = number() else { return nil }
      return .line(line, column: column)
    case "byte":
      guard let offset: Int = number() else { return nil }
      return .byte(offset)
    default: return nil
    }
  }

  private mutating func fieldFault() -> FieldFault? {
    switch word() {
    case "missing": .missing
    case "null": .null
    case "wrongType": .wrongType
    case "notAnInteger": .notAnInteger
    case "notMinorUnits": .notMinorUnits
    case "notWholeNumber": .notWholeNumber
    case "decoderRefused": word().map { .decoderRefused($0) }
    case "notAMonth": .notAMonth
    case "notACategory": .notACategory
    case "notAnAmount": .notAnAmount
    case "notADate": .notADate
    case "notAMood": .notAMood
    case "notANote": .notANote
    default: nil
    }
  }

  private mutating func recordFault() -> RecordFault? {
    switch word() {
    case "badID": return word().map { .badID($0) }
    case "notADay":
      guard let field = word(), let text = word() else { return nil }
      return .notADay(field: field, text: text)
    case "notAKind": return word().map { .notAKind($0) }
    case "notAnAmount": return number().map { .notAnAmount($0) }
    case "text": return fieldInputError().map { .text($0) }
    case "notATime":
      guard let field = word(), let text = word() else { return nil }
      return .notATime(field: field, text: text)
    case "stampsOutOfRange": return .stampsOutOfRange
    case "notOfMonth": return month().map { .notOfMonth($0) }
    case "idRepeated": return .idRepeated
    case "notARuleID": return word().map { .notARuleID($0) }
    case "notASchedule": return word().map { .notASchedule($0) }
    case "ruleText": return fieldInputError().map { .ruleText($0) }
    case "endBeforeStart":
      guard let end = word(), let start = day() else { return nil }
      if end == "-" { return .endBeforeStart(end: nil, start: start) }
      guard let endDay = try? Day(iso: end) else { return nil }
      return .endBeforeStart(end: endDay, start: start)
    case "confirmedWithoutEntry": return .confirmedWithoutEntry
    case "changeText": return fieldInputError().map { .changeText($0) }
    case "notAStatus": return word().map { .notAStatus($0) }
    case "ruleIDRepeated": return word().map { .ruleIDRepeated(RecurringRuleID($0)) }
    case "unknownRule": return word().map { .unknownRule(RecurringRuleID($0)) }
    case "decidedTwice":
      guard let id = word(), let day = day() else { return nil }
      return .decidedTwice(RecurringRuleID(id), day)
    case "notPositive": return .notPositive
    default: return nil
    }
  }

  private mutating func fieldInputError() -> FieldInputError? {
    switch word() {
    case "emptyCategory": return .emptyCategory
    case "tooLong":
      guard let field = word(), let limit: Int = number(), let count: Int = number() else {
        return nil
      }
      return .tooLong(field: field, limit: limit, count: count)
    case "controlCharacters": return word().map { .controlCharacters(field: $0) }
    case "invisibleCategory": return .invisibleCategory
    case "badKind": return word().map { .badKind($0) }
    default: return nil
    }
  }
}
