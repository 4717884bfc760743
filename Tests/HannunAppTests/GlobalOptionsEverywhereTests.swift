import Foundation
import HannunTestSupport
import Testing

@testable import HannunApp

/// `hannun --help` says every command takes the global options; the command groups
/// (`recurring`, `category`) took none, so `hannun recurring --color never` failed.
@MainActor
@Suite("Every command takes the global options")
struct GlobalOptionsEverywhereTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-global-options") }

  @Test(
    "no command word refuses --data, --locale, --color or --ascii",
    arguments: [["--color", "never"], ["--locale", "ko"], ["--ascii"], ["--currency", "KRW"]])
  func everyCommand(global: [String]) async {
    for name in CommandLineOrder.subcommands.sorted() where name != "serve" && name != "repl" {
      for line in [[name] + global, global + [name]] {
        let run = await hannun(line, data: data)
        #expect(!run.err.contains("Unknown option"), "\(line): \(run)")
        #expect(!run.err.contains("없는 옵션"), "\(line): \(run)")
      }
    }
  }

  @Test("hannun recurring lists the rules, as hannun budget shows the budgets")
  func recurringLists() async throws {
    let added = await hannun(
      [
        "recurring", "add", "--monthly", "25", "650000", "--category", "rent", "--from",
        "2025-01-01",
      ],
      data: data)
    #expect(added.status == 0, "\(added)")
    let plain = await hannun(["recurring", "--color", "never"], data: data)
    let listed = await hannun(["recurring", "list", "--color", "never"], data: data)
    #expect(plain.status == 0 && plain.out == listed.out && plain.out.contains("rent"), "\(plain)")
    let json = await hannun(["recurring", "--json"], data: data)
    #expect(json.status == 0 && json.out.hasPrefix("{\"rules\":["), "\(json)")
  }

  @Test("hannun category with options and no subcommand shows its help, as it does bare")
  func categoryGroup() async {
    let bare = await hannun(["category"], data: nil)
    let withOptions = await hannun(["category", "--locale", "en", "--color", "never"], data: data)
    #expect(withOptions.status == bare.status, "\(withOptions)")
    #expect(withOptions.out.contains("rename"), "\(withOptions)")
  }

  @Test(
    "hannun recurring --help names every recurring command, not only list, its default",
    arguments: [
      ["recurring", "--help"], ["recurring", "-h"], ["--locale", "en", "recurring", "--help"],
      ["recurring", "--data", "d", "--help"], ["recurring", "--help", "--color", "never"],
    ])
  func recurringHelp(arguments: [String]) async {
    let run = await hannun(arguments, data: nil)
    #expect(run.status == 0, "\(run)")
    for command in ["add", "list", "edit", "remove"] {
      #expect(run.out.contains("\n  \(command) "), "\(command): \(run)")
    }
    let listHelp = await hannun(["recurring", "list", "--help"], data: nil)
    #expect(listHelp.out.contains("USAGE: hannun recurring list"), "\(listHelp)")
  }

  @Test(
    "the shell completion script is printed beside a global option too",
    arguments: [
      ["--generate-completion-script", "bash"],
      ["--locale", "ko", "--generate-completion-script", "zsh"],
      ["--generate-completion-script", "fish", "--locale", "ko"],
      ["--generate-completion-script=bash", "--color", "never"],
    ])
  func completionScript(arguments: [String]) async {
    let run = await hannun(arguments, data: nil)
    #expect(run.status == 0 && run.err.isEmpty, "\(run)")
    #expect(run.out.contains("hannun") && run.out.contains("recurring"), "\(run)")
  }

  @Test(
    "hannun --help with a global option names every command, not only repl, the default",
    arguments: [
      ["--help"], ["--locale", "en", "--help"], ["--help", "--locale", "en"], ["-h", "--ascii"],
      ["--data", "d", "--color", "never", "--help"],
    ])
  func rootHelp(arguments: [String]) async {
    let run = await hannun(arguments, data: nil)
    #expect(run.status == 0, "\(run)")
    #expect(run.out.contains("USAGE: hannun <subcommand>"), "\(run)")
    for command in ["repl (default)", "month", "add", "recurring", "serve"] {
      #expect(run.out.contains("\n  \(command) "), "\(command): \(run)")
    }
  }
}
