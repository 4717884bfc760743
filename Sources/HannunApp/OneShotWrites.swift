/// The one-shot writes (`add`, `edit`, `delete`) read from their command line without the
/// argument parser, as the reads do (``OneShotRead``): the parser's reflection over every
/// command's properties cost a write about 1.7 ms of CPU at a million entries, more than its
/// commit does. Only a plain, valid command line is read here (the same rules as the reads');
/// anything else, and a line the command would refuse (an add without its amount or category, an
/// edit or delete without its id, both `--income` and `--expense`), is left to the
/// parser, so help, usage errors and their messages stay the parser's. The command built is the
/// one the parser builds (`OneShotWriteTests` checks both).
enum OneShotWrite {
  /// The kind `line`'s flags name: `.some(nil)` when neither is given, `nil` when both are.
  static func kind(_ line: OneShotRead.Line) -> KindFlag?? {
    switch (line.flags.contains("--income"), line.flags.contains("--expense")) {
    case (true, true): nil
    case (true, false): .some(.income)
    case (false, true): .some(.expense)
    case (false, false): .some(nil)
    }
  }
}

extension AddCommand: OneShotReadCommand {
  static let shape = OneShotRead.Shape(
    words: 1, options: ["--category", "--memo", "--date"],
    flags: ["--json", "--income", "--expense"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard case .some(let kind) = OneShotWrite.kind(line), let amount = line.word,
      let category = line.values["--category"]
    else { return false }
    (self.kind, self.amount, self.category) = (kind, amount, category)
    (memo, date, json) = (line.values["--memo"], line.values["--date"], line.json)
    extra = []
    return true
  }
}

extension EditCommand: OneShotReadCommand {
  static let shape = OneShotRead.Shape(
    words: 1, options: ["--amount", "--category", "--memo", "--date"],
    flags: ["--json", "--income", "--expense"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard case .some(let kind) = OneShotWrite.kind(line), let id = line.word else { return false }
    (self.id, self.kind, amount) = (id, kind, line.values["--amount"])
    (category, memo) = (line.values["--category"], line.values["--memo"])
    (date, json) = (line.values["--date"], line.json)
    return true
  }
}

extension DeleteCommand: OneShotReadCommand {
  static let shape = OneShotRead.Shape(words: 1, options: [], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard let id = line.word else { return false }
    (self.id, json) = (id, line.json)
    return true
  }
}
