import HannunPresentation

extension REPLSession {
  /// What `edit N` and `delete N` name: while a search's results are on screen, result N (by its
  /// id, so the entry is opened as stored now); otherwise entry N of the selected day.
  /// - Throws: ``SearchResultError`` when the results have no number N.
  func shownReference(_ text: String) throws -> EntryReference {
    let reference = EntryReference(text)
    guard case .search(let search) = coordinator.top, case .position(let number) = reference
    else { return reference }
    return .id(try search.result(number: number).id.rawValue)
  }
}
