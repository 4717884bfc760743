import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `ledger/index/changes.log`: what the writes since the catalog was last written changed in the
/// index, one line a write, appended after the write's month files are in place. A write of one
/// or two month files (an add, an edit, a delete, a move) so writes its month files and one line
/// of a few hundred bytes, instead of the catalog of every month, its year's totals and
/// postings and its id shard, each renamed over the old one; every ``compactionLines`` lines (or
/// ``compactionBytes``) a write commits the whole index as before and removes the log.
///
/// A line is `TOKEN CHECKSUM [RECORDS]`: the token of the catalog it follows (a random name each
/// catalog records as `"changes"`: lines of another catalog are not used), `x` and the XXH64 of
/// the records as 16 hex digits, and a JSON array of strings:
/// - `"m 2025-11 INODE SIZE SECONDS NANOSECONDS REGULAR CHECKSUM"`: the month file's new
///   signature and ``ContentChecksum``, as the catalog writes it;
/// - `"t 2025-11 COUNT"` then COUNT strings, the month's totals lines as a totals year writes
///   them (`"2025-11 expense 1234500 12 식비"`, `"2025-11 overflow"`);
/// - `"i ID 2025-11"` or `"i ID -"`: an id added or moved to a month, or removed;
/// - `"f NAME DEVICE INODE SIZE SECONDS NANOSECONDS"`: a folder's signature after the write
///   (`ledger` or a year), as `listing.json` records it.
///
/// The log is derived data, like the rest of the index, and is neither flushed nor renamed. A
/// line a power cut or a kill left torn fails its checksum and ends the log there: the index
/// then does not describe the month file the write changed (the catalog and the lines before
/// record its old signature), so it is rebuilt from the month files, or patched by a reader, as
/// after any lost index file. A write that removes a month file, writes other files of the
/// ledger or records a new index commits the whole index instead.
struct IndexChangeLog {
  /// The most lines the log holds before a write commits the whole index.
  static let compactionLines = 16
  /// The most bytes the log holds before a write commits the whole index: every command reads
  /// it.
  static let compactionBytes = 16_384

  /// One write's changes.
  struct Line {
    /// Each month file written, with its new signature and checksum.
    var months: [(month: YearMonth, signature: FileSignature, checksum: UInt64)] = []
    /// Each written month's totals (`nil`: they overflow).
    var totals: [YearMonth: [CategoryTotal]?] = [:]
    /// Each id added or moved (its month) or removed (`nil`).
    var ids: [(id: TransactionID, month: YearMonth?)] = []
    /// The folders the write changed, by name (`ledger` or a year's), as they are after it.
    var folders: [(name: String, signature: FileSignature)] = []
  }

  /// A new catalog's token: 16 hex digits.
  static func newToken() -> String {
    let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The bytes of one line of the log.
  static func encoded(_ line: Line, token: String) -> Data {
    var writer = JSONWriter(capacity: 256 + 48 * line.totals.count)
    writer.append("[")
    var first = true
    func record(_ text: String) {
      if !first { writer.append(",") }
      first = false
      writer.string(text)
    }
    for (month, signature, checksum) in line.months {
      var text = "m " + month.iso
      for number in signature.stored { text += " " + String(number) }
      text += " " + String(Int64(bitPattern: checksum))
      record(text)
      let totals = line.totals[month] ?? []
      guard let totals else {
        record("t \(month.iso) 1")
        record(month.iso + " overflow")
        continue
      }
      record("t \(month.iso) \(totals.count)")
      for total in totals {
        record(
          "\(month.iso) \(total.kind.rawValue) \(total.amount.minorUnits) \(total.count) "
            + total.category)
      }
    }
    for (id, month) in line.ids { record("i \(id.rawValue) \(month?.iso ?? "-")") }
    for (name, signature) in line.folders {
      record(
        "f \(name) \(signature.device) \(signature.inode) \(signature.size) "
          + "\(signature.modifiedSeconds) \(signature.modifiedNanoseconds)")
    }
    writer.append("]")
    let records = writer.bytes
    let checksum = records.withUnsafeBytes(ContentChecksum.xxh64)
    var bytes = Array(token.utf8)
    bytes.append(UInt8(ascii: " "))
    bytes.append(contentsOf: Self.hex(checksum).utf8)
    bytes.append(UInt8(ascii: " "))
    bytes.append(contentsOf: records)
    bytes.append(UInt8(ascii: "\n"))
    return Data(bytes)
  }

  /// `x` and `value` as 16 hex digits.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "x" + String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The lines of `bytes` (the log's contents) written after the catalog whose token is
  /// `token`, in order, and whether the log may be appended to: every line is whole (a line that
  /// is not ends the lines read, and a line after it would never be read) and of that catalog.
  static func lines(_ bytes: [UInt8], token: String) -> (lines: [Line], count: Int, whole: Bool) {
    var lines: [Line] = []
    var count = 0
    var whole = true
    var start = 0
    let tokenBytes = Array(token.utf8)
    while start < bytes.count {
      guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        whole = false
        break
      }
      count += 1
      let text = bytes[start..<end]
      start = end + 1
      // TOKEN, a space, x and 16 hex digits, a space, the records.
      guard text.count > 19, let space = text.firstIndex(of: UInt8(ascii: " ")),
        text.endIndex - space > 19, text[space + 18] == UInt8(ascii: " ")
      else {
        whole = false
        break
      }
      let records = text[(space + 19)...]
      let sum = records.withUnsafeBytes(ContentChecksum.xxh64)
      guard text[(space + 1)..<(space + 18)].elementsEqual(Self.hex(sum).utf8) else {
        whole = false
        break
      }
      guard text[..<space].elementsEqual(tokenBytes) else {
        whole = false
        continue
      }
      guard let line = Array(records).withUnsafeBufferPointer({ Self.line($0) }) else {
        whole = false
        break
      }
      lines.append(line)
    }
    return (lines, count, whole)
  }

  /// One line's records, or `nil` when they do not read.
  private static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> Line? {
    var scanner = JSONScanner(bytes)
    var texts: [String] = []
    do {
      if try scanner.openArray() {
        repeat { texts.append(try scanner.string()) } while try scanner.nextElement()
      }
    } catch {
      return nil
    }
    guard scanner.isAtEnd else { return nil }
    var line = Line()
    var position = 0
    while position < texts.count {
      let text = texts[position]
      position += 1
      let utf8 = Array(text.utf8)
      guard utf8.count > 2, utf8[1] == UInt8(ascii: " ") else { return nil }
      let rest = utf8[2...]
      switch utf8[0] {
      case UInt8(ascii: "m"):
        guard rest.count > 8, rest[rest.startIndex + 7] == UInt8(ascii: " "),
          let month = IndexFileReader.month(utf8: rest.prefix(7)),
          let (signature, checksum) = IndexFileReader.signatureAndChecksum(rest.dropFirst(8)),
          let checksum
        else { return nil }
        line.months.append((month, signature, checksum))
      case UInt8(ascii: "t"):
        let parts = rest.split(separator: UInt8(ascii: " "))
        guard parts.count == 2, let month = IndexFileReader.month(utf8: parts[0]),
          let count = Int(String(decoding: parts[1], as: UTF8.self)), count >= 0,
          position + count <= texts.count
        else { return nil }
        var totals: [CategoryTotal] = []
        var overflow = false
        for text in texts[position..<(position + count)] {
          let read: LedgerIndex.TotalsLine
          if let byBytes = LedgerIndex.totalsLineByBytes(text) {
            read = byBytes
          } else {
            guard let byCharacters = try? LedgerIndex.totalsLineByCharacters(text) else {
              return nil
            }
            read = byCharacters
          }
          switch read {
          case .overflow(let at):
            guard at == month else { return nil }
            overflow = true
          case .total(let at, let total):
            guard at == month else { return nil }
            totals.append(total)
          }
        }
        position += count
        line.totals.updateValue(overflow ? nil : totals, forKey: month)
      case UInt8(ascii: "i"):
        guard let space = rest.lastIndex(of: UInt8(ascii: " ")), space > rest.startIndex
        else { return nil }
        let id = TransactionID(String(decoding: rest[..<space], as: UTF8.self))
        let target = rest[(space + 1)...]
        if target.elementsEqual("-".utf8) {
          line.ids.append((id, nil))
        } else {
          guard let month = IndexFileReader.month(utf8: target) else { return nil }
          line.ids.append((id, month))
        }
      case UInt8(ascii: "f"):
        guard let space = rest.firstIndex(of: UInt8(ascii: " ")),
          let numbers = IndexFileReader.integers(rest[space...]), numbers.count == 5
        else { return nil }
        let name = String(decoding: rest[..<space], as: UTF8.self)
        line.folders.append(
          (
            name,
            FileSignature(
              device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]),
              size: numbers[2], modifiedSeconds: numbers[3], modifiedNanoseconds: numbers[4],
              isRegular: false, isDirectory: true)
          ))
      default:
        return nil
      }
    }
    return line
  }
}

extension LedgerIndex {
  /// Brings the index read from the catalog up to date with the lines of `changes.log` written
  /// after it (see ``IndexChangeLog``): each month's signature, its totals and the ids that
  /// moved, kept apart until their totals year or id shard is read (``loggedTotals``,
  /// ``loggedIDs``); and the folders' signatures the last write saw (``loggedFolders``).
  /// - Parameters:
  ///   - log: The log's bytes and signature, or `nil` when there is none.
  mutating func fold(changes log: (bytes: [UInt8], signature: FileSignature)?) {
    changesSignature = log?.signature
    guard let log, !log.bytes.isEmpty else { return }
    loggedBytes = log.bytes.count
    guard let token = changesToken else {
      loggedLines = IndexChangeLog.compactionLines
      logAppendable = false
      return
    }
    let read = IndexChangeLog.lines(log.bytes, token: token)
    loggedLines = read.count
    logAppendable = read.whole
    for line in read.lines { apply(line) }
  }

  /// Applies one line of the change log (see ``fold(changes:)``), or of a write just made.
  mutating func apply(_ line: IndexChangeLog.Line) {
    for (month, signature, checksum) in line.months {
      months[month] = Month(signature: signature, problem: nil, checksum: checksum)
      loggedMonths.insert(month)
      let value = line.totals[month] ?? []
      loggedTotals.updateValue(value, forKey: month)
      // A year or shard not read yet is read with the log's changes; one of an index built in
      // memory (not backed by the disk) is in memory or empty.
      if backedByDisk {
        totals[month.year]?.updateValue(value, forKey: month)
      } else {
        totals[month.year, default: [:]].updateValue(value, forKey: month)
      }
    }
    for (id, month) in line.ids {
      let name = LedgerLayout.shard(of: id)
      loggedIDs[name, default: [:]].updateValue(month, forKey: id)
      if backedByDisk {
        shards[name]?.update([id: month])
      } else {
        shards[name, default: IDShard()].update([id: month])
      }
    }
    for (name, signature) in line.folders { loggedFolders[name] = signature }
  }

  /// A totals year read from its file, with the months the change log changed since.
  func withLoggedTotals(_ year: Int, _ read: [YearMonth: [CategoryTotal]?]) -> [YearMonth:
    [CategoryTotal]?]
  {
    var result = read
    for (month, value) in loggedTotals where month.year == year {
      result.updateValue(value, forKey: month)
    }
    return result
  }

  /// An id shard read from its file, with the ids the change log moved since.
  func withLoggedIDs(_ name: String, _ read: IDShard) -> IDShard {
    guard let changes = loggedIDs[name] else { return read }
    var result = read
    result.update(changes)
    return result
  }

  /// Whether a write may append its line to the change log instead of committing the whole
  /// index: the index is the recorded one, its catalog names a log, and the log reads whole and
  /// is short.
  var takesLogLine: Bool {
    !unrecorded && !patchedInMemory && changesToken != nil && logAppendable
      && loggedLines < IndexChangeLog.compactionLines
      && loggedBytes < IndexChangeLog.compactionBytes
  }

  /// Forgets the change log, once the whole index is committed with a new catalog.
  mutating func forgetLog() {
    loggedTotals = [:]
    loggedIDs = [:]
    loggedMonths = []
    loggedFolders = [:]
    loggedLines = 0
    loggedBytes = 0
    logAppendable = true
    changesSignature = nil
  }
}
