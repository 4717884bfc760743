import HannunPresentation

// Tests written against the English wording compare kept errors with the sentence a user reads.

/// Whether `error`, said in English, is `text`.
func == (error: AppError?, text: String) -> Bool {
  error.map(EnglishMessages().describe) == text
}

extension AppError {
  /// Whether the English sentence contains `text`.
  func contains(_ text: String) -> Bool { EnglishMessages().describe(self).contains(text) }
}
