import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the index's own files — `catalog.json` and the id shards — which are objects of a
/// `schemaVersion`, arrays of strings and objects of strings, with the byte-level
/// ``JSONScanner``: a million-entry ledger's catalog or shard reads in well under a millisecond.
enum IndexFileReader {
  /// The members of an index file.
  struct Members {
    var schemaVersion: Int?
    var lists: [String: [String]] = [:]
    var tables: [String: [String: String]] = [:]
  }

  /// The members of `data`, or `nil` when it is not an index file of this shape (the index is
  /// then rebuilt).
  static func read(_ data: Data) -> Members? {
    data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> Members? in
        var scanner = JSONScanner(bytes)
        return try? members(&scanner)
      }
    }
  }

  private static func members(_ scanner: inout JSONScanner) throws(JSONScanError) -> Members {
    var members = Members()
    scanner.skipWhitespace()
    guard try scanner.openObject() else { return members }
    repeat {
      let key = try scanner.text(of: try scanner.memberKey())
      switch scanner.peek() {
      case UInt8(ascii: "["):
        var list: [String] = []
        if try scanner.openArray() {
          repeat { list.append(try scanner.string()) } while try scanner.nextElement()
        }
        members.lists[key] = list
      case UInt8(ascii: "{"):
        var table: [String: String] = [:]
        if try scanner.openObject() {
          repeat {
            let name = try scanner.text(of: try scanner.memberKey())
            table[name] = try scanner.string()
          } while try scanner.nextMember()
        }
        members.tables[key] = table
      default:
        let number = try scanner.number()
        guard number.isInteger, let value = scanner.int64(number.range) else {
          throw scanner.error(.expectedDigit)
        }
        members.schemaVersion = Int(value)
      }
    } while try scanner.nextMember()
    return members
  }

  /// `YYYY-MM` read straight from its bytes, or `nil`.
  static func month(_ text: Substring) -> YearMonth? {
    month(utf8: text.utf8)
  }

  /// `YYYY-MM` read from its UTF-8 bytes, or `nil`.
  static func month(utf8 bytes: some Collection<UInt8>) -> YearMonth? {
    guard bytes.count == 7 else { return nil }
    var year = 0
    var month = 0
    for (offset, byte) in bytes.enumerated() {
      if offset == 4 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard (0x30...0x39).contains(byte) else { return nil }
      if offset < 4 {
        year = year * 10 + Int(byte - 0x30)
      } else {
        month = month * 10 + Int(byte - 0x30)
      }
    }
    return try? YearMonth(year: year, month: month)
  }

  /// The signature in a catalog's text of five whole numbers, `INODE SIZE SECONDS NANOSECONDS
  /// REGULAR`, and a sixth, the file's ``ContentChecksum``, when there is one (a catalog of an
  /// earlier Hannun has none), read as ``integers(_:)`` reads them but without making an array: a
  /// catalog holds two thousand of them.
  static func signatureAndChecksum(_ bytes: some Collection<UInt8>) -> (
    FileSignature, UInt64?
  )? {
    var numbers: (Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0)
    var count = 0
    let read = scanIntegers(bytes) { value in
      switch count {
      case 0: numbers.0 = value
      case 1: numbers.1 = value
      case 2: numbers.2 = value
      case 3: numbers.3 = value
      case 4: numbers.4 = value
      case 5: numbers.5 = value
      default: return false
      }
      count += 1
      return true
    }
    guard read, count == 5 || count == 6 else { return nil }
    let signature = FileSignature(
      device: 0, inode: UInt64(bitPattern: numbers.0), size: numbers.1,
      modifiedSeconds: numbers.2, modifiedNanoseconds: numbers.3, isRegular: numbers.4 == 1)
    return (signature, count == 6 ? UInt64(numbers.5) : nil)
  }

  /// The signature of ``signatureAndChecksum(_:)``.
  static func signature(_ bytes: some Collection<UInt8>) -> FileSignature? {
    signatureAndChecksum(bytes)?.0
  }

  /// The whole numbers of text like ` 16262130 598 1795346633 315291137 1` (each preceded by one
  /// space), read from its bytes, or `nil`.
  static func integers(_ bytes: some Collection<UInt8>) -> [Int64]? {
    var numbers: [Int64] = []
    numbers.reserveCapacity(5)
    guard
      scanIntegers(
        bytes,
        {
          numbers.append($0)
          return true
        })
    else { return nil }
    return numbers
  }

  /// Reads whole numbers of at most 18 digits, each after one space (the first may come after
  /// several, or none), handing each to `take`; `false` when the text is not that, or `take`
  /// refuses a number.
  private static func scanIntegers(_ bytes: some Collection<UInt8>, _ take: (Int64) -> Bool)
    -> Bool
  {
    var current: Int64 = 0
    var digits = 0
    var taken = false
    for byte in bytes {
      if byte == UInt8(ascii: " ") {
        if digits > 0 {
          guard take(current) else { return false }
          taken = true
        } else if taken {
          return false  // two spaces in a row
        }
        current = 0
        digits = 0
      } else {
        guard (0x30...0x39).contains(byte), digits < 18 else { return false }
        current = current * 10 + Int64(byte - 0x30)
        digits += 1
      }
    }
    return digits > 0 && take(current)
  }

  /// Reads an index file's object: returns its `schemaVersion` (`nil` when it has none), after
  /// handing every other member's key to `member` with the scanner at the value, which `member`
  /// reads or skips; `member` answers `false` for a value that is not what it should be.
  /// - Returns: `nil` when the text is not an object or `member` refused a value.
  static func object(
    _ scanner: inout JSONScanner, _ member: (String, inout JSONScanner) throws -> Bool
  ) throws -> Int64?? {
    var version: Int64?
    scanner.skipWhitespace()
    guard try scanner.openObject() else { return nil }
    repeat {
      let key = try scanner.text(of: try scanner.memberKey())
      if key == "schemaVersion" {
        let number = try scanner.number()
        version = number.isInteger ? scanner.int64(number.range) : nil
      } else {
        guard try member(key, &scanner) else { return nil }
      }
    } while try scanner.nextMember()
    return .some(version)
  }
}
