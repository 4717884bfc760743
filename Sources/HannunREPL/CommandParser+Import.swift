extension CommandParser {
  /// `import FILE [--dry-run]` (`--dry-run` before or after the file).
  static func importFile(_ arguments: [String]) throws(CommandError) -> Command {
    let dryRun = arguments.contains { $0.lowercased() == "--dry-run" }
    let files = arguments.filter { $0.lowercased() != "--dry-run" }
    guard let path = files.first, !path.isEmpty else {
      throw .invalidArguments(.importFile, .missing)
    }
    guard files.count == 1 else {
      throw .invalidArguments(.importFile, .extra(files.dropFirst().joined(separator: " ")))
    }
    return .importFile(path: path, dryRun: dryRun)
  }
}
