import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `ledger/index/ids/XX.json`: which month holds each id of one shard, one `"ID YYYY-MM"` string
/// per id (ids never contain spaces).
struct StoredIDShard: Codable, Hashable, Sendable {
  var schemaVersion: Int
  var ids: [String]

  /// The bytes of the shard's file.
  func encoded() -> Data {
    IndexFileWriter.encode(schemaVersion: schemaVersion, list: "ids", ids)
  }
}

/// `ledger/index/totals/YYYY.json`: each month's income and expense per category, one string
/// per category, `"2025-11 expense 1234500 12 식비"` (month, kind, amount in minor units, entry
/// count, then the category, which may hold spaces); a month whose totals do not fit in 64 bits
/// is `"2025-11 overflow"`, so a query recomputes it (and reports the overflow).
struct StoredTotalsYear: Hashable, Sendable {
  var schemaVersion: Int
  var totals: [String]

  /// The bytes of the file.
  func encoded() -> Data {
    IndexFileWriter.encode(schemaVersion: schemaVersion, list: "totals", totals)
  }
}

/// Writes the index's files: a `schemaVersion`, one list of strings (one per line, so a person
/// can read them), and optionally a table of strings.
enum IndexFileWriter {
  static func encode(
    schemaVersion: Int, list key: StaticString, _ lines: [String],
    tables: [(key: StaticString, values: [String: String])] = []
  ) -> Data {
    var writer = JSONWriter(capacity: 64 + 40 * lines.count)
    writer.append("{\"schemaVersion\":")
    writer.integer(Int64(schemaVersion))
    writer.append(",\"")
    writer.append(key)
    writer.append("\":[")
    for (index, line) in lines.enumerated() {
      if index > 0 { writer.append(",") }
      writer.newline(indent: 0)
      writer.string(line)
    }
    writer.append("]")
    for table in tables where !table.values.isEmpty {
      writer.append(",\"")
      writer.append(table.key)
      writer.append("\":{")
      for (index, (name, value)) in table.values.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { writer.append(",") }
        writer.key(name)
        writer.string(value)
      }
      writer.append("}")
    }
    writer.append("}\n")
    return Data(writer.bytes)
  }
}

extension FileSignature {
  /// What the catalog compares: everything but the device, which can change between boots.
  var stored: [Int64] {
    [Int64(bitPattern: inode), size, modifiedSeconds, modifiedNanoseconds, isRegular ? 1 : 0]
  }

  /// Whether the two agree on everything the catalog compares (see ``stored``), without making
  /// the arrays.
  func matchesStored(_ other: FileSignature) -> Bool {
    inode == other.inode && size == other.size && modifiedSeconds == other.modifiedSeconds
      && modifiedNanoseconds == other.modifiedNanoseconds && isRegular == other.isRegular
  }

  /// A signature from the catalog's form.
  init?(stored: [Int64]) {
    guard stored.count == 5 else { return nil }
    self.init(
      device: 0, inode: UInt64(bitPattern: stored[0]), size: stored[1],
      modifiedSeconds: stored[2], modifiedNanoseconds: stored[3], isRegular: stored[4] == 1)
  }
}
