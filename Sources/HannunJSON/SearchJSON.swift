import HannunDomain
import HannunPresentation

/// `find --json`: the matching entries, newest first, and their totals — a contract, like the
/// other outputs.
public enum SearchJSON {
  /// `{"transactions":[…],"income":…,"expense":…}`: each entry exactly as in `day --json`
  /// (``CalendarJSON/transaction(_:_:)``), amounts in major units as exact decimals.
  /// - Parameters:
  ///   - search: A search that has run.
  ///   - currency: The ledger's currency.
  /// - Returns: The `find --json` document.
  @MainActor
  public static func results(_ search: TransactionSearchViewModel, currency: Currency)
    -> JSONValue
  {
    .object([
      ("transactions", .array(search.results.map { CalendarJSON.transaction($0, currency) })),
      ("income", .number(currency.decimalString(minorUnits: search.totals.income.minorUnits))),
      ("expense", .number(currency.decimalString(minorUnits: search.totals.expense.minorUnits))),
    ])
  }

  /// The ``results(_:currency:)`` document, text for text, handed to `write` a piece at a time
  /// (each about 64 KB) instead of built whole: a search of a hundred thousand matches holds
  /// neither a tree of them nor the whole text, and writing it costs about a copy of its bytes.
  /// - Parameters:
  ///   - search: A search that has run.
  ///   - currency: The ledger's currency.
  ///   - write: Called with each piece, in order; the pieces joined are the document.
  @MainActor
  public static func write(
    _ search: TransactionSearchViewModel, currency: Currency, to write: (String) -> Void
  ) {
    let pieceSize = 1 << 16
    var out = ""
    out.reserveCapacity(pieceSize + 1_024)
    out += "{\"transactions\":["
    for (position, entry) in search.results.enumerated() {
      out += position == 0 ? "{\"id\":" : ",{\"id\":"
      appendQuoted(entry.id.rawValue, to: &out)
      out += ",\"date\":\""
      appendISO(entry.day, to: &out)
      out += "\",\"kind\":\""
      out += entry.kind.rawValue
      out += "\",\"amount\":"
      out += currency.decimalString(minorUnits: entry.amount.minorUnits)
      out += ",\"category\":"
      appendQuoted(entry.category, to: &out)
      out += ",\"memo\":"
      appendQuoted(entry.memo, to: &out)
      out += "}"
      if out.utf8.count >= pieceSize {
        write(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    out += "],\"income\":"
    out += currency.decimalString(minorUnits: search.totals.income.minorUnits)
    out += ",\"expense\":"
    out += currency.decimalString(minorUnits: search.totals.expense.minorUnits)
    out += "}"
    write(out)
  }

  /// `day.iso`, written as digits (``Day/iso`` formats each part as a string of its own, a
  /// tenth of writing a large search's JSON).
  private static func appendISO(_ day: Day, to out: inout String) {
    guard (1000...9999).contains(day.year) else {
      out += day.iso
      return
    }
    out += String(unsafeUninitializedCapacity: 10) { buffer in
      var year = day.year
      for position in stride(from: 3, through: 0, by: -1) {
        buffer[position] = UInt8(truncatingIfNeeded: 0x30 + year % 10)
        year /= 10
      }
      buffer[4] = UInt8(ascii: "-")
      buffer[5] = UInt8(truncatingIfNeeded: 0x30 + day.month / 10)
      buffer[6] = UInt8(truncatingIfNeeded: 0x30 + day.month % 10)
      buffer[7] = UInt8(ascii: "-")
      buffer[8] = UInt8(truncatingIfNeeded: 0x30 + day.day / 10)
      buffer[9] = UInt8(truncatingIfNeeded: 0x30 + day.day % 10)
      return 10
    }
  }

  /// `text` quoted as ``JSONQuoting`` quotes it, appended whole when none of its bytes can need
  /// an escape: no control, quote, backslash or DEL byte, and none of the lead bytes C2, E2 and
  /// EF of the other characters it escapes (Hangul and most text have none).
  private static func appendQuoted(_ text: String, to out: inout String) {
    var text = text
    let plain = text.withUTF8 { bytes in
      bytes.allSatisfy { byte in
        byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2
          && byte != 0xE2 && byte != 0xEF
      }
    }
    guard plain else {
      JSONQuoting.append(text, to: &out)
      return
    }
    out += "\""
    out += text
    out += "\""
  }
}
