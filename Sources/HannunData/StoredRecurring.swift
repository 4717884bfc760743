import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `<data>/ledger/recurring.json`: the recurring rules and the decisions about their occurrences.
/// Codable lives here, in Data; `StoredRecurring+Mapping.swift` maps it to ``RecurringPlan``.
struct StoredRecurring: Codable, Hashable, Sendable {
  var schemaVersion: Int
  /// The number of the next rule's id (`r<nextRule>`); ids are never reused.
  var nextRule: Int
  var rules: [StoredRule]
  /// In day order, then rule order.
  var decisions: [StoredDecision]
}

/// One rule as stored.
struct StoredRule: Codable, Hashable, Sendable {
  /// `r1`, `r2` …
  var id: String
  /// `monthly 25`, `last-business-day`, `yearly 03-15` or `weekly fri`.
  var schedule: String
  /// `income` or `expense`.
  var kind: String
  /// Each entry's amount in the ledger currency's minor units.
  var amountMinor: Int64
  var category: String
  var memo: String
  /// `YYYY-MM-DD`.
  var start: String
  /// `YYYY-MM-DD`, or absent for no end.
  var end: String?
}

/// One decision about an occurrence as stored.
struct StoredDecision: Codable, Hashable, Sendable {
  /// The rule's id.
  var rule: String
  /// The day the schedule gives, `YYYY-MM-DD`.
  var date: String
  /// `confirmed`, `skipped` or `changed`.
  var status: String
  /// The entry a confirmed occurrence became.
  var entry: String?
  /// A changed occurrence's amount, in minor units.
  var amountMinor: Int64?
  /// A changed occurrence's memo.
  var memo: String?
  /// A changed occurrence's day, `YYYY-MM-DD`.
  var day: String?
}
