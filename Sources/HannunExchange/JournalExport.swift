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
/// id. When the spelling is already another category's account (`a:b` and `a-b`), ` ~2`, ` ~3`
/// … follow it, so that distinct categories stay distinct accounts. hledger reads the tags as
/// comments; ``JournalReader`` takes the exact text from them while
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
    let writer = Writer(categories: Set(entries.map(\.category)), currency: currency)
    return writer.header + writer.lines(entries.sorted(by: Transaction.listOrder))
  }

  /// A journal written a piece at a time, a month's entries after another's: the account names
  /// are given by every category the file holds, known before the first entry is written.
  public struct Writer: Sendable {
    private let currency: Currency
    private let names: [String: Substring]

    /// A writer for a file whose entries have `categories`.
    /// - Parameters:
    ///   - categories: Every category of the entries the file will hold.
    ///   - currency: The ledger's currency.
    public init(categories: Set<String>, currency: Currency) {
      self.currency = currency
      names = JournalExport.accountNames(categories)
    }

    /// The file's first line; each transaction follows a blank line.
    public var header: String { "; Hannun ledger, \(currency.code)\n" }

    /// Whether the file's account names were made for `category`: `false` for a category that
    /// was not among those given, whose entries cannot be written by this writer.
    public func knows(_ category: String) -> Bool { names[category] != nil }

    /// The transactions of `entries`, in the order given (list order, for a file).
    /// - Parameter entries: The entries.
    /// - Returns: The text: each transaction after a blank line.
    public func lines(_ entries: [Transaction]) -> String {
      var text = ""
      for entry in entries {
        let amount = currency.decimalString(minorUnits: entry.amount.minorUnits)
        let side = entry.kind == .expense ? "expenses" : "income"
        let description = description(memo: entry.memo, category: entry.category)
        text += "\n\(entry.day.iso) \(description)  ; id:\(plain(entry.id.rawValue))"
        if JournalReader.memo(description: description, category: entry.category) != entry.memo {
          text += ", \(memoTag): " + JSONQuoting.quoted(entry.memo)
        }
        text += "\n"
        let accountName = names[entry.category] ?? Substring(accountName(entry.category))
        let name = side + ":" + accountName
        let exact =
          accountName.unicodeScalars.elementsEqual(entry.category.unicodeScalars)
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

  /// The account name (after `expenses:` or `income:`) of each category: the category itself
  /// when an account can spell it, else ``account(_:_:)``'s spelling — and, when that spelling
  /// is already another category's, that spelling and ` ~2`, ` ~3` … (the categories in order),
  /// so that distinct categories stay distinct accounts in hledger too.
  static func accountNames(_ categories: Set<String>) -> [String: Substring] {
    var names: [String: Substring] = [:]
    var taken: Set<Substring> = []
    let sorted = categories.sorted()
    // By scalars: a spelling only canonically equivalent to the category is not the category.
    for category in sorted
    where accountName(category).unicodeScalars.elementsEqual(category.unicodeScalars) {
      names[category] = Substring(category)
      taken.insert(Substring(category))
    }
    for category in sorted where names[category] == nil {
      let base = Substring(accountName(category))
      var name = base
      var number = 2
      while taken.contains(name) {
        name = Substring(base + " ~\(number)")
        number += 1
      }
      names[category] = name
      taken.insert(name)
    }
    return names
  }

  /// Whether `name` is an account name ``accountNames(_:)`` may give `category`: its spelling,
  /// or its spelling and ` ~N`.
  static func isAccountName(_ name: Substring, of category: String) -> Bool {
    isAccountName(name, base: Substring(accountName(category)))
  }

  /// ``isAccountName(_:of:)`` given the category's account name, ``accountName(_:)`` (worked
  /// out once per category by a reader).
  static func isAccountName(_ name: Substring, base: Substring) -> Bool {
    guard name != base else { return true }
    guard name.hasPrefix(base + " ~") else { return false }
    let number = name.dropFirst(base.count + 2)
    return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
  }

  /// `expenses:식비`: the category as one account name after `side` and a `:`
  /// (``accountName(_:)``).
  static func account(_ side: String, _ category: String) -> String {
    side + ":" + accountName(category)
  }

  /// The category as one account name, without the `expenses:` before it. A `:` would start a
  /// subaccount and two spaces would end the name, so colons become `-` and runs of white space
  /// one space; an empty name is `-`. Colons are found scalar by scalar, as hledger splits an
  /// account: a `:` that a combining mark follows is one Character with it, but still a colon.
  static func accountName(_ category: String) -> String {
    var name = String.UnicodeScalarView()
    for scalar in plain(category).unicodeScalars {
      name.append(scalar == ":" ? "-" : scalar)
    }
    return name.isEmpty ? "-" : String(name)
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
