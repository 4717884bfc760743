extension Dictionary where Value == AppError {
  /// Reads one field of a form view-model, the way every form reads a field: `read` takes the
  /// text as typed and keeps its value; when it throws, nothing else changes and the field's
  /// refusal is kept here (``AppError``), else any earlier refusal of the field is cleared.
  /// - Parameters:
  ///   - field: The field read.
  ///   - read: Reads the field's text and keeps its value, or throws why it is refused.
  /// - Returns: Why the text was refused, or `nil`.
  mutating func reading(_ field: Key, _ read: () throws -> Void) -> AppError? {
    do {
      try read()
      self[field] = nil
      return nil
    } catch {
      let refused = AppError(error)
      self[field] = refused
      return refused
    }
  }
}
