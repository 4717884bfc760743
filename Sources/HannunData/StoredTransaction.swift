/// The version of the file formats this build writes, and the newest it reads.
let supportedSchemaVersion = 1

/// One entry as stored in a month file. Codable lives here, in Data, so that the Domain types
/// stay free of any storage format; ``StoredTransaction`` maps to and from ``Transaction`` in
/// `StoredTransaction+Mapping.swift`.
struct StoredTransaction: Codable, Hashable, Sendable {
  var id: String
  /// `YYYY-MM-DD`.
  var date: String
  /// `income` or `expense`.
  var kind: String
  /// The amount in the ledger currency's minor units, greater than zero.
  var amountMinor: Int64
  var category: String
  var memo: String
  /// ISO 8601 with milliseconds, UTC.
  var createdAt: String
  var updatedAt: String
  /// Keys a newer Hannun wrote that this version does not know, with their values, kept so that
  /// rewriting the month loses nothing. Only ``MonthFileCodec`` reads and writes them; the
  /// `Codable` conformance leaves them out.
  var otherFields: [String: RawJSON] = [:]

  /// The keys of the known fields.
  enum CodingKeys: String, CodingKey {
    case id, date, kind, amountMinor, category, memo, createdAt, updatedAt
  }
}

extension StoredTransaction {
  /// Decodes the fields, reporting an `amountMinor` that is not a whole 64-bit number at its own
  /// place in the document (Foundation's decoder reports it as invalid JSON with no place).
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    date = try container.decode(String.self, forKey: .date)
    kind = try container.decode(String.self, forKey: .kind)
    if container.contains(.amountMinor) {
      do {
        amountMinor = try container.decode(Int64.self, forKey: .amountMinor)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .amountMinor, in: container,
          debugDescription: "it must be a whole number of minor units")
      }
    } else {
      amountMinor = try container.decode(Int64.self, forKey: .amountMinor)
    }
    category = try container.decode(String.self, forKey: .category)
    memo = try container.decode(String.self, forKey: .memo)
    createdAt = try container.decode(String.self, forKey: .createdAt)
    updatedAt = try container.decode(String.self, forKey: .updatedAt)
  }
}

/// A month file, `<data>/ledger/2025/2025-11.json`: the month's entries in list order.
struct StoredMonth: Codable, Hashable, Sendable {
  var schemaVersion: Int
  /// `YYYY-MM`; must match the file name.
  var month: String
  var transactions: [StoredTransaction]
  /// Document-level keys this version does not know, with their values (see
  /// ``StoredTransaction/otherFields``).
  var otherFields: [String: RawJSON] = [:]

  /// The keys of the known fields.
  enum CodingKeys: String, CodingKey {
    case schemaVersion, month, transactions
  }
}

/// `<data>/ledger/meta.json`: facts about the whole ledger.
struct StoredMetadata: Codable, Hashable, Sendable {
  var schemaVersion: Int
  /// The ISO 4217 code every amount of the ledger is in.
  var currency: String
}

/// Only the version, read first so that a newer format is refused with a clear reason rather than
/// a confusing complaint about its fields.
struct StoredSchemaVersion: Decodable {
  var schemaVersion: Int
}
