import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fields of a stored record, in the order they are checked (the order of
/// ``StoredTransaction``'s properties): the first missing or wrong field is the one reported.
enum RecordField: UInt8, CaseIterable {
  /// The entry id.
  case id
  /// `YYYY-MM-DD`.
  case date
  /// `income` or `expense`.
  case kind
  /// The amount in minor units.
  case amountMinor
  /// The category.
  case category
  /// The memo.
  case memo
  /// When the entry was made.
  case createdAt
  /// When the entry was last changed.
  case updatedAt

  /// The key in the file.
  var name: String {
    switch self {
    case .id: "id"
    case .date: "date"
    case .kind: "kind"
    case .amountMinor: "amountMinor"
    case .category: "category"
    case .memo: "memo"
    case .createdAt: "createdAt"
    case .updatedAt: "updatedAt"
    }
  }

  /// The field whose key is the UTF-8 text `key`, or `nil` for a key this version does not know.
  init?(named key: UnsafeBufferPointer<UInt8>) {
    let field: RecordField
    switch key.count {
    case 2: field = .id
    case 4:
      switch key[0] {
      case UInt8(ascii: "d"): field = .date
      case UInt8(ascii: "k"): field = .kind
      case UInt8(ascii: "m"): field = .memo
      default: return nil
      }
    case 8: field = .category
    case 9: field = key[0] == UInt8(ascii: "c") ? .createdAt : .updatedAt
    case 11: field = .amountMinor
    default: return nil
    }
    guard field.matches(key) else { return nil }
    self = field
  }

  /// Whether `key` is exactly this field's name.
  private func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    switch self {
    case .id: key.isEqual(to: "id")
    case .date: key.isEqual(to: "date")
    case .kind: key.isEqual(to: "kind")
    case .amountMinor: key.isEqual(to: "amountMinor")
    case .category: key.isEqual(to: "category")
    case .memo: key.isEqual(to: "memo")
    case .createdAt: key.isEqual(to: "createdAt")
    case .updatedAt: key.isEqual(to: "updatedAt")
    }
  }
}

/// The fields of a month document, in the order they are checked.
enum DocumentField: CaseIterable {
  /// The format version.
  case schemaVersion
  /// `YYYY-MM`.
  case month
  /// The records.
  case transactions

  /// The key in the file.
  var name: String {
    switch self {
    case .schemaVersion: "schemaVersion"
    case .month: "month"
    case .transactions: "transactions"
    }
  }

  /// The field whose key is the UTF-8 text `key`, or `nil` for a key this version does not know.
  init?(named key: UnsafeBufferPointer<UInt8>) {
    if key.isEqual(to: "transactions") {
      self = .transactions
    } else if key.isEqual(to: "month") {
      self = .month
    } else if key.isEqual(to: "schemaVersion") {
      self = .schemaVersion
    } else {
      return nil
    }
  }
}

/// Byte comparisons for keys and stamps.
extension UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are exactly the UTF-8 text of `name`.
  @inline(__always) func isEqual(to name: StaticString) -> Bool {
    name.withUTF8Buffer { isEqual(to: $0) }
  }

  /// Whether these bytes are exactly `other`.
  @inline(__always) func isEqual(to other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
    return memcmp(base, otherBase, count) == 0
  }
}

/// What a field of the document holds after one pass of the parser. Problems with a field's value
/// are kept, not thrown, so that a broken file is reported the way ``LedgerCodec`` reports it:
/// bad JSON first, then the schema version, then the first bad field in declaration order.
enum FieldValue<Value> {
  /// The key is absent.
  case missing
  /// The value is `null`.
  case null
  /// The value is of another JSON type.
  case wrongType
  /// The value has the right type but not a form the field accepts: which form it lacks.
  case invalid(FieldFault)
  /// Something inside the value is wrong: the whole fault.
  case failed(ContentFault)
  /// A good value.
  case present(Value)

  /// What is wrong with this field, naming it as `place`; `nil` for a good value.
  func fault(_ place: String) -> ContentFault? {
    switch self {
    case .missing: .field(place, .missing)
    case .null: .field(place, .null)
    case .wrongType: .field(place, .wrongType)
    case .invalid(let why): .field(place, why)
    case .failed(let fault): fault
    case .present: nil
    }
  }
}

/// A field of one record, named as reasons name it: `transactions[2].kind`.
struct RecordPlace: CustomStringConvertible {
  /// The record's index in `transactions`.
  let index: Int
  /// The field.
  let field: RecordField

  /// `transactions[2].kind`.
  var description: String { "transactions[\(index)].\(field.name)" }
}
