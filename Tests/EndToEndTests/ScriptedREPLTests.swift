import Foundation
import Testing

/// The REPL driven by a script on standard input (a file, so not a terminal): no prompt, no
/// colour, the calendar printed at the start and then on `month` or `week`, each screen appended.
@Suite("Scripted REPL")
struct ScriptedREPLTests {
  /// Runs the REPL in English on a KRW ledger with `script` as standard input and checks what
  /// every scripted session must satisfy; `status` is 1 for a script with a refused line.
  private func session(
    _ script: String, in sandbox: Sandbox, extra: [String] = [], status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    let result = try await sandbox.run(
      ["--locale", "en", "--currency", "KRW"] + extra, stdin: script)
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.err.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(!result.stdoutHasESC, "no escape codes into a pipe", sourceLocation: sourceLocation)
    #expect(
      result.out.range(of: #"\d{4}-\d{2}> "#, options: .regularExpression) == nil,
      "no prompt", sourceLocation: sourceLocation)
    #expect(!result.out.contains("Type help for commands"), sourceLocation: sourceLocation)
    for label in ["Kind (income/expense)", "Amount:", "Category:", "Date (YYYY-MM-DD)"] {
      #expect(!result.out.contains(label), "no form prompt", sourceLocation: sourceLocation)
    }
    return result
  }

  /// The position of `text` in `output`, failing the test when it is absent.
  private func position(
    of text: String, in output: String, after start: String.Index? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String.Index {
    let range = output.range(of: text, range: (start ?? output.startIndex)..<output.endIndex)
    return try #require(range, "'\(text)' in the transcript", sourceLocation: sourceLocation)
      .lowerBound
  }

  @Test("go, day, add, next, prev, undo, quit: the transcript and the ledger agree")
  func walkthrough() async throws {
    try await withSandbox { sandbox in
      let script = """
        go 2025-11
        day 3
        month
        add expense 4500 cafe "coffee with Min"
        month
        next
        month
        prev
        month
        undo
        quit

        """
      let result = try await session(script, in: sandbox)
      let out = result.out
      let november = try position(of: "November 2025", in: out)
      let selected = try position(of: "Mon 3 November 2025", in: out, after: november)
      let added = try position(
        of: "Added Expense ₩4,500 cafe (coffee with Min) on 2025-11-03 #", in: out,
        after: selected)
      let december = try position(of: "December 2025", in: out, after: added)
      let back = try position(of: "November 2025", in: out, after: december)
      let undone = try position(
        of: "Undid: added Expense ₩4,500 cafe (coffee with Min) on 2025-11-03 #", in: out,
        after: back)
      #expect(undone > back)
      #expect(out.contains("-4,500"), "the day cell shows the expense")

      let day = try await sandbox.day("2025-11-03")
      #expect(objects(day["transactions"]).isEmpty, "undo took the entry back")
      #expect(decimal(day["expense"]) == 0)
    }
  }

  @Test("A long script prints the calendar once, then one line per entry it adds")
  func calendarOnce() async throws {
    try await withSandbox { sandbox in
      let adds = (1...40).map { "add expense \($0)000 food --date 2025-11-03\nnext\nprev" }
      let script = "go 2025-11\n" + adds.joined(separator: "\n") + "\nquit\n"
      let result = try await session(script, in: sandbox)
      let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
      let calendar = lines.firstIndex { $0.contains("Added") } ?? lines.count
      // After the calendar: the 40 adds, the new ledger's notice, and the last newline.
      #expect(lines.count - calendar <= 43, "one line per add after the calendar: \(result)")
      #expect(lines.filter { $0.hasPrefix("Added") }.count == 40)
      #expect(calendar < 40, "one calendar: \(result)")
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).count == 40)
    }
  }

  @Test("An entry added in a session is saved, even without quit at the end of input")
  func addSavedAtEndOfInput() async throws {
    try await withSandbox { sandbox in
      let result = try await session(
        "go 2025-11-03\nadd expense 4500 cafe \"coffee with Min\"\n", in: sandbox)
      let id = try #require(
        result.out.firstMatch(
          of: /Added Expense ₩4,500 cafe \(coffee with Min\) on 2025-11-03 #(\S+)/)
      ).1
      let entries = objects(try await sandbox.day("2025-11-03")["transactions"])
      #expect(entries.count == 1)
      #expect(entries.first?["id"] as? String == String(id))
      #expect(entries.first?["category"] as? String == "cafe")
      #expect(entries.first?["memo"] as? String == "coffee with Min")
      #expect(decimal(entries.first?["amount"]) == 4500)
      #expect(entries.first?["kind"] as? String == "expense")
    }
  }

  @Test("An empty script and one with only blank lines exit 0")
  func emptyInput() async throws {
    try await withSandbox { sandbox in
      for script in ["", "\n\n", "   \n"] {
        let result = try await session(script, in: sandbox)
        #expect(!result.out.isEmpty, "the calendar is drawn once")
      }
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath), "reading wrote nothing")
    }
  }

  @Test("An unknown command is reported and the session goes on")
  func unknownCommand() async throws {
    try await withSandbox { sandbox in
      let result = try await session(
        "go 2025-11\nfrobnicate now\nday 3\nmonth\nquit\n", in: sandbox, status: 1)
      let lines = result.out.split(separator: "\n").map(String.init)
      let error = try #require(lines.first { $0.contains("unknown command") })
      #expect(error.contains("frobnicate"))
      let errorAt = try position(of: error, in: result.out)
      _ = try position(of: "Mon 3 November 2025", in: result.out, after: errorAt)
    }
  }

  @Test("Bad lines are reported one by one and the session goes on")
  func badLines() async throws {
    try await withSandbox { sandbox in
      let script = """
        go 2025-13
        go 2025-11
        day 31
        add expense 12a food
        add expense 500 "unterminated
        day 3
        add expense 500 food ok

        """
      let result = try await session(script, in: sandbox, status: 1)
      let errors = result.out.split(separator: "\n").filter { $0.hasPrefix("error: ") }
      #expect(errors.count == 4, "\(errors)")
      #expect(result.out.contains("12a"))
      let entries = objects(try await sandbox.day("2025-11-03")["transactions"])
      #expect(entries.count == 1, "only the good add was saved")
      #expect(entries.first?["memo"] as? String == "ok")
    }
  }

  @Test("add alone walks the form from the script and saves")
  func addForm() async throws {
    try await withSandbox { sandbox in
      let script = "go 2025-11\nadd\nincome\n50000\nsalary\n\n2025-11-25\nquit\n"
      let result = try await session(script, in: sandbox)
      #expect(result.out.contains("Added Income ₩50,000 salary on 2025-11-25 #"))
      let day = try await sandbox.day("2025-11-25")
      let entries = objects(day["transactions"])
      #expect(entries.count == 1)
      #expect(entries.first?["kind"] as? String == "income")
      #expect(entries.first?["category"] as? String == "salary")
      #expect(entries.first?["memo"] as? String == "")
      #expect(decimal(day["income"]) == 50000)
    }
  }

  @Test("The form asks again after a bad value, and Enter keeps the default date")
  func addFormRetries() async throws {
    try await withSandbox { sandbox in
      let script = "go 2025-11-07\nadd\nspend\nexpense\n12a\n3,000\nfood\nbread\n\nquit\n"
      let result = try await session(script, in: sandbox, status: 1)
      let errors = result.out.split(separator: "\n").filter { $0.hasPrefix("error: ") }
      #expect(errors.count == 2, "one for the kind, one for the amount: \(errors)")
      #expect(result.out.contains("Added Expense ₩3,000 food (bread) on 2025-11-07 #"))
      let day = try await sandbox.day("2025-11-07")
      #expect(decimal(day["expense"]) == 3000)
    }
  }

  @Test("cancel in the form, or the end of input, saves nothing")
  func addFormCancelled() async throws {
    try await withSandbox { sandbox in
      for script in [
        "go 2025-11-03\nadd\nincome\ncancel\nquit\n", "go 2025-11-03\nadd\nincome\n5000\n",
      ] {
        let result = try await session(script, in: sandbox)
        #expect(
          result.out.contains("Cancelled; nothing was changed."), "\(script.debugDescription)")
      }
      let month = try await sandbox.month("2025-11")
      #expect(decimal(month["income"]) == 0)
    }
  }

  @Test("edit N through the form: Enter keeps a field, a new value replaces it")
  func editForm() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      let script = "go 2025-11-03\nedit 1\n\n7000\n\n\n\nquit\n"
      let result = try await session(script, in: sandbox)
      #expect(result.out.contains("Changed Expense ₩12,000 food (lunch) on 2025-11-03"))
      let entries = objects(try await sandbox.day("2025-11-03")["transactions"])
      #expect(entries.count == 1)
      #expect(entries.first?["id"] as? String == id)
      #expect(decimal(entries.first?["amount"]) == 7000)
      #expect(entries.first?["memo"] as? String == "lunch")
      #expect(entries.first?["category"] as? String == "food")
    }
  }

  @Test("delete 1 then n keeps the entry; then y deletes it")
  func deleteConfirmation() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("income", "50000", category: "salary", date: "2025-11-25")

      let kept = try await session("go 2025-11-25\ndelete 1\nn\nquit\n", in: sandbox)
      #expect(kept.out.contains("[y/N]"))
      #expect(kept.out.contains("Kept; nothing was deleted."))
      #expect(objects(try await sandbox.day("2025-11-25")["transactions"]).count == 1)

      let noAnswer = try await session("go 2025-11-25\ndelete 1\n", in: sandbox)
      #expect(!noAnswer.out.contains("Deleted"), "the end of input is not a yes")
      #expect(objects(try await sandbox.day("2025-11-25")["transactions"]).count == 1)

      let deleted = try await session("go 2025-11-25\ndelete 1\ny\nquit\n", in: sandbox)
      #expect(deleted.out.contains("Deleted Income ₩50,000 salary on 2025-11-25 #\(id)"))
      #expect(objects(try await sandbox.day("2025-11-25")["transactions"]).isEmpty)
    }
  }

  @Test("undo then redo in one session; the ledger holds the redone change")
  func undoRedo() async throws {
    try await withSandbox { sandbox in
      let script = "go 2025-11-03\nadd income 1000 gift\nundo\nredo\nundo\nundo\nquit\n"
      let result = try await session(script, in: sandbox)
      #expect(result.out.contains("Undid: added Income ₩1,000 gift"))
      #expect(result.out.contains("Redid: added Income ₩1,000 gift"))
      #expect(result.out.contains("Nothing to undo."))
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).isEmpty)

      _ = try await session("go 2025-11-03\nadd income 1000 gift\nundo\nredo\n", in: sandbox)
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).count == 1)
    }
  }

  @Test("Lines ending in CRLF and upper-case commands are understood")
  func crlfAndCase() async throws {
    try await withSandbox { sandbox in
      let result = try await session(
        "GO 2025-11-03\r\nADD expense 800 snack\r\nQUIT\r\n", in: sandbox)
      #expect(!result.out.contains("error:"), "\(result)")
      let day = try await sandbox.day("2025-11-03")
      #expect(decimal(day["expense"]) == 800)
    }
  }

  @Test("week, firstweekday and help in a session")
  func viewCommands() async throws {
    try await withSandbox { sandbox in
      let result = try await session(
        "go 2025-11-05\nweek\nmonth\nfirstweekday 2\nmonth\nhelp\nhelp add\nquit\n", in: sandbox)
      _ = try position(of: "November 2025 · week", in: result.out)
      _ = try position(of: "Commands", in: result.out)
      _ = try position(of: "3만5천", in: result.out)
      let mondayHeader = result.out.split(separator: "\n").contains { $0.hasPrefix(" Mon") }
      #expect(mondayHeader, "firstweekday 2 puts Monday first")
    }
  }

  @Test("The repl subcommand and --first-weekday work from a script")
  func replSubcommand() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(
        ["repl", "--locale", "en", "--first-weekday", "2"], stdin: "go 2025-11\nmonth\nquit\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.out.split(separator: "\n").contains { $0.hasPrefix(" Mon") })
      #expect(result.out.contains("November 2025"))
    }
  }
}
