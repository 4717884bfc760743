/// The rows read from a file, grouped by month (in file order within a month), so that an import
/// can decide and write one month at a time. Each row is kept packed — its day of the month, kind,
/// amount, memo and the number of its category, about 32 bytes — and becomes a draft only when it
/// is asked for: a million rows take about 32 MB, not the 72 of as many drafts.
///
/// As a collection its drafts come months in order, file order within each month.
public struct ImportRows: Sendable {
  /// One row, packed.
  fileprivate struct Row: Sendable {
    let amount: Amount
    let memo: String
    let category: UInt32
    let day: UInt8
    let income: Bool
  }

  private var rows: [YearMonth: [Row]] = [:]
  /// The months that have rows, in order.
  public private(set) var months: [YearMonth] = []
  private var categories: [String] = []
  private var categoryNumbers: [String: UInt32] = [:]
  /// How many rows there are.
  public private(set) var count = 0

  /// No rows.
  public init() {}

  /// The rows of `drafts`.
  /// - Parameter drafts: Rows in file order.
  public init(_ drafts: some Sequence<TransactionDraft>) {
    for draft in drafts { append(draft) }
  }

  /// Adds a row after those of its month.
  /// - Parameter draft: The row.
  public mutating func append(_ draft: TransactionDraft) {
    let category: UInt32
    if let known = categoryNumbers[draft.category] {
      category = known
    } else {
      category = UInt32(categories.count)
      categories.append(draft.category)
      categoryNumbers[draft.category] = category
    }
    let month = draft.day.yearMonth
    addMonth(month)
    rows[month, default: []].append(
      Row(
        amount: draft.amount, memo: draft.memo, category: category, day: UInt8(draft.day.day),
        income: draft.kind == .income))
    count += 1
  }

  /// Adds rows of one month after those it has, the month's rows made as large as they will be
  /// at once (a month a plan decided: its rows are not grown twice their size).
  /// - Parameters:
  ///   - drafts: The rows, each of `month`.
  ///   - month: Their month.
  public mutating func append(contentsOf drafts: [TransactionDraft], of month: YearMonth) {
    guard !drafts.isEmpty else { return }
    addMonth(month)
    let count = rows[month]?.count ?? 0
    rows[month]?.reserveCapacity(count + drafts.count)
    for draft in drafts { append(draft) }
  }

  /// Makes room for rows of `month`, in order among ``months``, when it has none yet.
  private mutating func addMonth(_ month: YearMonth) {
    guard rows[month] == nil else { return }
    rows[month] = []
    // Months come mostly in order (or in reverse, newest first): a search from the end.
    let position = months.lastIndex { $0 < month }.map { $0 + 1 } ?? 0
    months.insert(month, at: position)
  }

  /// The rows of `month`, in file order.
  /// - Parameter month: The month.
  /// - Returns: Its rows as drafts.
  public func drafts(of month: YearMonth) -> [TransactionDraft] {
    (rows[month] ?? []).map { draft($0, month) }
  }

  /// Removes and returns the rows of `month`.
  /// - Parameter month: The month.
  /// - Returns: Its rows, in file order.
  public mutating func take(_ month: YearMonth) -> [TransactionDraft] {
    let drafts = drafts(of: month)
    if let removed = rows.removeValue(forKey: month) {
      count -= removed.count
      months.removeAll { $0 == month }
    }
    return drafts
  }

  private func draft(_ row: Row, _ month: YearMonth) -> TransactionDraft {
    TransactionDraft(
      checked: Day(unchecked: month.year, month.month, Int(row.day)),
      kind: row.income ? .income : .expense, amount: row.amount,
      category: categories[Int(row.category)], memo: row.memo)
  }
}

extension ImportRows: Collection {
  /// A row's place: its month's among ``months``, and its own within the month.
  public struct Index: Comparable, Sendable {
    fileprivate let month: Int
    fileprivate let row: Int

    /// Whether `left` comes before `right`.
    public static func < (left: Index, right: Index) -> Bool {
      (left.month, left.row) < (right.month, right.row)
    }
  }

  /// The first row's place.
  public var startIndex: Index { Index(month: 0, row: 0) }
  /// The place after the last row.
  public var endIndex: Index { Index(month: months.count, row: 0) }

  /// The place after `index`.
  public func index(after index: Index) -> Index {
    let month = months[index.month]
    if index.row + 1 < rows[month]?.count ?? 0 {
      return Index(month: index.month, row: index.row + 1)
    }
    return Index(month: index.month + 1, row: 0)
  }

  /// The row at `index`, as a draft.
  public subscript(index: Index) -> TransactionDraft {
    let month = months[index.month]
    guard let row = rows[month]?[index.row] else { preconditionFailure("an index past the rows") }
    return draft(row, month)
  }

  /// Whether there are no rows.
  public var isEmpty: Bool { count == 0 }
}

extension ImportRows: Hashable {
  /// Whether both hold the same drafts in the same order.
  public static func == (left: ImportRows, right: ImportRows) -> Bool {
    left.count == right.count && left.elementsEqual(right)
  }

  /// Hashes the drafts.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for draft in self { hasher.combine(draft) }
  }
}
