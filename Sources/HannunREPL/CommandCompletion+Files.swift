extension CommandCompletion {
  /// Whether Tab should complete the word under the cursor as a file name: the FILE of `import`
  /// (`가져오기`), typed before or after `--dry-run`, while no file has been given yet. Readline's
  /// own file-name completion then offers the files and folders (a folder with `/`, `~` for the
  /// home folder).
  /// - Parameters:
  ///   - line: The whole line up to the cursor.
  ///   - word: The word under the cursor (a suffix of `line`).
  /// - Returns: `true` for a path argument.
  public static func completesFileName(line: String, word: String) -> Bool {
    guard !word.hasPrefix("-") else { return false }
    let before = line.dropLast(word.count).split { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
    guard let first = before.first, CommandVerb(word: String(first)) == .importFile else {
      return false
    }
    return before.dropFirst().allSatisfy { $0.lowercased() == "--dry-run" }
  }

  /// The options of `import` that start with `word` (`--dry-run`), when it starts with `-`.
  static func importOptions(_ arguments: [String], word: String) -> [String] {
    guard word.hasPrefix("-"), !arguments.contains(where: { $0.lowercased() == "--dry-run" })
    else { return [] }
    return matching(["--dry-run"], word)
  }
}
