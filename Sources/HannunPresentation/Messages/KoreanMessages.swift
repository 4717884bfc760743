import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Hannun's error sentences in Korean.
public struct KoreanMessages: MessageCatalog {
  /// `MessageCatalog`: how a sentence says a command; the command line's unless given.
  public let hints: CommandHintStyle
  /// The ledger's currency, whose own forms an amount error suggests; `nil` suggests the forms
  /// of every currency.
  public let currency: Currency?

  /// The Korean catalogue.
  /// - Parameters:
  ///   - hints: How a sentence that points to a command says it.
  ///   - currency: The ledger's currency, or `nil` when it is not known.
  public init(hints: CommandHintStyle = .commandLine, currency: Currency? = nil) {
    self.hints = hints
    self.currency = currency
  }

  /// `MessageCatalog`: always ``DisplayLanguage/korean``.
  public var language: DisplayLanguage { .korean }

  /// `MessageCatalog`: why the amount or currency was refused, in Korean, with examples.
  public func describe(_ error: AmountInputError) -> String {
    let accepted =
      "예: "
      + (currency.map { AmountExamples.forms(for: $0).joined(separator: ", ") }
        ?? "12000, 12,000, ₩12,000, $12.50, 3만5천, 1.5만")
    switch error {
    case .empty:
      return "금액이 없습니다. 0보다 큰 수를 적어 주세요 (\(accepted))"
    case .malformed(let text):
      return "'\(text)'은(는) 금액이 아닙니다. 0보다 큰 수를 적어 주세요 (\(accepted))"
    case .notPositive(let text):
      return "'\(text)'은(는) 0보다 크지 않습니다. 금액은 양수로 적고, 수입/지출은 종류로 정합니다"
    case .tooLarge(let text):
      return "'\(text)'은(는) 한 내역에 담을 수 있는 가장 큰 금액보다 큽니다"
    case .tooManyDecimals(let text, let currency, let allowed):
      let places = allowed == 0 ? "소수점 아래 자리가 없습니다" : "소수점 아래 \(allowed)자리까지입니다"
      return "'\(text)'은(는) 소수점 아래 자리가 너무 많습니다. \(currency) 금액은 \(places)"
    case .wrongCurrency(let text, let ledger):
      return "'\(text)'은(는) 다른 통화입니다. 이 가계부는 \(ledger)로 기록합니다"
    case .badCurrency(let text):
      return "'\(text)'은(는) 한눈이 아는 통화 코드가 아닙니다. KRW, USD, EUR, JPY처럼 지금 쓰이는 통화의 "
        + "ISO 4217 영문 세 글자를 쓰세요"
    }
  }

  /// `MessageCatalog`: why a date, month or weekday was refused, in Korean, with the forms.
  public func describe(_ error: DateInputError) -> String {
    switch error {
    case .malformedDate(let text):
      "'\(text)'은(는) 날짜가 아닙니다. YYYY-MM-DD(예: 2025-11-03)나 2025.11.03, 11/3, 11월 3일, "
        + "3일, 오늘, 어제, 내일로 적어 주세요"
    case .malformedMonth(let text):
      "'\(text)'은(는) 달이 아닙니다. YYYY-MM(예: 2025-11)으로 적어 주세요"
    case .malformedYear(let text):
      "'\(text)'은(는) 연도가 아닙니다. YYYY(예: 2025)로 적어 주세요"
    case .noSuchDay(let text):
      "\(text)은(는) 없는 날입니다. 그 달은 \(Self.daysInMonth(of: text))일까지 있습니다"
    case .noSuchMonth(let text):
      "'\(text)'에는 그런 달이 없습니다. 달은 01부터 12까지입니다"
    case .outOfRange(let text):
      "\(text)은(는) 지원하는 범위(1583-01-01 ~ 9999-12-31) 밖입니다"
    case .navigationLimit(let month):
      "\(month.iso)은(는) 한눈이 지원하는 "
        + "\(month == YearMonth.supportedRange.lowerBound ? "첫" : "마지막") 달입니다. 더 갈 수 없습니다"
    case .badFirstWeekday(let text):
      "'\(text)'은(는) 시작 요일이 아닙니다. 1(일요일)부터 7(토요일)까지 적어 주세요"
    }
  }

  /// `MessageCatalog`: the broken rule in Korean, naming the field.
  public func describe(_ error: FieldInputError) -> String {
    switch error {
    case .emptyCategory:
      "분류가 없습니다. 식비, 교통처럼 1~\(TransactionRules.categoryLimit)자로 적어 주세요"
    case .tooLong(let field, let limit, let count):
      "\(Self.fieldName(field))이(가) \(count)자입니다. \(limit)자까지 쓸 수 있습니다"
    case .controlCharacters(let field):
      "\(Self.fieldName(field))에 제어 문자나 줄바꿈이 있습니다. 한 줄의 평범한 글로 적어 주세요"
    case .invisibleCategory:
      "분류가 보이지 않는 문자(폭 없는 공백·결합자, 이모지 변형 선택자 등)로만 되어 있습니다. "
        + "보이는 글자를 한 자 이상 적어 주세요"
    case .badKind(let text):
      "'\(text)'은(는) 종류가 아닙니다. 수입이나 지출(income, expense)로 적어 주세요"
    }
  }

  /// `MessageCatalog`: why the ledger refused or failed, in Korean, naming the file or entry.
  public func describe(_ error: LedgerError) -> String {
    switch error {
    case .totalOverflow:
      "합계가 너무 커서 정확히 계산할 수 없습니다. 잘못 적은 금액이 없는지 확인해 주세요"
    case .unknownTransaction(let id):
      "'\(id)' 아이디의 내역이 없습니다"
    case .ambiguousTransaction(let id):
      "'\(id)'(으)로 시작하는 아이디가 여럿입니다. 더 길게 적어 주세요"
    case .duplicateTransaction(let id):
      "'\(id)' 아이디의 내역이 이미 있습니다"
    case .unreadableFile(let path, .missingMonthFile(let index)):
      // 그대로 둘 파일이 없습니다.
      "\(path)을(를) 읽을 수 없습니다: \(describe(.missingMonthFile(indexFolder: index))). 바뀐 것은 없습니다"
    case .unreadableFile(let path, .symbolicLink):
      // 파일이 아니라 폴더입니다.
      "\(path)을(를) 읽을 수 없습니다: \(describe(.symbolicLink)). 바뀐 것은 없습니다"
    case .unreadableFile(let path, let reason):
      "\(path)을(를) 읽을 수 없습니다: \(describe(reason)). 파일은 그대로 두었습니다"
    case .unwritableFile(let path, let reason):
      "\(path)에 쓸 수 없습니다: \(describe(reason)). 바뀐 것은 없습니다"
    case .unfinishedWrite(let path, let reason, let journal):
      "\(path)을(를) 제자리에 둘 수 없습니다: \(describe(reason)). 바꾼 내용은 \(journal)에 "
        + "저장되어 있으니, 이 문제를 고치면 다음 명령이 마저 끝냅니다"
    case .currencyMismatch(let ledger, let requested):
      "이 가계부는 \(ledger)로 기록합니다. --currency \(requested)와(과) 맞지 않습니다"
    case .staleTransaction(let expected, nil):
      "'\(expected.id)' 내역은 읽은 뒤에 다른 곳에서 삭제되었습니다. 바뀐 것은 없습니다"
    case .staleTransaction(let expected, .some):
      "'\(expected.id)' 내역은 읽은 뒤에 다른 곳에서 바뀌었습니다. 바뀐 것은 없습니다"
    case .editNoLongerApplies:
      "다른 곳에서 내역이 바뀌어 이 단계는 더 적용할 수 없습니다. 이 단계는 버렸습니다"
    case .staleBudgets:
      "예산은 읽은 뒤에 다른 곳에서 바뀌었습니다. 바뀐 것은 없습니다. 지금 예산을 보고 다시 하세요"
    case .noBudget(let scope, let from):
      "\(from.iso)부터 \(scope.category.map { "'\($0)' 분류의" } ?? "전체") 예산이 없습니다. 바뀐 것은 없습니다"
    case .recurring(let error):
      describe(recurring: error)
    case .monthTotalOverflow(let month):
      "\(month.iso)의 합계가 너무 커서 정확히 계산할 수 없습니다. 그 달에 잘못 입력한 금액이 있는지 확인하세요"
    }
  }

  /// `MessageCatalog`: the unmatched list position or id in Korean.
  public func describe(_ error: EntryReferenceError) -> String {
    switch error {
    case .noSuchPosition(let position, let count):
      count == 0
        ? "선택한 날에 내역이 없습니다. 내역이 있는 날을 고르거나 아이디를 적어 주세요"
        : "\(position)번 내역은 없습니다. 선택한 날의 내역은 \(count)개(1-\(count))이고, 아이디로도 고를 수 있습니다"
    }
  }

  /// `MessageCatalog`: which currency a new ledger keeps, why, and how to start again.
  public func newLedger(_ notice: NewLedgerNotice) -> String {
    let why =
      switch notice.reason {
      case .requested: "요청한 대로"
      case .noLocale: "로캘이 없어 기본값으로"
      case .locale(let locale): "로캘 \(locale)에 따라"
      }
    let again = hints.say(.startWithCurrency(notice.example.code), in: .korean)
    return "새 가계부를 \(notice.currency.code)(으)로 만들었습니다 (\(why)). 다른 통화로 쓰려면 "
      + "\(notice.ledgerPath)을(를) 지우고 그 통화로 다시 시작하세요. 예: \(again)"
  }

  /// `MessageCatalog`: "문제가 생겼습니다: …", then the error as the system describes it.
  public func describeUnknown(_ error: any Error) -> String {
    "문제가 생겼습니다: \(error)"
  }

  /// `MessageCatalog`: "지난 기간(2026-10)과 비교할 수 없습니다: ", then why that span could not be
  /// read.
  public func comparisonUnavailable(
    against span: ClosedRange<YearMonth>, because error: LedgerError
  ) -> String {
    let when = span.iso
    // 보고서는 아무것도 바꾸지 않으므로, 거절된 명령의 끝맺음 없이 까닭만 씁니다.
    guard case .unreadableFile(let path, let reason) = error else {
      return "지난 기간(\(when))과 비교할 수 없습니다: \(describe(error))"
    }
    return "지난 기간(\(when))과 비교할 수 없습니다: \(path)을(를) 읽을 수 없습니다: \(describe(reason))"
  }

  /// `MessageCatalog`: what is wrong with a file, in Korean; a damaged file's own text is quoted
  /// as it is.
  public func describe(_ problem: FileProblem) -> String {
    switch problem {
    case .system(let failure, let text): Self.systemError(failure, text)
    case .cannotCreateTemporary(let failure, let text):
      "임시 파일을 만들 수 없습니다 (\(Self.systemError(failure, text)))"
    case .cannotLock(let failure, let text):
      "가계부를 잠글 수 없습니다 (\(Self.systemError(failure, text)))"
    case .cannotFlush(let failure, let text):
      "디스크에 기록할 수 없습니다 (\(Self.systemError(failure, text)))"
    case .folderNotWritable(let folder, let failure, let text):
      "\(folder) 폴더에서 파일을 만들거나 이름을 바꾸거나 지울 권한이 없습니다 (\(Self.systemError(failure, text))). "
        + "그 폴더에 쓰기 권한을 돌려주세요. 예: chmod u+w \(EnglishMessages.shellWord(folder))"
    case .notRegularFile: "일반 파일이 아닙니다"
    case .notAFolder: "폴더가 아닌 것이 이미 있습니다"
    case .fileWhereFolderBelongs: "폴더가 아니라 파일입니다. --data에는 가계부를 둘 폴더를 주세요"
    case .folderDisappeared: "폴더가 사라졌습니다"
    case .missingMetadata:
      "이 파일이 없지만 가계부에는 달 파일이 있습니다. 이 파일이 통화를 기록하므로 한눈은 짐작하지 않습니다. "
        + "백업에서 되살리거나, "
        + #"{"schemaVersion":1,"currency":"KRW"}"# + "처럼 가계부의 통화 코드로 적어 주세요"
    case .newerVersion(let version, let supported):
      "더 새로운 한눈이 쓴 파일입니다 (형식 \(version), 이 한눈은 \(supported)까지 읽습니다). 한눈을 업데이트하세요"
    case .unknownVersion(let version): "형식 \(version)은(는) 한눈의 형식이 아닙니다"
    case .duplicateID(let id, let other): "내역 아이디 '\(id)'가 \(other)에도 있습니다"
    case .unsafeJournal(let path): "가계부 밖의 경로 '\(path)'를 가리킵니다"
    case .entryNotStorable(let id, let detail): "'\(id)' 내역을 저장할 수 없습니다: " + describe(detail)
    case .invalidContent(let fault): "내용이 올바르지 않습니다: " + describe(fault)
    case .tooLarge(let size, let limit):
      "\(size)바이트로, 한눈이 가계부 파일 하나에서 읽는 최대 \(limit)바이트보다 커서 읽지 않았습니다. "
        + "가계부 폴더 밖으로 옮기거나 백업에서 되살리세요"
    case .missingMonthFile(let index):
      "파일이 없지만 가계부 색인에는 있으므로, 내역이 없는 것이 아니라 사라진 것입니다. "
        + "백업에서 되살리세요. 잃은 것을 받아들이려면 \(index) 폴더를 지우세요"
    case .monthFileInOtherYear(let place):
      "다른 해의 폴더에 있는 달 파일이라 읽히지 않으므로, 그 내역이 어느 화면에도 나오지 않습니다. "
        + "\(place)(으)로 옮기세요. 그 자리에 이미 파일이 있다면 내역이 맞는 쪽을 두고 다른 쪽은 "
        + "가계부 폴더 밖으로 옮기세요"
    case .symbolicLink:
      "심볼릭 링크입니다. 다른 곳에 기록되지 않도록 가계부의 폴더는 데이터 폴더 안의 실제 폴더여야 합니다. "
        + "가리키는 폴더로 바꿔 주세요"
    case .symbolicLinkFile:
      "심볼릭 링크입니다. 한눈은 기록할 때마다 가계부 파일을 통째로 새로 쓰므로, 링크가 새 파일로 바뀌고 "
        + "링크가 가리키던 파일은 그대로 남게 됩니다. 링크를 그것이 가리키는 파일로 바꿔 주세요"
    case .lockHeld(let holder?, let waited):
      "다른 프로세스가 가계부를 잠그고 있습니다: pid \(holder.processID) (\(holder.command)), "
        + "\(LockText.clockTime(holder.clockTime))부터. \(LockText.seconds(waited))초 동안 기다렸지만 "
        + "풀리지 않았습니다. 그 프로세스가 멈춰 있다면(Ctrl-Z, 디버거) 다시 실행(fg)하거나 끝낸 뒤 다시 해 보세요"
    case .lockHeld(nil, let waited):
      "다른 프로세스가 가계부를 잠그고 있지만 어느 프로세스인지 기록이 없습니다(가계부를 읽는 중이거나 "
        + "이전 버전의 한눈). \(LockText.seconds(waited))초 동안 기다렸지만 풀리지 않았습니다. "
        + "다른 한눈 창이 끝나기를 기다리거나 닫은 뒤 다시 해 보세요"
    case .journalMismatch(let file, let mismatch):
      "중단된 기록을 안전하게 마칠 수 없습니다: " + describe(mismatch, file: file)
        + ". 아무것도 바꾸지 않았습니다. 파일들을 살펴본 뒤 journal.json을 가계부 폴더 밖으로 옮기면 "
        + "가계부가 지금 상태 그대로 열립니다"
    }
  }

  /// What recovery found about `file` that the journal did not expect, in Korean.
  private func describe(_ mismatch: JournalMismatch, file: String) -> String {
    switch mismatch {
    case .pendingDamaged(let pending):
      "\(file)의 준비된 사본 \(pending)이(가) 저널에 기록된 것과 다릅니다(크기나 체크섬)"
    case .pendingMissing(let pending):
      "\(file)의 준비된 사본 \(pending)이(가) 없는데 \(file)은(는) 기록 전 그대로입니다"
    case .targetChanged:
      "\(file)이(가) 그 기록이 시작된 뒤 바뀌어서, 마치면 지금 있는 내용을 덮어쓰거나 지우게 됩니다"
    }
  }

  /// The system's error in Korean for the common ones, else as the system says it.
  private static func systemError(_ failure: SystemFailure, _ text: String) -> String {
    switch failure {
    case .notFound: "파일이나 폴더가 없습니다"
    case .inputOutput: "입출력 오류입니다"
    case .permissionDenied: "권한이 없습니다"
    case .alreadyExists: "이미 있습니다"
    case .notAFolder: "폴더가 아닙니다"
    case .isAFolder: "폴더입니다"
    case .tooManyOpenFiles: "열린 파일이 너무 많습니다"
    case .diskFull: "디스크 공간이 부족합니다"
    case .readOnly: "읽기 전용 파일 시스템입니다"
    case .nameTooLong: "이름이 너무 깁니다"
    case .quotaExceeded: "디스크 할당량을 넘었습니다"
    case .other: text
    }
  }

  /// `memo` → 메모, `category` → 분류.
  private static func fieldName(_ field: String) -> String {
    switch field {
    case "memo": "메모"
    case "category": "분류"
    case "kind": "종류"
    default: field
    }
  }

  private static func daysInMonth(of text: String) -> String {
    EnglishMessages.daysInMonth(of: text)
  }
}
