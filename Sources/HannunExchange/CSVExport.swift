import HannunDomain

/// Entries as CSV, as RFC 4180 describes it: one header line `date,kind,amount,category,memo,id`,
/// then one line per entry in list order, lines ended by CRLF, and a field quoted (its quotes
/// doubled) exactly when it holds a comma, a quote, a CR or an LF. Amounts are exact decimal
/// text in major units (`12000`, `12.50`), as in the JSON outputs; kinds are `income` and
/// `expense`. A spreadsheet that needs a byte-order mark to read UTF-8 (Hangul) gets one with
/// `byteOrderMark`.
///
/// A category or memo that a spreadsheet would run as a formula — one starting with `=`, `+`,
/// `-`, `@`, a tab or a CR — is written after a `'`, as OWASP's advice on CSV injection has it;
/// so is one starting with `'` itself, so that the importer (which knows this export by its
/// header, ``header``) removes exactly one leading `'` from every such field and reads back the
/// text that was exported. The other columns never start with any of these: dates are ISO days,
/// kinds words, amounts unsigned digits (the kind gives the sign) and ids letters and digits.
public enum CSVExport {
  /// The header's field names, in order.
  public static let header = ["date", "kind", "amount", "category", "memo", "id"]

  /// The CSV text of `entries`.
  /// - Parameters:
  ///   - entries: The entries, in any order; they are written in list order.
  ///   - currency: The ledger's currency, for the amounts' decimal places.
  ///   - byteOrderMark: Whether the text starts with U+FEFF.
  ///   - text: Applied to every text field (category, memo) before it is written; a frontend
  ///     writing to a terminal passes its escaping of control characters.
  /// - Returns: The whole file, ending with CRLF.
  public static func text(
    _ entries: [Transaction], currency: Currency, byteOrderMark: Bool = false,
    text: (String) -> String = { $0 }
  ) -> String {
    headerLine(byteOrderMark: byteOrderMark)
      + lines(entries.sorted(by: Transaction.listOrder), currency: currency, text: text)
  }

  /// The file's first line, with its CRLF: ``header``, after U+FEFF with `byteOrderMark`.
  /// - Parameter byteOrderMark: Whether the text starts with U+FEFF.
  /// - Returns: The line.
  public static func headerLine(byteOrderMark: Bool = false) -> String {
    (byteOrderMark ? "\u{FEFF}" : "") + header.joined(separator: ",") + "\r\n"
  }

  /// The lines of `entries` as they are ordered, each ended by CRLF: what follows
  /// ``headerLine(byteOrderMark:)``, so that an export is written a month at a time.
  /// - Parameters:
  ///   - entries: The entries, in the order to write them.
  ///   - currency: The ledger's currency.
  ///   - text: Applied to every text field, as in ``text(_:currency:byteOrderMark:text:)``.
  /// - Returns: The lines.
  public static func lines(
    _ entries: [Transaction], currency: Currency, text: (String) -> String = { $0 }
  ) -> String {
    var lines = ""
    lines.reserveCapacity(entries.count * 64)
    for entry in entries {
      let fields = [
        entry.day.iso, entry.kind.rawValue,
        currency.decimalString(minorUnits: entry.amount.minorUnits),
        neutralized(text(entry.category)), neutralized(text(entry.memo)), entry.id.rawValue,
      ]
      lines += fields.map(field).joined(separator: ",")
      lines += "\r\n"
    }
    return lines
  }

  /// The characters that make a spreadsheet read a cell as a formula when they start it, and
  /// `'`, which starts a neutralised one.
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

  /// A text field a spreadsheet shows as text: `'` before one that starts with a formula
  /// character or with `'`; any other as it is.
  static func neutralized(_ value: String) -> String {
    guard let first = value.unicodeScalars.first, formulaStarts.contains(first) else {
      return value
    }
    return "'" + value
  }

  /// A text field of Hannun's own export as it was before ``neutralized(_:)``: without the one
  /// `'` that starts it, if it does.
  /// - Parameter value: The field as read.
  /// - Returns: The exported text.
  public static func restored(_ value: String) -> String {
    guard value.unicodeScalars.first == "'" else { return value }
    return String(value.unicodeScalars.dropFirst())
  }

  /// One field: as it is, or quoted with its quotes doubled when it holds `,`, `"`, CR or LF.
  /// Quotes are found and doubled scalar by scalar, as a CSV reader reads them byte by byte: a
  /// `"` that a combining mark follows is one Character with it, but still a quote.
  static func field(_ value: String) -> String {
    let needsQuotes = value.unicodeScalars.contains { [",", "\"", "\r", "\n"].contains($0) }
    guard needsQuotes else { return value }
    var quoted = String.UnicodeScalarView()
    quoted.append("\"")
    for scalar in value.unicodeScalars {
      if scalar == "\"" { quoted.append("\"") }
      quoted.append(scalar)
    }
    quoted.append("\"")
    return String(quoted)
  }
}
