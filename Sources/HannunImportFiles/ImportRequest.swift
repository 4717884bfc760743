import HannunDomain
import HannunExchange
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The formats `import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  /// A bank's, a card company's or a spreadsheet's CSV statement.
  case csv
  /// An hledger/ledger journal.
  case journal

  /// The format a person names: its own name in any case, or `hledger` or `ledger` for the
  /// journal those programs write; `nil` for any other name.
  /// - Parameter name: The name as typed (`--format hledger`).
  public init?(named name: String) {
    let lowered = name.lowercased()
    self.init(rawValue: lowered == "hledger" || lowered == "ledger" ? "journal" : lowered)
  }

  /// The format a file's extension names: `.csv`/`.tsv`… is CSV, `.journal`/`.ledger`/`.hledger`/
  /// `.dat`/`.j` a journal; `nil` for any other.
  /// - Parameter path: The file's path.
  public static func guess(_ path: String) -> ImportFormat? {
    switch ImportFormat.pathExtension(path).lowercased() {
    case "csv", "txt": .csv
    case "journal", "ledger", "hledger", "dat", "j": .journal
    default: nil
    }
  }

  /// `(path as NSString).pathExtension`: what follows the last `.` of the last path component
  /// (slashes at the end dropped), by characters; empty when the component has no `.` after its
  /// first character.
  /// - Parameter path: A file's path.
  /// - Returns: The extension, without its `.`.
  package static func pathExtension(_ path: String) -> String {
    var characters = Array(path)
    while characters.count > 1, characters.last == "/" { characters.removeLast() }
    guard characters.count > 1 else { return "" }
    let component = characters.lastIndex(of: "/").map { $0 + 1 } ?? 0
    guard let dot = characters[component...].lastIndex(of: "."), dot > component else {
      return ""
    }
    return String(characters[(dot + 1)...])
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
    language.imports.defaultCategory
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
    let words = catalog.language.imports
    switch self {
    case .cannotRead(let path, let failure):
      let name = InertText.sanitized(path)
      switch failure {
      case .missing: return words.fileMissing(name)
      case .unreadable: return words.fileUnreadable(name)
      case .notRegularFile: return words.notRegularFile(name)
      }
    case .cannotGuessFormat(let path):
      return words.cannotGuessFormat(InertText.sanitized(path), hints: catalog.hints)
    case .unknownFormat(let format):
      return words.unknownFormat(InertText.sanitized(format))
    case .invalid(let error):
      return Self.describe(error, catalog) + words.nothingImported
    }
  }

  private static func describe(_ error: ImportError, _ catalog: any MessageCatalog) -> String {
    let words = catalog.language.imports
    switch error {
    case .undecodable: return words.undecodable
    case .noHeader: return words.noHeader
    case .missingColumn(let field):
      let headers = (StatementReader.knownHeaders[field] ?? []).prefix(4).joined(separator: ", ")
      return words.missingColumn(field.rawValue, headers: headers, hints: catalog.hints)
    case .unknownField(let name):
      let fields = ImportField.allCases.map(\.rawValue).joined(separator: ", ")
      return words.unknownField(InertText.sanitized(name), fields: fields)
    case .unknownHeader(let field, let header):
      return words.unknownHeader(field.rawValue, InertText.sanitized(header))
    case .badMapping(let text): return words.badMapping(InertText.sanitized(text))
    case .raggedRow(let line, let fields, let expected):
      return words.raggedRow(line: line, fields: fields, expected: expected)
    case .lineTooLong(let line, let limit):
      return words.lineTooLong(line: line, kibibytes: limit / 1024)
    case .fileTooLarge(let limit): return words.fileTooLarge(mebibytes: limit >> 20)
    case .backupTooLarge(let limit): return words.backupTooLarge(mebibytes: limit >> 20)
    case .badRow(let line, let column, let problem):
      let reason = describe(problem, catalog)
      let name = InertText.sanitized(column)
      if line == 0 { return "\(name): \(reason)" }
      return words.badRow(line: line, column: name, reason: reason)
    }
  }

  private static func describe(_ problem: ImportRowProblem, _ catalog: any MessageCatalog)
    -> String
  {
    let words = catalog.language.imports
    switch problem {
    case .date(let error): return catalog.describe(error)
    case .amount(let error): return catalog.describe(error)
    case .field(let error): return catalog.describe(error)
    case .kind(let text): return words.notAKind(InertText.sanitized(text))
    case .noAmount: return words.noAmount
    case .bothAmounts: return words.bothAmounts
    }
  }
}

extension SkippedTransaction {
  /// The transaction as a refusal of the coordinator's import preview, with its reason.
  public var refusal: ImportRefusal { ImportRefusal(line: line, text: text, reason: reason) }
}
