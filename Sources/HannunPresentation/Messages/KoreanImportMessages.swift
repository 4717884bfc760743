import HannunDomain

/// ``ImportMessages`` in Korean.
public struct KoreanImportMessages: ImportMessages {
  /// The Korean sentences.
  public init() {}
  /// `ImportMessages`.
  public var defaultCategory: String { "미분류" }
  /// `ImportMessages`.
  public func fileMissing(_ name: String) -> String { "\(name) 파일이 없습니다" }
  /// `ImportMessages`.
  public func fileUnreadable(_ name: String) -> String { "\(name) 파일을 읽을 수 없습니다" }
  /// `ImportMessages`.
  public func notRegularFile(_ name: String) -> String {
    "\(name)은(는) 보통 파일이 아닙니다 (폴더, FIFO, 장치 등). 파일을 저장한 뒤 그 파일을 적으세요"
  }
  /// `ImportMessages`.
  public func cannotGuessFormat(_ name: String, hints: CommandHintStyle) -> String {
    "\(name)의 형식을 모릅니다. csv인지 journal인지 적으세요: " + hints.say(.importFormat, in: .korean)
  }
  /// `ImportMessages`.
  public func unknownFormat(_ name: String) -> String {
    "'\(name)'은(는) 모르는 형식입니다. --format csv, journal, json 가운데 하나를 쓰세요"
  }
  /// `ImportMessages`.
  public var nothingImported: String { ". 아무것도 가져오지 않았습니다" }
  /// `ImportMessages`.
  public var undecodable: String { "파일이 UTF-8도 CP949(EUC-KR)도 아닙니다" }
  /// `ImportMessages`.
  public var noHeader: String { "파일이 비어 있습니다 (머리글 줄이 없음)" }
  /// `ImportMessages`.
  public func missingColumn(_ field: String, headers: String, hints: CommandHintStyle) -> String {
    let map = hints.say(.mapColumn(field: field, header: "머리글"), in: .korean)
    return "\(Self.fieldName(field)) 열을 찾지 못했습니다 (\(headers) …). 어느 머리글인지 알려 주세요: \(map)"
  }
  /// `ImportMessages`.
  public func unknownField(_ name: String, fields: String) -> String {
    "--map의 '\(name)'은(는) 모르는 항목입니다. 쓸 수 있는 것: \(fields)"
  }
  /// `ImportMessages`.
  public func unknownHeader(_ field: String, _ header: String) -> String {
    "--map \(field)=\(header): 파일에 '\(header)' 머리글이 없습니다"
  }
  /// `ImportMessages`.
  public func badMapping(_ text: String) -> String {
    "--map '\(text)'은(는) 항목=머리글 꼴이어야 합니다 (예: --map date=거래일)"
  }
  /// `ImportMessages`.
  public func raggedRow(line: Int, fields: Int, expected: Int) -> String {
    "\(line)번째 줄의 칸이 \(fields)개입니다. 머리글처럼 \(expected)개여야 합니다"
  }
  /// `ImportMessages`.
  public func lineTooLong(line: Int, kibibytes: Int) -> String {
    "\(line)번째 줄이 \(kibibytes)KiB보다 깁니다. 한 줄은 \(kibibytes)KiB까지 읽습니다"
  }
  /// `ImportMessages`.
  public func fileTooLarge(mebibytes: Int) -> String {
    "파일이 \(mebibytes)MiB보다 큽니다. 한 번에 \(mebibytes)MiB까지 가져옵니다. 기간을 나눠 가져오세요"
  }
  /// `ImportMessages`.
  public func backupTooLarge(mebibytes: Int) -> String {
    "백업 파일이 \(mebibytes)MiB보다 큽니다. 백업은 \(mebibytes)MiB까지 복원합니다"
  }
  /// `ImportMessages`.
  public func badRow(line: Int, column: String, reason: String) -> String {
    "\(line)번째 줄, '\(column)' 열: \(reason)"
  }
  /// `ImportMessages`.
  public func notAKind(_ text: String) -> String { "'\(text)'은(는) 수입/지출(입금/출금)이 아닙니다" }
  /// `ImportMessages`.
  public var noAmount: String { "금액이 없습니다 (입금도 출금도 비어 있음)" }
  /// `ImportMessages`.
  public var bothAmounts: String { "입금과 출금이 둘 다 적혀 있습니다" }
  /// `ImportMessages`.
  public func dryRun(added: Int, duplicates: Int) -> String {
    "미리 보기: \(added)건을 더합니다. 이미 있는 \(duplicates)건은 건너뜁니다. 아무것도 쓰지 않았습니다."
  }
  /// `ImportMessages`.
  public func dryRunMonth(_ month: YearMonth, count: Int, income: String, expense: String)
    -> String
  {
    "  \(month.iso)  \(count)건  수입 \(income)  지출 \(expense)"
  }
  /// `ImportMessages`.
  public func firstRows(_ shown: Int) -> String { "처음 \(shown)건:" }
  /// `ImportMessages`.
  public func rowKind(_ kind: TransactionKind) -> String { kind == .income ? "수입" : "지출" }
  /// `ImportMessages`.
  public func skippedTransactions(_ count: Int) -> String {
    "가져오지 않은 거래 \(count)건 (추측하지 않음):"
  }
  /// `ImportMessages`.
  public func line(_ line: Int) -> String { "\(line)번째 줄" }
  /// `ImportMessages`.
  public func postings(_ count: Int) -> String { "기록(posting)이 2개가 아니라 \(count)개" }
  /// `ImportMessages`.
  public var noCategoryAccount: String { "expenses: 또는 income: 계정이 한쪽에만 있지 않음" }
  /// `ImportMessages`.
  public func unreadableAmount(_ text: String) -> String { "금액 '\(text)'을(를) 읽을 수 없음" }
  /// `ImportMessages`.
  public var reversed: String { "부호가 반대 (환불이나 정정)" }
  /// `ImportMessages`.
  public func unreadableDate(_ text: String) -> String { "날짜 '\(text)'을(를) 읽을 수 없음" }
  /// `ImportMessages`.
  public var rule: String { "주기·자동 거래 규칙" }

  private static func fieldName(_ field: String) -> String {
    switch field {
    case "date": "날짜"
    case "amount": "금액(또는 입금/출금)"
    case "kind": "구분"
    case "deposit": "입금"
    case "withdrawal": "출금"
    case "category": "분류"
    case "memo": "적요"
    default: field
    }
  }
}
