import HannunDomain

/// Entries as a plain-text accounting journal that `hledger` and `ledger` read: one transaction
/// per entry, in list order, an expense as `expenses:CATEGORY` and an income as
/// `income:CATEGORY`, each against `assets:cash`, the memo (or the category when there is none)
/// as the description and the entry's id as a tag:
///
///     2025-11-03 점심 김밥  ; id:k2x7q9
///         expenses:식비    12000 KRW
///         assets:cash
///
/// Amounts are exact, in the ledger's currency code as the commodity, so `hledger -f FILE
/// balance` gives Hannun's totals: `expenses` sums to the expense, `income` to the income
/// (negative, as double-entry books write it).
///
/// An account name cannot hold every category (a `:` starts a subaccount, two spaces end the
/// name, a `;` starts a comment), nor a description every memo. When the written name or
/// description is not the exact text, the exact text follows in a comment tag, quoted as JSON
/// strings are: `category: "카페:라떼"` on the category's posting, `memo: "a;  b"` after the
/// id. hledger reads these as comments; ``JournalReader`` takes the exact text from them while
/// the account or description is still the one written for it.
///
///     2025-11-04 카페-라떼  ; id:m3p8r2
///         expenses:카페-라떼    4500 KRW  ; category: "카페:라떼"
///         assets:cash
public enum JournalExport {
  /// The journal text of `entries`.
  /// - Parameters:
  ///   - entries: The entries, in any order; they are written in list order.
  ///   - currency: The ledger's currency: the commodity and the amounts' decimal places.
  /// - Returns: The whole file, ending with a newline.
  public static func text(_ entries: [Transaction], currency: Currency) -> String {
    var text = "; Hannun ledger, \(currency.code)\n"
    for entry in entries.sorted(by: Transaction.listOrder) {
      let amount = currency.decimalString(minorUnits: entry.amount.minorUnits)
      let side = entry.kind == .expense ? "expenses" : "income"
      let description = description(memo: entry.memo, category: entry.category)
      text += "\n\(entry.day.iso) \(description)  ; id:\(plain(entry.id.rawValue))"
      if JournalReader.memo(description: description, category: entry.category) != entry.memo {
        text += ", \(memoTag): " + JSONQuoting.quoted(entry.memo)
      }
      text += "\n"
      let name = account(side, entry.category)
      let exact =
        name == side + ":" + entry.category
        ? "" : "  ; \(categoryTag): " + JSONQuoting.quoted(entry.category)
      switch entry.kind {
      case .expense:
        text += "    \(name)    \(amount) \(currency.code)\(exact)\n"
        text += "    assets:cash\n"
      case .income:
        text += "    assets:cash    \(amount) \(currency.code)\n"
        text += "    \(name)\(exact)\n"
      }
    }
    return text
  }

  /// The tag that holds a category its account name does not spell exactly.
  static let categoryTag = "category"
  /// The tag that holds a memo its description does not spell exactly.
  static let memoTag = "memo"

  /// The description written for an entry: its memo, or its category when it has none, on one
  /// line (``plain(_:)``).
  static func description(memo: String, category: String) -> String {
    plain(memo.isEmpty ? category : memo)
  }

  /// `expenses:식비`: the category as one account name. A `:` would start a subaccount and two
  /// spaces would end the name, so colons become `-` and runs of white space one space.
  static func account(_ side: String, _ category: String) -> String {
    let name = plain(category).replacingOccurrences(of: ":", with: "-")
    return side + ":" + (name.isEmpty ? "-" : name)
  }

  /// Text on one journal line: control and other white-space characters become single spaces,
  /// a `;` (which would start a comment) becomes `,`, and the ends are trimmed.
  static func plain(_ text: String) -> String {
    var result = ""
    var lastWasSpace = true
    for scalar in text.unicodeScalars {
      let isSpace =
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .format
      if isSpace {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
      } else {
        result.unicodeScalars.append(scalar == ";" ? "," : scalar)
        lastWasSpace = false
      }
    }
    return result.hasSuffix(" ") ? String(result.dropLast()) : result
  }
}
