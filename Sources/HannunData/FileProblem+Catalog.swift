import HannunDomain

extension FileProblem {
  /// How the catalog keeps the problem of a damaged month file: the parser's text for
  /// ``FileProblem/invalidContent(_:)`` (what almost every damaged file has), a tag otherwise.
  var catalogText: String {
    switch self {
    case .invalidContent(let text): text
    case .notRegularFile: "\u{0}notRegularFile"
    case .newerVersion(let version, let supported): "\u{0}newerVersion \(version) \(supported)"
    case .unknownVersion(let version): "\u{0}unknownVersion \(version)"
    case .duplicateID(let id, let path): "\u{0}duplicateID \(id.rawValue) \(path)"
    case .tooLarge(let size, let limit): "\u{0}tooLarge \(size) \(limit)"
    default: "\u{0}other"
    }
  }

  /// The problem a catalog recorded with ``catalogText``.
  init(catalogText text: String) {
    guard text.hasPrefix("\u{0}") else {
      self = .invalidContent(text)
      return
    }
    let words = text.dropFirst().split(separator: " ", maxSplits: 2).map(String.init)
    switch words.first {
    case "notRegularFile": self = .notRegularFile
    case "newerVersion" where words.count == 3:
      self = .newerVersion(Int(words[1]) ?? 0, supported: Int(words[2]) ?? 0)
    case "unknownVersion" where words.count == 2: self = .unknownVersion(Int(words[1]) ?? 0)
    case "duplicateID" where words.count == 3:
      self = .duplicateID(TransactionID(words[1]), alsoIn: words[2])
    case "tooLarge" where words.count == 3:
      self = .tooLarge(size: Int64(words[1]) ?? 0, limit: Int64(words[2]) ?? 0)
    default: self = .invalidContent("the file could not be indexed")
    }
  }
}
