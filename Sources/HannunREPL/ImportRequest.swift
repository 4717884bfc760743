import Foundation
import HannunDomain
import HannunExchange
import HannunPresentation

/// The formats `import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  /// A bank's, a card company's or a spreadsheet's CSV statement.
  case csv
  /// An hledger/ledger journal.
  case journal

  /// The format a file's extension names: `.csv`/`.tsv`… is CSV, `.journal`/`.ledger`/`.hledger`/
  /// `.dat`/`.j` a journal; `nil` for any other.
  /// - Parameter path: The file's path.
  public static func guess(_ path: String) -> ImportFormat? {
    switch (path as NSString).pathExtension.lowercased() {
    case "csv", "txt": .csv
    case "journal", "ledger", "hledger", "dat", "j": .journal
    default: nil
    }
  }
}

/// `import FILE [--format F] [--dry-run] [--map FIELD=HEADER …] [--category C]`, as both
/// frontends take it, and the reading of the file into rows.
public struct ImportRequest: Hashable, Sendable {
  /// The file to read.
  public var path: String
  /// The format, or `nil` to guess it from the extension.
  public var format: ImportFormat?
  /// Whether to show what would be added without writing.
  public var dryRun: Bool
  /// `FIELD=HEADER` mappings for CSV columns.
  public var mappings: [String]
  /// The category of CSV rows without one, or `nil` for `미분류`/`uncategorized`.
  public var category: String?

  /// A request.
  /// - Parameters:
  ///   - path: The file.
  ///   - format: Its format, or `nil` to guess.
  ///   - dryRun: Whether to write nothing.
  ///   - mappings: `FIELD=HEADER` texts.
  ///   - category: The category of rows without one.
  public init(
    path: String, format: ImportFormat? = nil, dryRun: Bool = false, mappings: [String] = [],
    category: String? = nil
  ) {
    self.path = path
    self.format = format
    self.dryRun = dryRun
    self.mappings = mappings
    self.category = category
  }

  /// The category rows without one get in `language`.
  /// - Parameter language: The display language.
  /// - Returns: `미분류` or `uncategorized`.
  public static func defaultCategory(in language: DisplayLanguage) -> String {
    language == .korean ? "미분류" : "uncategorized"
  }

  /// Reads and checks the whole file; the first bad CSV row rejects it. Only a regular file is
  /// read (a FIFO or a device is refused at once), of at most ``ImportFile/sizeLimit`` bytes and
  /// lines of at most ``ImportFile/lineLimit``; a CSV file is read a piece at a time.
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - today: Today, from the ledger's clock.
  ///   - language: For the default category.
  /// - Returns: The rows and, for a journal, the transactions skipped.
  /// - Throws: ``ImportProblem``.
  public func read(currency: Currency, today: Day, language: DisplayLanguage) throws(ImportProblem)
    -> (rows: [ImportedRow], skipped: [SkippedTransaction])
  {
    guard let format = format ?? ImportFormat.guess(path) else {
      throw .cannotGuessFormat(path)
    }
    do throws(ImportFileProblem) {
      let file = try ImportFile(path: path)
      switch format {
      case .csv:
        let reader: StatementReader
        do throws(ImportError) {
          reader = try StatementReader(
            currency: currency, today: today,
            defaultCategory: category ?? Self.defaultCategory(in: language), mapping: mappings)
        } catch {
          throw .content(error)
        }
        return (try reader.read(file), [])
      case .journal:
        var bytes: [UInt8] = []
        try file.text { bytes.append(contentsOf: $0) }
        return JournalReader(currency: currency, today: today).read(
          String(decoding: bytes, as: UTF8.self))
      }
    } catch {
      throw ImportProblem(path: path, error)
    }
  }
}

extension ImportRequest {
  /// Reads and checks the whole file as ``read(currency:today:language:)`` does, the rows
  /// grouped by month as they are read: a CSV statement's rows are never held twice.
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - today: Today, from the ledger's clock.
  ///   - language: For the default category.
  /// - Returns: The rows and, for a journal, the transactions skipped.
  /// - Throws: ``ImportProblem``.
  public func readByMonth(currency: Currency, today: Day, language: DisplayLanguage)
    throws(ImportProblem) -> (rows: ImportRows, skipped: [SkippedTransaction])
  {
    guard (format ?? ImportFormat.guess(path)) == .csv else {
      let (read, skipped) = try self.read(currency: currency, today: today, language: language)
      return (ImportRows(read.lazy.map(\.draft)), skipped)
    }
    var rows = ImportRows()
    do throws(ImportFileProblem) {
      let file = try ImportFile(path: path)
      let reader: StatementReader
      do throws(ImportError) {
        reader = try StatementReader(
          currency: currency, today: today,
          defaultCategory: category ?? Self.defaultCategory(in: language), mapping: mappings)
      } catch {
        throw .content(error)
      }
      try reader.read(file) { rows.append($0.draft) }
    } catch {
      throw ImportProblem(path: path, error)
    }
    return (rows, [])
  }
}

/// Why an import did not start; nothing is written.
public enum ImportProblem: LocalizedMessage, Equatable {
  /// Why a file could not be read.
  public enum ReadFailure: Equatable, Sendable {
    /// There is no such file.
    case missing
    /// It is unreadable, or reading failed.
    case unreadable
    /// It is a folder, a FIFO, a device or a socket, not a regular file.
    case notRegularFile
  }

  /// The problem of reading `path` for import.
  /// - Parameters:
  ///   - path: The file.
  ///   - problem: What went wrong.
  public init(path: String, _ problem: ImportFileProblem) {
    switch problem {
    case .missing: self = .cannotRead(path, .missing)
    case .notRegularFile: self = .cannotRead(path, .notRegularFile)
    case .unreadable: self = .cannotRead(path, .unreadable)
    case .content(let error): self = .invalid(error)
    }
  }

  /// The file could not be read.
  case cannotRead(String, ReadFailure)
  /// The extension names no format and none was given.
  case cannotGuessFormat(String)
  /// `--format` names no format.
  case unknownFormat(String)
  /// The file's content was refused.
  case invalid(ImportError)

  /// The message in the user's language.
  /// - Parameter catalog: The user's catalogue.
  /// - Returns: One line.
  public func text(in catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    switch self {
    case .cannotRead(let path, let failure):
      let name = TerminalText.sanitized(path)
      switch (failure, korean) {
      case (.missing, true): return "\(name) 파일이 없습니다"
      case (.missing, false): return "\(name): no such file"
      case (.unreadable, true): return "\(name) 파일을 읽을 수 없습니다"
      case (.unreadable, false): return "cannot read \(name)"
      case (.notRegularFile, true):
        return "\(name)은(는) 보통 파일이 아닙니다 (폴더, FIFO, 장치 등). 파일을 저장한 뒤 그 파일을 적으세요"
      case (.notRegularFile, false):
        return "\(name) is not a regular file (a folder, a FIFO or a device); save it to a file "
          + "and import that"
      }
    case .cannotGuessFormat(let path):
      let name = TerminalText.sanitized(path)
      return korean
        ? "\(name)의 형식을 모릅니다. --format csv 또는 --format journal을 적으세요"
        : "cannot tell the format of \(name); give --format csv or --format journal"
    case .unknownFormat(let format):
      let name = TerminalText.sanitized(format)
      return korean
        ? "'\(name)'은(는) 모르는 형식입니다. --format csv, journal, json 가운데 하나를 쓰세요"
        : "'\(name)' is not a format; use --format csv, journal or json"
    case .invalid(let error):
      return Self.describe(error, catalog)
        + (korean ? ". 아무것도 가져오지 않았습니다" : "; nothing was imported")
    }
  }

  private static func describe(_ error: ImportError, _ catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    switch error {
    case .undecodable:
      return korean
        ? "파일이 UTF-8도 CP949(EUC-KR)도 아닙니다" : "the file is neither UTF-8 nor CP949 (EUC-KR) text"
    case .noHeader:
      return korean ? "파일이 비어 있습니다 (머리글 줄이 없음)" : "the file is empty (no header line)"
    case .missingColumn(let field):
      let headers = (StatementReader.knownHeaders[field] ?? []).prefix(4).joined(separator: ", ")
      return korean
        ? "\(fieldName(field, korean)) 열을 찾지 못했습니다 (\(headers) …). --map \(field.rawValue)=머리글로 알려 주세요"
        : "found no \(fieldName(field, korean)) column (\(headers) …); name it with --map \(field.rawValue)=HEADER"
    case .unknownField(let name):
      let fields = ImportField.allCases.map(\.rawValue).joined(separator: ", ")
      let shown = TerminalText.sanitized(name)
      return korean
        ? "--map의 '\(shown)'은(는) 모르는 항목입니다. 쓸 수 있는 것: \(fields)"
        : "--map: '\(shown)' is not a field; use one of \(fields)"
    case .unknownHeader(let field, let header):
      let shown = TerminalText.sanitized(header)
      return korean
        ? "--map \(field.rawValue)=\(shown): 파일에 '\(shown)' 머리글이 없습니다"
        : "--map \(field.rawValue)=\(shown): the file has no header '\(shown)'"
    case .badMapping(let text):
      let shown = TerminalText.sanitized(text)
      return korean
        ? "--map '\(shown)'은(는) 항목=머리글 꼴이어야 합니다 (예: --map date=거래일)"
        : "--map '\(shown)' must be FIELD=HEADER (for example --map date=Posted)"
    case .raggedRow(let line, let fields, let expected):
      return korean
        ? "\(line)번째 줄의 칸이 \(fields)개입니다. 머리글처럼 \(expected)개여야 합니다"
        : "line \(line) has \(fields) fields; the header has \(expected), and every row must too"
    case .lineTooLong(let line, let limit):
      return korean
        ? "\(line)번째 줄이 \(limit / 1024)KiB보다 깁니다. 한 줄은 \(limit / 1024)KiB까지 읽습니다"
        : "line \(line) is longer than \(limit / 1024) KiB, the longest line read"
    case .fileTooLarge(let limit):
      return korean
        ? "파일이 \(limit >> 20)MiB보다 큽니다. 한 번에 \(limit >> 20)MiB까지 가져옵니다. 기간을 나눠 가져오세요"
        : "the file is larger than \(limit >> 20) MiB, the most one import reads; split it by "
          + "period and import each part"
    case .backupTooLarge(let limit):
      return korean
        ? "백업 파일이 \(limit >> 20)MiB보다 큽니다. 백업은 \(limit >> 20)MiB까지 복원합니다"
        : "the backup is larger than \(limit >> 20) MiB, the largest backup restored"
    case .badRow(let line, let column, let problem):
      let reason = describe(problem, catalog)
      let name = TerminalText.sanitized(column)
      if line == 0 { return "\(name): \(reason)" }
      return korean
        ? "\(line)번째 줄, '\(name)' 열: \(reason)" : "line \(line), column '\(name)': \(reason)"
    }
  }

  private static func describe(_ problem: ImportRowProblem, _ catalog: any MessageCatalog)
    -> String
  {
    let korean = catalog.language == .korean
    switch problem {
    case .date(let error): return catalog.describe(error)
    case .amount(let error): return catalog.describe(error)
    case .field(let error): return catalog.describe(error)
    case .kind(let text):
      let shown = TerminalText.sanitized(text)
      return korean
        ? "'\(shown)'은(는) 수입/지출(입금/출금)이 아닙니다"
        : "'\(shown)' is not income or expense (deposit or withdrawal)"
    case .noAmount:
      return korean ? "금액이 없습니다 (입금도 출금도 비어 있음)" : "no amount (deposit and withdrawal are empty)"
    case .bothAmounts:
      return korean ? "입금과 출금이 둘 다 적혀 있습니다" : "both a deposit and a withdrawal are given"
    }
  }

  private static func fieldName(_ field: ImportField, _ korean: Bool) -> String {
    switch (field, korean) {
    case (.date, true): "날짜"
    case (.amount, true): "금액(또는 입금/출금)"
    case (.kind, true): "구분"
    case (.deposit, true): "입금"
    case (.withdrawal, true): "출금"
    case (.category, true): "분류"
    case (.memo, true): "적요"
    case (.amount, false): "amount (or deposit/withdrawal)"
    case (let other, false): other.rawValue
    }
  }
}
