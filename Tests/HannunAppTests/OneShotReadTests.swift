import ArgumentParser
import Testing

@testable import HannunApp

/// The one-shot reads' (and the REPL's) own reading of their command lines (`OneShotRead`) builds
/// exactly the values of the command the argument parser builds, and leaves everything else to
/// the parser.
@Suite("One-shot reads are read without the parser, into the parser's command's values")
@MainActor
struct OneShotReadTests {
  /// One read's vocabulary: its name, its word, and each option and flag with a valid value.
  struct Vocabulary {
    let name: String
    let words: [String]
    let options: [(String, String)]
    let flags: [String]
  }

  static let reads: [Vocabulary] = [
    Vocabulary(
      name: "month", words: ["2025-10"], options: [("--first-weekday", "2")], flags: ["--json"]),
    Vocabulary(
      name: "week", words: ["2025-10-15"], options: [("--first-weekday", "7")], flags: ["--json"]),
    Vocabulary(name: "day", words: ["yesterday"], options: [], flags: ["--json"]),
    Vocabulary(
      name: "report", words: ["2025-10"],
      options: [("--year", "2024"), ("--from", "2025-01"), ("--to", "2025-06")],
      flags: ["--json", "--by-mood"]),
    Vocabulary(
      name: "year", words: ["2024"], options: [("--first-weekday", "3")], flags: ["--json"]),
    Vocabulary(name: "budget", words: ["2025-10"], options: [], flags: ["--json"]),
    Vocabulary(name: "due", words: [], options: [], flags: ["--json"]),
    Vocabulary(
      name: "categories", words: ["2025-10"],
      options: [("--year", "2024"), ("--from", "2025-01"), ("--to", "2025-06")],
      flags: ["--all", "--json"]),
    Vocabulary(name: "repl", words: [], options: [("--first-weekday", "2")], flags: []),
  ]

  /// The global options, each way they are written, before or after the read.
  static let globals: [(before: [String], after: [String])] = [
    ([], []),
    ([], ["--data", "/tmp/ledger", "--locale", "ko", "--color", "always", "--currency", "USD"]),
    (["--data", "/tmp/ledger", "--ascii"], ["--locale=en", "--color=never"]),
    (["--locale", "en", "--currency=JPY"], ["--ascii", "--data=/tmp/other", "--color", "auto"]),
  ]

  /// Every plain command line of `read`: each subset of its word, options and flags, in the
  /// vocabulary's order and reversed, with each form of the global options.
  static func lines(_ read: Vocabulary) -> [[String]] {
    let parts: [[String]] =
      read.words.map { [$0] } + read.options.map { [$0.0, $0.1] } + read.flags.map { [$0] }
    var lines: [[String]] = []
    for mask in 0..<(1 << parts.count) {
      let chosen = parts.indices.filter { mask & (1 << $0) != 0 }.map { parts[$0] }
      for order in [chosen, chosen.reversed()] {
        for global in globals {
          lines.append(global.before + [read.name] + order.flatMap { $0 } + global.after)
          // The REPL is also `hannun` with no subcommand.
          if read.name == "repl" {
            lines.append(global.before + order.flatMap { $0 } + global.after)
          }
        }
      }
    }
    return lines
  }

  @Test("every plain read is read here, into the command the parser builds from it")
  func sameAsTheParser() throws {
    var count = 0
    for read in Self.reads {
      for line in Self.lines(read) {
        let ordered = CommandLineOrder.subcommandFirst(line)
        let parsed = try #require(
          try Hannun.parseAsRoot(ordered) as? any OneShotValuesCommand, "\(line)")
        let read = try #require(OneShotRead.command(ordered), "\(line) is left to the parser")
        #expect(String(describing: read) == String(describing: parsed.values), "\(line)")
        count += 1
      }
    }
    #expect(count > 1000)
  }

  @Test("what is built is plain values: none of the parser's property wrappers, names or help")
  func plainValues() throws {
    for read in Self.reads {
      let line = [read.name] + read.words + ["--data", "/tmp/ledger", "--locale", "ko"]
      let built = try #require(OneShotRead.command(line), "\(line)")
      #expect(!(built is any ParsableArguments), "\(type(of: built))")
      #expect(!String(describing: built).contains("ArgumentParser"), "\(built)")
    }
  }

  @Test("every property of each read is set, so none is read in its unparsed state")
  func everyPropertySet() throws {
    for read in Self.reads {
      let line =
        [read.name] + read.words + read.options.flatMap { [$0.0, $0.1] } + read.flags
        + ["--data", "/tmp/ledger"]
      let command = try #require(OneShotRead.command(line), "\(line)")
      var described = String(describing: command)
      // A property the reader missed would still hold the parser's definition of it.
      #expect(!described.contains("definition"), "\(described)")
      described = String(describing: try Hannun.parseAsRoot(line))
      #expect(!described.contains("definition"), "the parser's: \(described)")
    }
  }

  @Test("help, --version, unknown or repeated options, bad values and extra words go to the parser")
  func restToTheParser() {
    let lines: [[String]] = [
      ["month", "--help"], ["month", "-h"], ["month", "help"], ["help", "month"], ["--help"],
      ["--version"], ["month", "--version"], ["month", "2025-10", "2025-11"],
      ["month", "--json", "--json"], ["month", "--data", "a", "--data", "b"],
      ["month", "--first-weekday", "x"], ["month", "--first-weekday=-1"],
      ["month", "--locale", "fr"],
      ["month", "--color", "sometimes"], ["month", "--bogus"], ["month", "--", "2025-10"],
      ["month", "--data"], ["month", "--data", "--json"], ["month", "--data="], ["month", "-5"],
      ["day", "--first-weekday", "2"], ["due", "2025-10"], ["budget", "set", "5000"],
      ["budget", "remove"], ["budget", "--category", "food"], ["report", "--by-mood=true"],
      ["month", "--json=true"], ["add", "--expense", "5000"], ["find", "food"], ["repl", "x"],
      ["--first-weekday", "x"], ["repl", "--json"], ["--help"], ["repl", "--help"], ["-h"],
      ["month", "--generate-completion-script", "bash"], ["month", "--experimental-dump-help"],
    ]
    for line in lines {
      #expect(OneShotRead.command(CommandLineOrder.subcommandFirst(line)) == nil, "\(line)")
    }
  }
}
