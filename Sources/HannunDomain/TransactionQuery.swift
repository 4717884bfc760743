/// What a search looks for: words in the memo or category, a category, a kind, a span of days and
/// a span of amounts. Every part is optional; an entry matches when it meets every part given.
///
/// Text is compared after Unicode lowercasing, scalar by scalar: `coffee` finds `Coffee` and
/// `COFFEE`, and Hangul is matched as typed (`커피` finds `아이스커피`, a lone jamo `ㅋ` finds
/// nothing it is not itself part of). Both bounds of each span are included.
public struct TransactionQuery: Hashable, Sendable {
  /// Words to find in the memo or the category, without surrounding spaces; empty finds any.
  public let text: String
  /// The category an entry must have (compared in any case), or `nil` for any.
  public let category: String?
  /// The kind an entry must have, or `nil` for both.
  public let kind: TransactionKind?
  /// The first day searched, or `nil` for the earliest.
  public let from: Day?
  /// The last day searched, or `nil` for the latest.
  public let to: Day?
  /// The smallest amount matched, or `nil` for no lower bound.
  public let minimum: Amount?
  /// The largest amount matched, or `nil` for no upper bound.
  public let maximum: Amount?

  /// ``text`` lowercased, as UTF-8: what is looked for in each lowercased memo and category.
  public let foldedText: [UInt8]
  /// ``category`` lowercased, as UTF-8.
  public let foldedCategory: [UInt8]?

  /// A query from values already read (see ``Day/init(userInput:today:shownMonth:)`` and
  /// ``AmountParser``).
  /// - Parameters:
  ///   - text: Words to find in the memo or category; surrounding spaces are ignored.
  ///   - category: A category the entries must have, or `nil`; surrounding spaces are ignored,
  ///     and a blank one means any.
  ///   - kind: Income or expense, or `nil` for both.
  ///   - from: The first day, included.
  ///   - to: The last day, included.
  ///   - minimum: The smallest amount, included.
  ///   - maximum: The largest amount, included.
  /// - Throws: ``TransactionQueryError`` when `from` is after `to` or `minimum` above `maximum`.
  public init(
    text: String = "", category: String? = nil, kind: TransactionKind? = nil, from: Day? = nil,
    to: Day? = nil, minimum: Amount? = nil, maximum: Amount? = nil
  ) throws(TransactionQueryError) {
    if let from, let to, from > to { throw .daysBackwards(from: from, to: to) }
    if let minimum, let maximum, minimum > maximum {
      throw .amountsBackwards(minimum: minimum, maximum: maximum)
    }
    self.text = text.trimmedSpaces
    let category = category?.trimmedSpaces
    self.category = category?.isEmpty == false ? category : nil
    self.kind = kind
    self.from = from
    self.to = to
    self.minimum = minimum
    self.maximum = maximum
    foldedText = Self.folded(self.text)
    foldedCategory = self.category.map(Self.folded)
  }

  /// The days searched: ``from`` through ``to``, the supported range where they are not given.
  public var days: ClosedRange<Day> {
    (from ?? Day.supportedRange.lowerBound)...(to ?? Day.supportedRange.upperBound)
  }

  /// Whether the query has no condition at all, so that every entry matches.
  public var isEmpty: Bool {
    text.isEmpty && category == nil && kind == nil && from == nil && to == nil && minimum == nil
      && maximum == nil
  }

  /// The matching rule.
  /// - Parameter entry: An entry.
  /// - Returns: Whether `entry` meets every condition of the query.
  public func matches(_ entry: Transaction) -> Bool {
    if let kind, entry.kind != kind { return false }
    if let from, entry.day < from { return false }
    if let to, entry.day > to { return false }
    if let minimum, entry.amount < minimum { return false }
    if let maximum, entry.amount > maximum { return false }
    if let foldedCategory, Self.folded(entry.category) != foldedCategory { return false }
    guard !foldedText.isEmpty else { return true }
    return Self.folded(entry.memo).containsBytes(foldedText)
      || Self.folded(entry.category).containsBytes(foldedText)
  }

  /// Text as the rule compares it: lowercased (Unicode's full mapping), as UTF-8. Comparing
  /// UTF-8 bytes compares scalars, since no scalar's encoding starts inside another's.
  /// - Parameter text: A memo, category or search text.
  /// - Returns: Its lowercase UTF-8 bytes.
  public static func folded(_ text: String) -> [UInt8] {
    Array(text.lowercased().utf8)
  }

  /// The newest entry first: later day, then later stamp, then id (``Transaction/listOrder(_:_:)``
  /// reversed), the order search results are shown in.
  /// - Parameters:
  ///   - lhs: One entry.
  ///   - rhs: Another entry.
  /// - Returns: Whether `lhs` comes before `rhs` in the results.
  public static func newestFirst(_ lhs: Transaction, _ rhs: Transaction) -> Bool {
    Transaction.listOrder(rhs, lhs)
  }
}

/// Why a search cannot be made.
public enum TransactionQueryError: Error, Equatable, Sendable {
  /// The first day is after the last.
  case daysBackwards(from: Day, to: Day)
  /// The smallest amount is above the largest.
  case amountsBackwards(minimum: Amount, maximum: Amount)
}

extension [UInt8] {
  /// Whether `needle` occurs in these bytes; an empty needle always does.
  func containsBytes(_ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= count else { return false }
    return withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
          if haystack[index] == first {
            var offset = 1
            while offset < needle.count && haystack[index + offset] == needle[offset] {
              offset += 1
            }
            if offset == needle.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }
}
