import HannunDomain

extension FileProblem {
  /// How the catalog keeps the problem of a damaged month file: a tag and its words. A text an
  /// older Hannun recorded (``ContentFault/described(_:)``) is kept as it was: plain text, as
  /// older versions wrote the parser's message, without the tag.
  var catalogText: String {
    switch self {
    case .invalidContent(.described(let text)): text
    case .invalidContent(let fault): "\u{0}content \(fault.catalogWords)"
    case .notRegularFile: "\u{0}notRegularFile"
    case .symbolicLinkFile: "\u{0}symbolicLinkFile"
    case .newerVersion(let version, let supported): "\u{0}newerVersion \(version) \(supported)"
    case .unknownVersion(let version): "\u{0}unknownVersion \(version)"
    case .duplicateID(let id, let path): "\u{0}duplicateID \(id.rawValue) \(path)"
    case .tooLarge(let size, let limit): "\u{0}tooLarge \(size) \(limit)"
    case .system(let failure, let text): "\u{0}system \(failure.code) \(text)"
    default: "\u{0}other"
    }
  }

  /// The problem a catalog recorded with ``catalogText``. Plain text (what versions before the
  /// typed ``ContentFault`` wrote for a damaged file) is read as ``ContentFault/described(_:)``.
  /// A tag this version does not know is read as a problem that does not last (see ``lasts``),
  /// so the file is read again.
  init(catalogText text: String) {
    guard text.hasPrefix("\u{0}") else {
      self = .invalidContent(.described(text))
      return
    }
    if text.hasPrefix("\u{0}content "),
      let fault = ContentFault(catalogWords: String(text.dropFirst(9)))
    {
      self = .invalidContent(fault)
      return
    }
    let words = text.dropFirst().split(separator: " ", maxSplits: 2).map(String.init)
    switch words.first {
    case "notRegularFile": self = .notRegularFile
    case "symbolicLinkFile": self = .symbolicLinkFile
    case "newerVersion" where words.count == 3:
      self = .newerVersion(Int(words[1]) ?? 0, supported: Int(words[2]) ?? 0)
    case "unknownVersion" where words.count == 2: self = .unknownVersion(Int(words[1]) ?? 0)
    case "duplicateID" where words.count == 3:
      self = .duplicateID(TransactionID(words[1]), alsoIn: words[2])
    case "tooLarge" where words.count == 3:
      self = .tooLarge(size: Int64(words[1]) ?? 0, limit: Int64(words[2]) ?? 0)
    case "system" where words.count == 3:
      self = .system(SystemFailure(errno: Int32(words[1]) ?? 0), systemText: words[2])
    default: self = .system(.other(code: 0), systemText: "the file could not be indexed")
    }
  }

  /// Whether the problem is the file's own, so that it holds as long as the file is unchanged:
  /// what its bytes say, its type (a symbolic link among them), its size. Anything else — a system call that failed (a
  /// permission since fixed, an I/O error) — is not remembered: an index recording it is not
  /// trusted, so the file is read again next time.
  ///
  /// An id stored in two month files is the files' own too: both are recorded with it, and
  /// neither is written until one is changed by hand, which changes its signature.
  var lasts: Bool {
    switch self {
    case .invalidContent, .notRegularFile, .symbolicLinkFile, .newerVersion, .unknownVersion,
      .duplicateID, .tooLarge:
      true
    default: false
    }
  }
}
