import Foundation
import HannunTestSupport
import Testing

@testable import HannunApp

/// A command of a group (`recurring edit`) given the global options first fell back to the
/// group's default command, which refused the command's own words (`2 unexpected arguments:
/// 'edit', 'r1'`); and a command without the word it needs named only the parser's placeholder
/// (`Missing expected argument '<id>'`).
@MainActor
@Suite("Commands say what they need, wherever the global options are")
struct CommandArgumentsTests {
  let folder: TemporaryFolder
  var data: String { folder.appending("data").path(percentEncoded: false) }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-command-arguments") }

  @Test(
    "a group's command answers the same with the global options before, inside or after it",
    arguments: [
      ["recurring", "edit", "r1"], ["recurring", "edit", "r1", "--amount", "5000"],
      ["recurring", "remove", "r9"], ["recurring", "add", "--monthly", "25"],
      ["recurring", "list", "--json"], ["category", "rename", "식비", "외식"],
    ])
  func groupCommands(line: [String]) async {
    let global = ["--data", data, "--locale", "en"]
    let after = await hannun(line + global, data: nil)
    #expect(!after.err.localizedCaseInsensitiveContains("unexpected"), "\(after)")
    for other in [global + line, [line[0]] + global + Array(line.dropFirst())] {
      let run = await hannun(other, data: nil)
      #expect(run.status == after.status && run.err == after.err, "\(other): \(run)")
    }
  }

  @Test("the groups' names known without their configurations are the parser's")
  func groupNames() {
    let names = CommandLineOrder.groups.compactMap { $0.configuration.commandName }
    #expect(Set(names) == CommandLineOrder.groupNames)
    #expect(Set(CommandLineOrder.groupCommands.keys) == CommandLineOrder.groupNames)
  }

  @Test(
    "a command without the word it needs says what that is, with an example",
    arguments: [
      (["edit"], "hannun edit "), (["delete"], "hannun delete "),
      (["recurring", "edit"], "hannun recurring edit r1"),
      (["recurring", "remove"], "hannun recurring remove r1"),
      (["category", "rename"], "hannun category rename "),
      (["category", "rename", "food"], "hannun category rename "),
      (["import"], "hannun import "), (["skip"], "r1 2025-"), (["change", "r1"], "r1 2025-"),
    ])
  func missingArgument(line: [String], example: String) async {
    for locale in ["en", "ko"] {
      let run = await hannun(["--data", data, "--locale", locale] + line, data: nil)
      #expect(run.status == 2, "\(line) \(locale): \(run)")
      #expect(run.err.contains(example), "\(line) \(locale): \(run)")
      #expect(!run.err.contains("'<"), "no parser placeholder: \(line) \(locale): \(run)")
      #expect(!run.err.contains("Missing"), "\(line) \(locale): \(run)")
    }
  }
}
