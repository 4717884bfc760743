import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A journal transaction that was not imported, and why: shown to the user, never guessed at.
public struct SkippedTransaction: Equatable, Sendable {
  /// Why a transaction is skipped.
  public enum Reason: Error, Equatable, Sendable {
    /// It has this many postings, not two.
    case postings(Int)
    /// Neither posting is an `expenses:` or `income:` account (or both are).
    case noCategoryAccount
    /// Its amount is missing, in another commodity, or not an amount Hannun reads.
    case amount(String)
    /// An expense with a negative amount or an income with a positive one (a refund, a
    /// correction): not an entry Hannun can hold as it is.
    case reversed
    /// Its date is not a day Hannun reads.
    case date(String)
    /// Its category or description breaks the entry rules.
    case field(FieldInputError)
    /// A periodic (`~`) or automated (`=`) transaction rule.
    case rule
  }

  /// The line the transaction starts on.
  public var line: Int
  /// Its first line, as written.
  public var text: String
  /// Why it was skipped.
  public var reason: Reason

  /// A skipped transaction.
  /// - Parameters:
  ///   - line: Its first line's number.
  ///   - text: Its first line.
  ///   - reason: Why.
  public init(line: Int, text: String, reason: Reason) {
    self.line = line
    self.text = text
    self.reason = reason
  }
}

/// Reads an hledger/ledger journal: every two-posting transaction whose other side is an
/// `expenses:CATEGORY` or `income:CATEGORY` account becomes an entry — the date, the category
/// (the account name after `expenses:`/`income:`), the amount in the ledger's currency and the
/// description as the memo (a description equal to the category, as ``JournalExport`` writes an
/// entry without a memo, gives an empty memo). The exact category and memo kept in
/// ``JournalExport``'s `category:` and `memo:` comment tags are taken instead, as long as the
/// account and description are still the ones written for them; a tag that no longer matches
/// (the account was renamed in the file) is ignored, and the file's own text is read. Everything
/// else is listed as skipped.
public struct JournalReader: Sendable {
  /// The ledger's currency: a journal amount must be in it (its code, its symbol or bare).
  public let currency: Currency
  /// The day relative dates count from.
  public let today: Day

  /// A reader.
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - today: Today, from the ledger's clock.
  public init(currency: Currency, today: Day) {
    self.currency = currency
    self.today = today
  }

  /// The entries and the skipped transactions of a journal.
  /// - Parameter text: The decoded file.
  /// - Returns: The entries in file order and what was skipped.
  public func read(_ text: String) -> (rows: [ImportedRow], skipped: [SkippedTransaction]) {
    var rows: [ImportedRow] = []
    var skipped: [SkippedTransaction] = []
    var current: (line: Int, header: String, postings: [String])?
    var known = Known()

    func finish() {
      guard let block = current else { return }
      current = nil
      switch entry(header: block.header, postings: block.postings, known: &known) {
      case .success(let draft): rows.append(ImportedRow(line: block.line, draft: draft))
      case .failure(let reason):
        skipped.append(SkippedTransaction(line: block.line, text: block.header, reason: reason))
      }
    }

    var number = 0
    TextScan.lines(text) { rawLine in
      number += 1
      let line = String(rawLine)
      guard let first = line.first else {
        finish()
        return
      }
      if first == " " || first == "\t" {
        let posting = TextScan.trimmed(line)
        if !TextScan.trimmed(Self.stripComment(posting)).isEmpty {
          current?.postings.append(posting)
        }
        return
      }
      finish()
      if first.isNumber {
        current = (number, line, [])
      } else if first == "~" || first == "=" {
        skipped.append(
          SkippedTransaction(
            line: number, text: TextScan.trimmed(line), reason: .rule))
      }
    }
    finish()
    return (rows, skipped)
  }

  /// What a journal repeats from one transaction to the next (its dates, accounts and
  /// categories), worked out once for each.
  private struct Known {
    /// Each date text's day (`nil`: not a day).
    var days: [String: Day?] = [:]
    /// Each account's kind and category (`nil`: another account).
    var sides: [String: (TransactionKind, String)?] = [:]
    /// Each category's account name, as ``JournalExport/isAccountName(_:base:)`` takes it.
    var accountNames: [String: Substring] = [:]
    /// Each category as a description that repeats it reads (see ``memo(description:bare:)``).
    var bareCategories: [String: String] = [:]

    mutating func day(_ text: String, today: Day) -> Day? {
      if let known = days[text] { return known }
      let day = try? StatementReader.day(text, today: today)
      days[text] = .some(day)
      return day
    }

    mutating func side(_ account: String) -> (TransactionKind, String)? {
      if let known = sides[account] { return known }
      let side = JournalReader.side(account)
      sides[account] = .some(side)
      return side
    }

    mutating func isAccountName(_ name: String, of category: String) -> Bool {
      if let base = accountNames[category] {
        return JournalExport.isAccountName(Substring(name), base: base)
      }
      let base = Substring(JournalExport.accountName(category))
      accountNames[category] = base
      return JournalExport.isAccountName(Substring(name), base: base)
    }

    mutating func bare(_ category: String) -> String {
      if let known = bareCategories[category] { return known }
      let bare = JournalReader.withoutMarks(JournalExport.plain(category))
      bareCategories[category] = bare
      return bare
    }
  }

  /// The entry of one transaction, or why it has none.
  private func entry(header: String, postings: [String], known: inout Known) -> Result<
    TransactionDraft, SkippedTransaction.Reason
  > {
    let headerText = TextScan.trimmed(Self.stripComment(header))
    let dateEnd = TextScan.firstWhitespace(in: headerText) ?? headerText.endIndex
    var dateText = String(headerText[..<dateEnd])
    if let equals = dateText.firstIndex(of: "=") { dateText = String(dateText[..<equals]) }
    guard let day = known.day(dateText, today: today) else {
      return .failure(.date(dateText))
    }
    let written = TextScan.trimmed(headerText[dateEnd...])
    guard postings.count == 2 else { return .failure(.postings(postings.count)) }
    let parsed = postings.map {
      Self.posting(TextScan.trimmed(Self.stripComment($0)))
    }
    let sides = parsed.map { known.side($0.account) }
    let categoryIndex: Int
    switch (sides[0], sides[1]) {
    case (.some, nil): categoryIndex = 0
    case (nil, .some): categoryIndex = 1
    default: return .failure(.noCategoryAccount)
    }
    guard let (kind, accountName) = sides[categoryIndex] else {
      return .failure(.noCategoryAccount)
    }
    // The exact name the export kept, while the account is still the one written for it.
    var category = accountName
    if let exact = Self.tag(JournalExport.categoryTag, in: postings[categoryIndex]),
      known.isAccountName(accountName, of: exact)
    {
      category = exact
    }
    // The category side's amount, or the other side's negated.
    let signed: (negative: Bool, magnitude: String)
    if let text = parsed[categoryIndex].amount {
      signed = StatementReader.sign(text)
    } else if let text = parsed[1 - categoryIndex].amount {
      let other = StatementReader.sign(text)
      signed = (!other.negative, other.magnitude)
    } else {
      return .failure(.amount(""))
    }
    guard let amountText = commodityFree(signed.magnitude) else {
      return .failure(.amount(signed.magnitude))
    }
    guard let amount = try? AmountParser(currency: currency).parse(amountText) else {
      return .failure(.amount(signed.magnitude))
    }
    guard (kind == .expense) != signed.negative else { return .failure(.reversed) }
    do {
      let checkedCategory = try TransactionRules.category(category)
      var memo = Self.memo(description: written, bare: known.bare(checkedCategory))
      if let exact = Self.tag(JournalExport.memoTag, in: header),
        JournalExport.description(memo: exact, category: checkedCategory) == written
      {
        memo = exact
      }
      return .success(
        try TransactionDraft(
          day: day, kind: kind, amount: amount, category: checkedCategory, memo: memo))
    } catch {
      return .failure(.field(error))
    }
  }

  /// The memo a transaction's description gives, read as any journal's: without a leading
  /// status mark (`*`, `!`) and code (`(12)`), and empty when it only repeats the category, as
  /// ``JournalExport`` writes an entry without a memo.
  /// - Parameters:
  ///   - description: The text after the date.
  ///   - category: The entry's category.
  /// - Returns: The memo.
  static func memo(description: String, category: String) -> String {
    memo(description: description, bare: withoutMarks(JournalExport.plain(category)))
  }

  /// ``memo(description:category:)`` given the category as a description that repeats it
  /// reads, `withoutMarks(JournalExport.plain(category))`.
  private static func memo(description: String, bare: String) -> String {
    let text = withoutMarks(description)
    return text == bare ? "" : text
  }

  /// A description without its status mark and code.
  fileprivate static func withoutMarks(_ text: String) -> String {
    var description = TextScan.trimmed(text)
    for mark in ["*", "!"] where description.hasPrefix(mark) {
      description = TextScan.trimmed(description.dropFirst())
    }
    if description.hasPrefix("("), let close = description.firstIndex(of: ")") {
      description = TextScan.trimmed(description[description.index(after: close)...])
    }
    return description
  }

  /// The value of the comment tag `name: "…"` that ends `line`'s comment, a JSON string, or
  /// `nil` when the comment has no such tag or what follows it is not one whole JSON string.
  ///
  /// The tag is found by its bytes, as ``JournalExport`` writes it: a value that starts with a
  /// combining mark makes the opening `"` one Character with it, but the quote is still there.
  static func tag(_ name: String, in line: String) -> String? {
    guard let semicolon = TextScan.semicolon(in: line) else { return nil }
    let comment = Array(line[line.utf8.index(after: semicolon)...].utf8)
    let needle = Array((name + ": \"").utf8)
    guard comment.count >= needle.count else { return nil }
    for start in 0...(comment.count - needle.count)
    where comment[start..<(start + needle.count)].elementsEqual(needle) {
      let before = start == 0 ? nil : comment[start - 1]
      guard before == nil || before == UInt8(ascii: " ") || before == UInt8(ascii: ",") else {
        continue
      }
      var parser = BackupJSONParser(Array(comment[(start + needle.count - 1)...]))
      guard case .string(let text)? = try? parser.parse().value else { return nil }
      return text
    }
    return nil
  }

  /// The amount without the ledger's currency code around it, or `nil` for another commodity.
  private func commodityFree(_ text: String) -> String? {
    if let ascii = Self.commodityFree(ascii: text, code: currency.code) { return ascii }
    var rest = TextScan.trimmed(text)
    if FoundationText.contains("@", in: rest) { return nil }
    for code in [currency.code, "\"\(currency.code)\""] {
      if rest.hasSuffix(code) { rest = String(rest.dropLast(code.count)) }
      if rest.hasPrefix(code) { rest = String(rest.dropFirst(code.count)) }
    }
    rest = TextScan.trimmed(rest)
    let letters = rest.unicodeScalars.contains {
      // An ASCII scalar is alphabetic when it is a Latin letter.
      $0.isASCII
        ? ($0.value | 0x20) >= 0x61 && ($0.value | 0x20) <= 0x7A
        : $0.properties.isAlphabetic && $0 != "원"
    }
    return letters || rest.isEmpty ? nil : rest
  }

  /// ``commodityFree(_:)`` of ASCII text and an ASCII code, by their bytes, where every byte
  /// is a character and a scalar: the amount (`.some(nil)` for another commodity), or `nil`
  /// when either is not ASCII.
  private static func commodityFree(ascii text: String, code: String) -> String?? {
    var bytes = Array(text.utf8)
    let code = Array(code.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }), code.allSatisfy({ $0 < 0x80 }) else { return nil }
    // `TextScan.trimmed`: ASCII's white space there is the tab and the space.
    func trim(_ bytes: inout [UInt8]) {
      while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
      let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
      bytes.removeFirst(start)
    }
    trim(&bytes)
    if bytes.contains(UInt8(ascii: "@")) { return .some(nil) }
    for form in [code, [UInt8(ascii: "\"")] + code + [UInt8(ascii: "\"")]] {
      if bytes.count >= form.count, bytes.suffix(form.count).elementsEqual(form) {
        bytes.removeLast(form.count)
      }
      if bytes.count >= form.count, bytes.prefix(form.count).elementsEqual(form) {
        bytes.removeFirst(form.count)
      }
    }
    trim(&bytes)
    let letters = bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    return letters || bytes.isEmpty ? .some(nil) : .some(String(decoding: bytes, as: UTF8.self))
  }

  /// A posting's account and amount text: the account ends at two spaces or a tab.
  private static func posting(_ text: String) -> (account: String, amount: String?) {
    var account = text
    var amount: String?
    if let range = TextScan.range(of: "  ", in: text[...])
      ?? TextScan.range(of: "\t", in: text[...])
    {
      account = String(text[..<range.lowerBound])
      let rest = TextScan.trimmed(text[range.upperBound...])
      amount = rest.isEmpty ? nil : rest
    }
    for mark in ["*", "!"] where account.hasPrefix(mark) {
      account = TextScan.trimmed(account.dropFirst())
    }
    return (account, amount)
  }

  /// The kind and category of an `expenses:` or `income:` account, or `nil` for another one.
  /// The prefix is matched scalar by scalar, ASCII letters in either case, as hledger splits an
  /// account at each `:`: a `:` that a combining mark follows is one Character with it, but
  /// still ends the prefix, and the mark starts the category.
  fileprivate static func side(_ account: String) -> (TransactionKind, String)? {
    let scalars = account.unicodeScalars
    for (prefix, kind) in [
      ("expenses:", TransactionKind.expense), ("expense:", .expense), ("income:", .income),
      ("revenues:", .income), ("revenue:", .income),
    ]
    where scalars.count > prefix.utf8.count
      && zip(scalars, prefix.unicodeScalars).allSatisfy({ written, expected in
        written == expected
          || ((0x41...0x5A).contains(written.value) && written.value | 0x20 == expected.value)
      })
    {
      let name = String(scalars.dropFirst(prefix.utf8.count))
      return (kind, name)
    }
    return nil
  }

  /// A line without its `;` comment (a `#` starts a comment only at the start of a line, which
  /// never reaches here).
  private static func stripComment(_ line: String) -> String {
    guard let semicolon = TextScan.semicolon(in: line) else { return line }
    return String(line[..<semicolon])
  }
}
