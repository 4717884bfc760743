/// One JSON value — an object, array, string, number, `true`, `false` or `null` — kept as its
/// exact text, for fields a newer Hannun wrote and this version does not know. The month codec
/// writes the text back verbatim, so such fields survive a rewrite of their month.
///
/// ``MonthFileCodec`` only makes values from text it has checked. Text given to
/// ``init(text:)`` must be one valid JSON value, since it is written into files as it is;
/// ``init(validating:)`` checks it.
struct RawJSON: Hashable, Sendable {
  /// The value's JSON text, without surrounding whitespace.
  let text: String
}

/// Making values from text that is checked first.
extension RawJSON {
  /// The value `text` holds, or `nil` when `text` is not exactly one JSON value (surrounding
  /// whitespace is dropped).
  init?(validating text: String) {
    var copy = text
    let value: RawJSON? = copy.withUTF8 { bytes in
      var scanner = JSONScanner(bytes)
      scanner.skipWhitespace()
      do throws(JSONScanError) {
        let value = try scanner.rawValue(depth: 0)
        scanner.skipWhitespace()
        return scanner.isAtEnd ? value : nil
      } catch {
        return nil
      }
    }
    guard let value else { return nil }
    self = value
  }
}

/// The JSON text, for messages and test output.
extension RawJSON: CustomStringConvertible {
  /// The JSON text.
  var description: String { text }
}
