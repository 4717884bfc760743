import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `<data>/ledger/budgets.json`: the ledger's budgets as their history of changes,
///
/// ```json
/// {
///   "budgets" : [
///     { "category" : "식비", "from" : "2025-01", "limitMinor" : 300000 },
///     { "from" : "2025-03", "limitMinor" : 2000000 },
///     { "category" : "식비", "from" : "2025-07", "limitMinor" : null }
///   ],
///   "schemaVersion" : 1
/// }
/// ```
///
/// A record without `category` is the whole ledger's budget; `limitMinor` `null` removes the
/// budget from `from` on. Keys this version does not know are kept, in the document and in each
/// record, as their exact JSON text. ``BudgetFileCodec`` reads and writes it; the mapping to
/// ``BudgetPlan`` checks every field, so a damaged file is refused with its path.
struct StoredBudgets: Hashable, Sendable {
  var schemaVersion = supportedSchemaVersion
  var records: [StoredBudgetRecord] = []
  /// Document keys this version does not know.
  var otherFields: [String: RawJSON] = [:]
}

/// One change in `budgets.json`.
struct StoredBudgetRecord: Hashable, Sendable {
  /// The category, or `nil` for the whole ledger.
  var category: String?
  /// `YYYY-MM`.
  var from: String
  /// The monthly limit in minor units, or `nil` for no budget.
  var limitMinor: Int64?
  /// Record keys this version does not know.
  var otherFields: [String: RawJSON] = [:]
}

// MARK: - Mapping

extension StoredBudgets {
  /// The plan the records describe, after checking every field.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming the record and field.
  func plan(path: String) throws(LedgerError) -> BudgetPlan {
    func damaged(_ fault: ContentFault) -> LedgerError {
      .unreadableFile(path: path, reason: .invalidContent(fault))
    }
    var changes: [BudgetChange] = []
    var seen: Set<String> = []
    for (index, record) in records.enumerated() {
      let place = "budgets[\(index)]"
      guard let from = try? YearMonth(iso: record.from) else {
        throw damaged(.field(place + ".from", .notAMonth))
      }
      let scope: BudgetScope
      if let category = record.category {
        guard let checked = try? TransactionRules.category(category), checked == category else {
          throw damaged(.field(place + ".category", .notACategory))
        }
        scope = .category(category)
      } else {
        scope = .total
      }
      var limit: Amount?
      if let minor = record.limitMinor {
        guard let amount = try? Amount(minorUnits: minor) else {
          throw damaged(.field(place + ".limitMinor", .notAnAmount))
        }
        limit = amount
      }
      guard seen.insert("\(record.category ?? "")\u{0}\(record.from)").inserted else {
        throw damaged(.repeatedRecord(place, .budget))
      }
      changes.append(BudgetChange(scope: scope, from: from, limit: limit))
    }
    return BudgetPlan(changes: changes)
  }

  /// The document for `plan`, keeping what this version does not know: the document's unknown
  /// keys, and each record's for the change of the same scope and month.
  /// - Parameters:
  ///   - plan: The budgets to store.
  ///   - previous: The document read before, if any.
  init(_ plan: BudgetPlan, keepingUnknownFrom previous: StoredBudgets?) {
    var kept: [String: [String: RawJSON]] = [:]
    for record in previous?.records ?? [] where !record.otherFields.isEmpty {
      kept["\(record.category ?? "")\u{0}\(record.from)"] = record.otherFields
    }
    records = plan.changes.map { change in
      let category = change.scope.category
      let from = change.from.iso
      return StoredBudgetRecord(
        category: category, from: from, limitMinor: change.limit?.minorUnits,
        otherFields: kept["\(category ?? "")\u{0}\(from)"] ?? [:])
    }
    otherFields = previous?.otherFields ?? [:]
  }
}
