import HannunDomain

extension KoreanMessages {
  /// What is wrong with a file's content, in Korean. The file's own text (a field's place such
  /// as `transactions[3].date`, a value, an id, a JSON token) is quoted as it is, in '…'.
  public func describe(_ fault: ContentFault) -> String {
    switch fault {
    case .notJSON(let syntax, let position):
      "JSON 형식이 아닙니다" + (syntax.map { ": " + Self.said($0) } ?? "") + Self.placed(position)
    case .repeatedKey(let key, let position):
      "JSON 형식이 아닙니다: 한 객체에 키 '\(key)'가 두 번 나옵니다" + Self.placed(position)
    case .repeatedField(let place, let position):
      "'\(place)' 필드가 두 번 이상 나옵니다" + Self.placed(position)
    case .notAnObject: "JSON 객체가 아닙니다"
    case .field(let place, let field): Self.said(field, place: "'\(place)'")
    case .valueOfWrongForm: "어떤 값이 그 필드에 맞는 꼴이 아닙니다"
    case .record(let index, let id, let record):
      "'transactions[\(index)]' (아이디 '\(id)'): " + Self.said(record)
    case .recordOutsideMonth(let index, let id, let date, let month):
      "'transactions[\(index)]' (아이디 '\(id)')의 날짜 \(date.iso)은(는) \(month.iso)에 속하지 않습니다"
    case .monthMismatch(let stated, let month):
      "'month' 필드는 '\(stated)'이지만 이 파일은 \(month.iso)의 파일입니다"
    case .notACurrency(let code): "통화 '\(code)'은(는) ISO 4217 통화 코드가 아닙니다"
    case .planElement(let place, let record): "'\(place)': " + Self.said(record)
    case .entry(let record): Self.said(record)
    case .repeatedRecord(let place, .budget):
      "'\(place)'은(는) 앞의 기록과 같은 분류, 같은 달의 예산을 다시 정합니다"
    case .repeatedRecord(let place, .moodDay): "'\(place)'은(는) 앞의 기록과 같은 날의 기분을 다시 적습니다"
    // The encoder's and decoder's own accounts name Swift types in English: not shown here.
    case .cannotEncode: "가계부를 파일에 쓸 형태로 바꿀 수 없습니다"
    case .decoderFailure: "파일의 형식을 읽을 수 없습니다"
    case .described(let text): text
    }
  }

  /// ` (3번째 줄, 13번째 글자)`, ` (바이트 위치 12)`, or nothing.
  private static func placed(_ position: TextPosition?) -> String {
    switch position {
    case nil: ""
    case .line(let line, let column)?: " (\(line)번째 줄, \(column)번째 글자)"
    case .byte(let offset)?: " (바이트 위치 \(offset))"
    }
  }

  /// What is wrong with the field `place` (already quoted).
  private static func said(_ field: FieldFault, place: String) -> String {
    switch field {
    case .missing: "\(place) 필드가 없습니다"
    case .null: "\(place) 필드의 값이 'null'입니다"
    case .wrongType: "\(place) 필드의 값 종류가 맞지 않습니다"
    case .notAnInteger: "\(place) 필드가 올바르지 않습니다: 정수여야 합니다"
    case .notMinorUnits: "\(place) 필드가 올바르지 않습니다: 최소 화폐 단위의 정수여야 합니다"
    case .notWholeNumber: "\(place) 필드는 정수여야 합니다"
    // The decoder's own account is in English: not shown here.
    case .decoderRefused: "\(place) 필드의 값이 올바르지 않습니다"
    case .notAMonth: "\(place) 필드가 2025-11 같은 연도-월이 아닙니다"
    case .notACategory: "\(place) 필드가 올바른 분류가 아닙니다"
    case .notAnAmount: "\(place) 필드가 0보다 큰 금액이 아닙니다"
    case .notADate: "\(place) 필드가 2025-11-03 같은 연도-월-일이 아닙니다"
    case .notAMood: "\(place) 필드가 한눈이 아는 기분이 아닙니다"
    case .notANote: "\(place) 필드가 올바른 메모가 아닙니다"
    }
  }

  /// What is wrong with one record.
  private static func said(_ record: RecordFault) -> String {
    switch record {
    case .badID(let id): "아이디 '\(id)'이(가) 비어 있거나 공백이나 제어 문자를 담고 있습니다"
    case .notADay(let field, let text):
      "'\(field)' 값 '\(text)'은(는) 1583-01-01부터 9999-12-31 사이의 날짜가 아닙니다"
    case .notAKind(let kind): "'kind' 값 '\(kind)'은(는) 'income'도 'expense'도 아닙니다"
    case .notAnAmount(let minor):
      "'amountMinor' 값 \(minor)은(는) 금액이 아닙니다. 0보다 크고 \(Amount.maximumMinorUnits) 이하여야 합니다"
    case .text(let error): said(error)
    case .notATime(let field, let text): "'\(field)' 값 '\(text)'은(는) ISO 8601 시각이 아닙니다"
    case .stampsOutOfRange: "만든 시각이나 바꾼 시각이 파일에 적을 수 있는 범위 밖입니다"
    case .notOfMonth(let month): "\(month.iso)의 내역이 아닙니다"
    case .idRepeated: "같은 아이디가 두 번 이상 나옵니다"
    case .notARuleID(let id): "아이디 '\(id)'이(가) 'r' 뒤에 숫자가 붙은 꼴이 아닙니다"
    case .notASchedule(let text): "일정 '\(text)'을(를) 읽을 수 없습니다"
    case .ruleText(let error): "분류나 메모가 규칙에 맞지 않습니다 (\(said(error)))"
    case .endBeforeStart(let end, let start):
      "끝 날짜 \(end?.iso ?? "")이(가) 시작 날짜 \(start.iso)보다 앞섭니다"
    case .confirmedWithoutEntry: "확정된 회차에 그 내역이 적혀 있지 않습니다"
    case .changeText(let error): "메모가 규칙에 맞지 않습니다 (\(said(error)))"
    case .notAStatus(let status):
      "상태 '\(status)'은(는) 'confirmed', 'skipped', 'changed' 가운데 하나가 아닙니다"
    case .ruleIDRepeated(let id): "아이디 '\(id)'이(가) 두 번 쓰였습니다"
    case .unknownRule(let id): "아이디가 '\(id)'인 규칙이 없습니다"
    case .decidedTwice(let id, let day): "'\(id)'의 \(day.iso) 회차가 두 번 정해져 있습니다"
    case .notPositive: "0보다 커야 합니다"
    }
  }

  /// What is wrong with a stored category or memo.
  private static func said(_ error: FieldInputError) -> String {
    switch error {
    case .emptyCategory: "분류가 비어 있습니다"
    case .tooLong(let field, let limit, let count):
      "\(storedFieldName(field))이(가) \(count)자입니다. \(limit)자까지 쓸 수 있습니다"
    case .controlCharacters(let field): "\(storedFieldName(field))에 제어 문자나 줄바꿈이 있습니다"
    case .invisibleCategory: "분류가 보이지 않는 글자로만 되어 있습니다"
    case .badKind(let text): "'kind' 값 '\(text)'은(는) 'income'도 'expense'도 아닙니다"
    }
  }

  /// `memo` → 메모, `category` → 분류; another field by its name, quoted.
  private static func storedFieldName(_ field: String) -> String {
    switch field {
    case "memo": "메모"
    case "category": "분류"
    default: "'\(field)'"
    }
  }

  /// What the JSON reader found.
  private static func said(_ syntax: JSONSyntaxFault) -> String {
    switch syntax {
    case .empty: "파일이 비어 있습니다"
    case .endsTooEarly: "글이 중간에 끝납니다"
    case .expectedObject: "'{'가 와야 합니다"
    case .expectedKey: "큰따옴표로 감싼 키가 와야 합니다"
    case .expectedColon: "키 뒤에 ':'가 와야 합니다"
    case .expectedCommaOrBrace: "객체의 값 뒤에 ','나 '}'가 와야 합니다"
    case .expectedArray: "'['가 와야 합니다"
    case .expectedCommaOrBracket: "배열의 값 뒤에 ','나 ']'가 와야 합니다"
    case .keyNotUTF8: "키가 올바른 UTF-8이 아닙니다"
    case .nestedTooDeeply: "값이 너무 깊이 겹쳐 있습니다"
    case .expectedValue: "값이 와야 합니다"
    case .expectedDigit: "숫자가 와야 합니다"
    case .expectedFractionDigit: "'.' 뒤에 숫자가 와야 합니다"
    case .expectedExponentDigit: "지수에 숫자가 와야 합니다"
    case .controlCharacter: "문자열에 제어 문자가 있습니다. 이스케이프해야 합니다"
    case .unclosedString: "문자열이 닫히지 않았습니다"
    case .expectedString: "문자열이 와야 합니다"
    case .stringNotUTF8: "문자열이 올바른 UTF-8이 아닙니다"
    case .loneSurrogate: "문자열에 짝이 없는 서로게이트('\\u' 이스케이프)가 있습니다"
    case .escapeNotCharacter: "'\\u' 이스케이프가 문자가 아닙니다"
    case .unknownEscape: "문자열에 알 수 없는 이스케이프가 있습니다"
    case .shortUnicodeEscape: "'\\u' 이스케이프에 16진수 네 자리가 있어야 합니다"
    case .textAfterValue: "JSON 값 뒤에 글이 더 있습니다"
    case .expectedEnd: "파일이 끝나야 할 자리에 글이 더 있습니다"
    }
  }
}
