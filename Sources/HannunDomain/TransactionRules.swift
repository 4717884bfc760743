/// The rules for the text fields of an entry. Input that breaks them is refused with a reason,
/// never silently changed (beyond trimming surrounding spaces).
public enum TransactionRules {
  /// The most characters a category may have after trimming.
  public static let categoryLimit = 40
  /// The most characters a memo may have after trimming.
  public static let memoLimit = 200

  /// A category: 1–40 characters after trimming, with no control characters or line breaks, and
  /// at least one character that shows: a category of only invisible characters (zero-width
  /// spaces U+200B, joiners U+200D, variation selectors U+FE0F, tag characters, fillers and other
  /// white space) would look like none in every list.
  /// - Parameter text: The category as typed.
  /// - Returns: The text without surrounding spaces.
  /// - Throws: ``FieldInputError`` saying which rule the text broke.
  public static func category(_ text: String) throws(FieldInputError) -> String {
    let trimmed = text.trimmedSpaces
    guard !trimmed.isEmpty else { throw .emptyCategory }
    // No more bytes than the limit: no more characters either, without counting them.
    guard trimmed.utf8.count <= categoryLimit || trimmed.count <= categoryLimit else {
      throw .tooLong(field: "category", limit: categoryLimit, count: trimmed.count)
    }
    guard !containsControl(trimmed) else { throw .controlCharacters(field: "category") }
    guard showsSomething(trimmed) else { throw .invisibleCategory }
    return trimmed
  }

  /// Whether `text` holds a character that shows: one scalar that is not invisible
  /// (``category(_:)`` refuses a category without one).
  /// - Parameter text: The text.
  /// - Returns: `false` for empty text and text of only invisible scalars.
  public static func showsSomething(_ text: String) -> Bool {
    // A printable ASCII character shows; only text without one is asked scalar by scalar.
    if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
    // So does a Hangul syllable or a CJK ideograph (미분류, 食費), without its properties.
    return text.unicodeScalars.contains {
      (0xAC00...0xD7A3).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
        || !isInvisible($0)
    }
  }

  /// Whether a scalar shows nothing on its own: white space, format characters (Cf), default
  /// ignorable code points (joiners, variation selectors, tags, Hangul fillers) and the
  /// unassigned.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .unassigned,
      .surrogate:
      return true
    default:
      return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
    }
  }

  /// A memo: at most 200 characters after trimming, with no control characters or line breaks.
  /// - Parameter text: The memo as typed; blank is allowed.
  /// - Returns: The text without surrounding spaces.
  /// - Throws: ``FieldInputError`` saying which rule the text broke.
  public static func memo(_ text: String) throws(FieldInputError) -> String {
    let trimmed = text.trimmedSpaces
    guard trimmed.utf8.count <= memoLimit || trimmed.count <= memoLimit else {
      throw .tooLong(field: "memo", limit: memoLimit, count: trimmed.count)
    }
    guard !containsControl(trimmed) else { throw .controlCharacters(field: "memo") }
    return trimmed
  }

  /// Parses a kind: `income`/`expense` and the Korean `수입`/`지출`, or their first letters.
  /// - Parameter text: The kind as typed, in any case; `+` and `-` also work.
  /// - Returns: The kind it names.
  /// - Throws: ``FieldInputError/badKind(_:)``.
  public static func kind(_ text: String) throws(FieldInputError) -> TransactionKind {
    switch text.trimmedSpaces.lowercased() {
    case "income", "i", "in", "+", "수입": .income
    case "expense", "e", "ex", "-", "지출": .expense
    default: throw .badKind(text)
    }
  }

  static func containsControl(_ text: String) -> Bool {
    // By the bytes: a control character (Cc: U+0000–001F, U+007F–009F) or a line or paragraph
    // separator (U+2028, U+2029) is one of these byte sequences in UTF-8, and no other is.
    var bytes = text.utf8.makeIterator()
    var sawLead = false
    while let byte = bytes.next() {
      if byte < 0x20 || byte == 0x7F { return true }
      if byte == 0xC2 || byte == 0xE2 {
        sawLead = true
        break
      }
    }
    guard sawLead else { return false }
    return text.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
  }
}

extension String {
  /// The text without surrounding spaces, tabs and ideographic spaces.
  var trimmedSpaces: String {
    // A space, tab or ideographic space (E3 80 80) at an end starts or ends with these bytes;
    // text whose ends have none is returned as it is, without looking at its characters.
    if let first = utf8.first, let last = utf8.last, first != 0x20, first != 0x09, first != 0xE3,
      last != 0x20, last != 0x09, last != 0x80
    {
      return self
    }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" || $0 == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}

/// Why a kind, category or memo was refused.
public enum FieldInputError: Error, Equatable, Sendable {
  /// The category is blank.
  case emptyCategory
  /// A field (`category` or `memo`) has more characters than allowed.
  case tooLong(field: String, limit: Int, count: Int)
  /// A field holds a control character or a line break.
  case controlCharacters(field: String)
  /// The category holds only characters that show nothing (zero-width, joiners, variation
  /// selectors, white space).
  case invisibleCategory
  /// The text is not a kind.
  case badKind(String)
}
