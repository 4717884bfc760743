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
  /// neither a tree of them nor the whole text, and writing it costs about a copy of its bytes
  /// (each piece is put together as UTF-8 bytes, and made text once).
  /// - Parameters:
  ///   - search: A search that has run.
  ///   - currency: The ledger's currency.
  ///   - write: Called with each piece, in order; the pieces joined are the document.
  @MainActor
  public static func write(
    _ search: TransactionSearchViewModel, currency: Currency, to write: (String) -> Void
  ) {
    let pieceSize = 1 << 16
    var out: [UInt8] = []
    out.reserveCapacity(pieceSize + 1_024)
    append("{\"transactions\":[", to: &out)
    for (position, entry) in search.results.enumerated() {
      append(position == 0 ? "{\"id\":" : ",{\"id\":", to: &out)
      appendQuoted(entry.id.rawValue, to: &out)
      append(",\"date\":\"", to: &out)
      appendISO(entry.day, to: &out)
      append(entry.kind == .income ? "\",\"kind\":\"income\"" : "\",\"kind\":\"expense\"", to: &out)
      append(",\"amount\":", to: &out)
      appendAmount(entry.amount.minorUnits, currency, to: &out)
      append(",\"category\":", to: &out)
      appendQuoted(entry.category, to: &out)
      append(",\"memo\":", to: &out)
      appendQuoted(entry.memo, to: &out)
      out.append(UInt8(ascii: "}"))
      if out.count >= pieceSize {
        write(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
      }
    }
    append("],\"income\":", to: &out)
    append(currency.decimalString(minorUnits: search.totals.income.minorUnits), to: &out)
    append(",\"expense\":", to: &out)
    append(currency.decimalString(minorUnits: search.totals.expense.minorUnits), to: &out)
    out.append(UInt8(ascii: "}"))
    write(String(decoding: out, as: UTF8.self))
  }

  /// Appends the UTF-8 bytes of `text`.
  private static func append(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { out.append(contentsOf: $0) }
  }

  /// `currency.decimalString(minorUnits:)`, written as digits when the currency has no minor
  /// unit (won, yen) and the amount is positive.
  private static func appendAmount(_ minorUnits: Int64, _ currency: Currency, to out: inout [UInt8])
  {
    guard currency.minorDigits == 0, minorUnits > 0 else {
      append(currency.decimalString(minorUnits: minorUnits), to: &out)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var rest = minorUnits
      var position = buffer.count
      while rest > 0 {
        position -= 1
        buffer[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
        rest /= 10
      }
      out.append(contentsOf: buffer[position...])
    }
  }

  /// `day.iso`, written as digits (``Day/iso`` formats each part as a string of its own, a
  /// tenth of writing a large search's JSON).
  private static func appendISO(_ day: Day, to out: inout [UInt8]) {
    guard (1000...9999).contains(day.year) else {
      append(day.iso, to: &out)
      return
    }
    var year = day.year
    let start = out.count
    out.append(contentsOf: [0, 0, 0, 0])
    for position in stride(from: 3, through: 0, by: -1) {
      out[start + position] = UInt8(truncatingIfNeeded: 0x30 + year % 10)
      year /= 10
    }
    out.append(UInt8(ascii: "-"))
    out.append(UInt8(truncatingIfNeeded: 0x30 + day.month / 10))
    out.append(UInt8(truncatingIfNeeded: 0x30 + day.month % 10))
    out.append(UInt8(ascii: "-"))
    out.append(UInt8(truncatingIfNeeded: 0x30 + day.day / 10))
    out.append(UInt8(truncatingIfNeeded: 0x30 + day.day % 10))
  }

  /// `text` quoted as ``JSONQuoting`` quotes it, appended whole when none of its bytes can need
  /// an escape: no control, quote, backslash or DEL byte, and none of the lead bytes C2, E2 and
  /// EF of the other characters it escapes (Hangul and most text have none).
  private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { bytes in
      let plain = bytes.allSatisfy { byte in
        byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2
          && byte != 0xE2 && byte != 0xEF
      }
      if plain {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: bytes)
        out.append(UInt8(ascii: "\""))
      }
      return plain
    }
    guard !plain else { return }
    var quoted = ""
    JSONQuoting.append(text, to: &quoted)
    append(quoted, to: &out)
  }
}
