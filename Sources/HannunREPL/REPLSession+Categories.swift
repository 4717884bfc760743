import HannunDomain
import HannunPresentation

extension REPLSession {
  /// The categories of a period for `categories`, loaded through their view-model.
  /// - Throws: What kept the list from loading (an unreadable file).
  func categoryList(_ period: CategoryPeriod) async throws -> CategoryList {
    let model = await coordinator.categoryList(of: period.span(shown: calendar.currentMonth))
    if let failure = model.loadFailure { throw failure }
    guard let list = model.list else { throw AppError.other("the categories did not load") }
    return list
  }

  /// `category rename OLD NEW`: one write and one undo step; says whether it merged.
  func renameCategory(_ old: String, to new: String) async throws {
    let batch = try await coordinator.renameCategory(old, to: new)
    note(TerminalText.sanitized(text.describe(.batch(batch), .done)))
  }
}
