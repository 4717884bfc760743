import HannunDomain
import HannunPresentation

extension REPLSession {
  /// `categories …`: opens the categories of a period and loads them.
  /// - Throws: What kept the list from loading (an unreadable file).
  func showCategories(_ period: PromptPeriod) async throws {
    let list = coordinator.showCategories(of: period.span(shown: calendar.currentMonth))
    await list.load()
    if let failure = list.loadFailure { throw failure }
  }

  /// `category rename OLD NEW`: one write and one undo step; says whether it merged.
  func renameCategory(_ old: String, to new: String) async throws {
    let batch = try await coordinator.renameCategory(old, to: new)
    note(TerminalText.sanitized(text.describe(.batch(batch), .done)))
  }
}
