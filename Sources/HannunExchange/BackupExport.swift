import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a ``LedgerBackup`` as a Hannun backup file, version 1 (see README, "Backup and
/// restore"):
///
/// ```
/// {"format":"hannun-backup","version":1,"currency":"KRW","from":null,"to":null,
/// "entries":[
/// {"id":"…","date":"2025-11-03","kind":"expense","amount":12000,"category":"식비","memo":"",
///  "createdAt":"2025-11-03T03:00:00.000Z","updatedAt":"2025-11-03T03:00:00.000Z"}
/// ],
/// "budgets":[{"category":null,"from":"2025-01","limit":500000}],
/// "recurring":{"nextRuleNumber":2,"rules":[{"id":"r1","schedule":"monthly 25",…}],
/// "decisions":[{"rule":"r1","date":"2025-01-25","decision":"confirmed","entry":"…"}]},
/// "moods":[{"date":"2025-11-03","mood":"joy","note":""}]}
/// ```
///
/// Amounts are exact decimal numbers in the major unit, as every JSON output writes them; one
/// record a line, in a fixed order (entries in list order, budgets by scope and month, rules by
/// id, decisions and moods by day), so two backups of the same ledger are the same bytes and a
/// `diff` of two backups reads.
public enum BackupExport {
  /// The value of the `format` member.
  public static let formatName = "hannun-backup"
  /// The version this Hannun writes and reads.
  public static let version = 1

  /// The backup file's text.
  /// - Parameters:
  ///   - backup: What to write.
  ///   - from: The first day asked for (`--from`), or `nil` for all.
  ///   - to: The last day asked for (`--to`), or `nil` for all.
  /// - Returns: The file's text, ending with a newline.
  /// - Throws: ``BackupWriteError/unwritableStamp(_:)`` for an entry whose stamp lies outside
  ///   years 1–9999.
  public static func text(_ backup: LedgerBackup, from: Day? = nil, to: Day? = nil)
    throws(BackupWriteError) -> String
  {
    head(currency: backup.currency, from: from, to: to)
      + (try entries(backup.entries, currency: backup.currency, first: true))
      + tail(backup, afterEntries: !backup.entries.isEmpty)
  }

  /// The file's start, up to the `[` that opens its entries: what ``text(_:from:to:)`` starts
  /// with, so that a backup is written a month at a time (``entries(_:currency:first:)``, then
  /// ``tail(_:afterEntries:)``).
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - from: The first day asked for, or `nil` for all.
  ///   - to: The last day asked for, or `nil` for all.
  /// - Returns: The text.
  public static func head(currency: Currency, from: Day?, to: Day?) -> String {
    var out = "{\"format\":\"\(formatName)\",\"version\":\(version),\"currency\":"
    JSONQuoting.append(currency.code, to: &out)
    out += ",\"from\":" + (from.map { JSONQuoting.quoted($0.iso) } ?? "null")
    out += ",\"to\":" + (to.map { JSONQuoting.quoted($0.iso) } ?? "null")
    out += ",\n\"entries\":["
    return out
  }

  /// The records of some entries, one a line, in the order given (list order, for a file).
  /// - Parameters:
  ///   - entries: The entries.
  ///   - currency: The ledger's currency.
  ///   - first: Whether these are the file's first entries (no comma before the first record).
  /// - Returns: The text.
  /// - Throws: ``BackupWriteError/unwritableStamp(_:)`` for an entry whose stamp lies outside
  ///   years 1–9999.
  public static func entries(_ entries: [Transaction], currency: Currency, first: Bool)
    throws(BackupWriteError) -> String
  {
    var out = ""
    out.reserveCapacity(entries.count * 200)
    for (index, entry) in entries.enumerated() {
      guard let created = BackupStamp.text(entry.createdAt),
        let updated = BackupStamp.text(entry.updatedAt)
      else { throw .unwritableStamp(entry.id) }
      out += index == 0 && first ? "\n{\"id\":" : ",\n{\"id\":"
      JSONQuoting.append(entry.id.rawValue, to: &out)
      out += ",\"date\":\"\(entry.day.iso)\",\"kind\":\"\(entry.kind.rawValue)\",\"amount\":"
      out += currency.decimalString(minorUnits: entry.amount.minorUnits)
      out += ",\"category\":"
      JSONQuoting.append(entry.category, to: &out)
      out += ",\"memo\":"
      JSONQuoting.append(entry.memo, to: &out)
      out += ",\"createdAt\":\"\(created)\",\"updatedAt\":\"\(updated)\"}"
    }
    return out
  }

  /// The file's end, from the `]` that closes its entries: the budgets, rules and decisions,
  /// and moods of `backup` (its entries are not written).
  /// - Parameters:
  ///   - backup: The budgets, rules and moods to write.
  ///   - afterEntries: Whether any entry was written before.
  /// - Returns: The text, ending with a newline.
  public static func tail(_ backup: LedgerBackup, afterEntries: Bool) -> String {
    let currency = backup.currency
    var out = afterEntries ? "\n],\n\"budgets\":[" : "],\n\"budgets\":["
    for (index, change) in backup.budgets.changes.enumerated() {
      out += index == 0 ? "\n{\"category\":" : ",\n{\"category\":"
      if let category = change.scope.category {
        JSONQuoting.append(category, to: &out)
      } else {
        out += "null"
      }
      out += ",\"from\":\"\(change.from.iso)\",\"limit\":"
      out += change.limit.map { currency.decimalString(minorUnits: $0.minorUnits) } ?? "null"
      out += "}"
    }
    out += backup.budgets.isEmpty ? "],\n" : "\n],\n"
    recurring(backup, &out)
    out += ",\n\"moods\":["
    for (index, (day, mood)) in backup.moodsInOrder.enumerated() {
      out += index == 0 ? "\n{\"date\":" : ",\n{\"date\":"
      out += "\"\(day.iso)\",\"mood\":\"\(mood.mood.rawValue)\",\"note\":"
      JSONQuoting.append(mood.note, to: &out)
      out += "}"
    }
    out += backup.moods.isEmpty ? "]}\n" : "\n]}\n"
    return out
  }

  private static func recurring(_ backup: LedgerBackup, _ out: inout String) {
    let plan = backup.recurring
    let currency = backup.currency
    out += "\"recurring\":{\"nextRuleNumber\":\(plan.nextRuleNumber),\"rules\":["
    for (index, rule) in plan.rules.enumerated() {
      out += index == 0 ? "\n{\"id\":" : ",\n{\"id\":"
      JSONQuoting.append(rule.id.rawValue, to: &out)
      out += ",\"schedule\":"
      JSONQuoting.append(rule.schedule.text, to: &out)
      out += ",\"kind\":\"\(rule.kind.rawValue)\",\"amount\":"
      out += currency.decimalString(minorUnits: rule.amount.minorUnits)
      out += ",\"category\":"
      JSONQuoting.append(rule.category, to: &out)
      out += ",\"memo\":"
      JSONQuoting.append(rule.memo, to: &out)
      out += ",\"start\":\"\(rule.start.iso)\",\"end\":"
      out += rule.end.map { JSONQuoting.quoted($0.iso) } ?? "null"
      out += "}"
    }
    out += plan.rules.isEmpty ? "],\"decisions\":[" : "\n],\"decisions\":["
    let decisions = backup.decisionsInOrder
    for (index, (key, decision)) in decisions.enumerated() {
      out += index == 0 ? "\n{\"rule\":" : ",\n{\"rule\":"
      JSONQuoting.append(key.rule.rawValue, to: &out)
      out += ",\"date\":\"\(key.date.iso)\",\"decision\":"
      switch decision {
      case .confirmed(let id):
        out += "\"confirmed\",\"entry\":"
        JSONQuoting.append(id.rawValue, to: &out)
      case .skipped:
        out += "\"skipped\""
      case .changed(let change):
        out += "\"changed\",\"amount\":"
        out += change.amount.map { currency.decimalString(minorUnits: $0.minorUnits) } ?? "null"
        out += ",\"memo\":"
        if let memo = change.memo { JSONQuoting.append(memo, to: &out) } else { out += "null" }
        out += ",\"day\":" + (change.day.map { JSONQuoting.quoted($0.iso) } ?? "null")
      }
      out += "}"
    }
    out += decisions.isEmpty ? "]}" : "\n]}"
  }
}

/// Why a backup could not be written.
public enum BackupWriteError: Error, Equatable, Sendable {
  /// An entry's stamp lies outside years 1–9999, which the format cannot hold.
  case unwritableStamp(TransactionID)
}
