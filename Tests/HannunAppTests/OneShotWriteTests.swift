import ArgumentParser
import Testing

@testable import HannunApp

/// The one-shot writes' own reading of their command lines (`OneShotWrite`, through
/// `OneShotRead.command`) builds exactly the command the argument parser builds, and leaves the
/// rest to the parser.
@Suite("One-shot writes are read without the parser, into the parser's command")
@MainActor
struct OneShotWriteTests {
  /// One write's vocabulary: what it needs, and what it may have besides.
  struct Vocabulary {
    let name: String
    let required: [[String]]
    let optional: [[String]]
  }

  static let writes: [Vocabulary] = [
    Vocabulary(
      name: "add", required: [["--expense"], ["3만5천"], ["--category", "식비"]],
      optional: [["--memo", "점심 with a space"], ["--date", "2025-10-15"], ["--json"]]),
    Vocabulary(
      name: "add", required: [["--income"], ["12,000"], ["--category=salary"]],
      optional: [["--date=yesterday"], ["--memo", "x"]]),
    // Without a kind: an expense.
    Vocabulary(
      name: "add", required: [["5000"], ["--category", "food"]],
      optional: [["--memo", "x"], ["--json"]]),
    Vocabulary(
      name: "edit", required: [["abc123"]],
      optional: [
        ["--amount", "2222"], ["--category", "food"], ["--memo", "m"], ["--date", "2000-06-15"],
        ["--income"], ["--json"],
      ]),
    Vocabulary(name: "edit", required: [["abc123"]], optional: [["--expense"], ["--amount=3"]]),
    Vocabulary(name: "delete", required: [["abc123"]], optional: [["--json"]]),
  ]

  /// The global options, each way they are written, before or after the write.
  static let globals: [(before: [String], after: [String])] = [
    ([], []),
    ([], ["--data", "/tmp/ledger", "--locale", "ko", "--color", "always", "--currency", "USD"]),
    (["--data", "/tmp/ledger", "--ascii"], ["--locale=en", "--color=never"]),
  ]

  /// Every command line of `write` with what it needs and a subset of the rest, in the
  /// vocabulary's order and reversed, with each form of the global options.
  static func lines(_ write: Vocabulary) -> [[String]] {
    var lines: [[String]] = []
    for mask in 0..<(1 << write.optional.count) {
      let chosen = write.optional.indices.filter { mask & (1 << $0) != 0 }.map {
        write.optional[$0]
      }
      for order in [write.required + chosen, (write.required + chosen).reversed()] {
        for global in globals {
          lines.append(global.before + [write.name] + order.flatMap { $0 } + global.after)
        }
      }
    }
    return lines
  }

  @Test("every plain write is read here, into the command the parser builds from it")
  func sameAsTheParser() throws {
    var count = 0
    for write in Self.writes {
      for line in Self.lines(write) {
        let ordered = CommandLineOrder.subcommandFirst(line)
        let parsed = try Hannun.parseAsRoot(ordered)
        let read = try #require(OneShotRead.command(ordered), "\(line) is left to the parser")
        #expect(String(describing: read) == String(describing: parsed), "\(line)")
        count += 1
      }
    }
    #expect(count > 300)
  }

  @Test("every property of each write is set, so none is read in its unparsed state")
  func everyPropertySet() throws {
    for write in Self.writes {
      let line =
        [write.name] + (write.required + write.optional).flatMap { $0 }
        + ["--data", "/tmp/ledger"]
      let command = try #require(OneShotRead.command(line), "\(line)")
      #expect(!String(describing: command).contains("definition"), "\(command)")
    }
  }

  @Test("help, a missing id, amount or category, both kinds and bad values go to the parser")
  func restToTheParser() {
    let lines: [[String]] = [
      ["add", "--help"], ["add", "-h"], ["help", "add"], ["edit", "--help"], ["delete", "help"],
      ["add", "--expense", "5000"], ["add", "--expense", "--category", "food"],
      ["add", "--expense", "--income", "5000", "--category", "food"],
      ["add", "--expense", "5000", "6000", "--category", "food"],
      ["add", "--expense", "-5000", "--category", "food"],
      ["add", "--expense", "5000", "--category", "food", "--category", "x"],
      ["add", "--expense", "5000", "--category", ""],
      ["add", "--expense", "5000", "--category", "food", "--amount", "3"],
      ["edit"], ["edit", "--amount", "3"], ["edit", "a", "b", "--amount", "3"],
      ["edit", "a", "--amount=-5"], ["edit", "a", "--income", "--expense"],
      ["edit", "a", "--bogus"], ["edit", "a", "--", "--amount"],
      ["delete"], ["delete", "a", "b"], ["delete", "a", "--json", "--json"],
      ["delete", "a", "--locale", "fr"],
    ]
    for line in lines {
      let ordered = CommandLineOrder.subcommandFirst(CommandLineOrder.joiningNegativeValues(line))
      #expect(OneShotRead.command(ordered) == nil, "\(line)")
    }
  }
}
