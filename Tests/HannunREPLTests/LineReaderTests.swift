import Testing

@testable import HannunLineEditor
@testable import HannunREPL

@Suite("Line readers")
struct LineReaderTests {
  @Test("a scripted reader answers in order, then reports the end of input")
  func scriptedLines() {
    let reader = ScriptedLineReader(lines: ["next", "day 3"])
    #expect(reader.readLine(prompt: "> ") == "next")
    #expect(reader.readLine(prompt: "> ") == "day 3")
    #expect(reader.readLine(prompt: "> ") == nil)
    #expect(reader.readLine(prompt: "> ") == nil)
    #expect(reader.prompts == ["> ", "> ", "> ", "> "])
  }

  @Test("a scripted reader records prompts and prefills, and can keep or replace a prefill")
  func scriptedPrefill() {
    let reader = ScriptedLineReader([.keepPrefill, "5000", .endOfInput, "after"])
    #expect(reader.readLine(prompt: "amount: ", prefill: "12000") == "12000")
    #expect(reader.readLine(prompt: "amount: ", prefill: "12000") == "5000")
    #expect(reader.readLine(prompt: "memo: ") == nil)
    #expect(reader.pending == ["after"])
    #expect(reader.readLine(prompt: "> ") == "after")
    #expect(
      reader.requests == [
        .init(prompt: "amount: ", prefill: "12000"), .init(prompt: "amount: ", prefill: "12000"),
        .init(prompt: "memo: ", prefill: ""), .init(prompt: "> ", prefill: ""),
      ])
    #expect(reader.prefills == ["12000", "12000", "", ""])
  }

  @Test("a scripted reader can answer with calendar keys, resizes and any LineInput")
  func scriptedKeys() {
    let reader = ScriptedLineReader([.key(.next), .key(.previous, line: "add ex"), .resized()])
    reader.enqueue(.key(.today, line: ""), .line("quit"))
    reader.enqueue([.keepPrefill])
    #expect(reader.read(prompt: "> ", prefill: "") == .key(.next, line: ""))
    #expect(reader.read(prompt: "> ", prefill: "") == .key(.previous, line: "add ex"))
    #expect(reader.read(prompt: "> ", prefill: "add ex") == .resized(line: ""))
    #expect(reader.read(prompt: "> ", prefill: "") == .key(.today, line: ""))
    #expect(reader.read(prompt: "> ", prefill: "") == .line("quit"))
    #expect(
      reader.read(prompt: "amount: ", prefill: "12a", replacingPrefill: true) == .line("12a"))
    #expect(reader.read(prompt: "> ", prefill: "") == .endOfInput)
    #expect(reader.requests[5] == .init(prompt: "amount: ", prefill: "12a", replacingPrefill: true))
    #expect(reader.requests[0].replacingPrefill == false)
  }

  @Test("readLine turns a calendar key into its command word and reads again after a resize")
  func readLineMapsKeysAndResizes() {
    let reader = ScriptedLineReader([
      .key(.previous, line: "half"), .key(.next), .key(.today), .resized(line: "add ex"), "done",
    ])
    #expect(reader.readLine(prompt: "> ") == "prev")
    #expect(reader.readLine(prompt: "> ") == "next")
    #expect(reader.readLine(prompt: "> ") == "today")
    #expect(reader.readLine(prompt: "> ") == "done")
    #expect(reader.prefills == ["", "", "", "", "add ex"], "the resized line is typed again")
    #expect(NavigationKey.allCases.map(\.commandWord) == ["prev", "next", "today"])
    for key in NavigationKey.allCases {
      #expect(CommandVerb(word: key.commandWord) != nil)
    }
  }

  @Test("a scripted reader records the completion context each read had")
  func scriptedCompletionContext() {
    let reader = ScriptedLineReader(["a", "b"])
    _ = reader.readLine(prompt: "> ")
    let context = CompletionContext(categories: ["점심"], entryCount: 2)
    reader.setCompletionContext(context)
    _ = reader.readLine(prompt: "> ")
    #expect(reader.completionContexts == [.empty, context])
  }

  @Test("history skips blank lines and immediate repeats")
  func history() {
    let reader = ScriptedLineReader([])
    for line in ["next", "next", "", "  ", "day 3", "next", "next"] {
      reader.addHistory(line)
    }
    #expect(reader.history == ["next", "day 3", "next"])
  }

  @Test("standard input lines lose a trailing carriage return; prompts and prefills are ignored")
  func standardInput() {
    var lines = ["next", "day 3\r", "", "a\rb"]
    let reader = StandardInputLineReader(source: { lines.isEmpty ? nil : lines.removeFirst() })
    #expect(reader.readLine(prompt: "> ") == "next")
    #expect(reader.readLine(prompt: "amount: ", prefill: "12000") == "day 3")
    #expect(reader.readLine(prompt: "> ") == "")
    #expect(reader.readLine(prompt: "> ") == "a\rb")
    #expect(reader.readLine(prompt: "> ") == nil)
  }

  @Test("the history policy")
  func historyPolicy() {
    #expect(HistoryPolicy.shouldAdd("next", previous: nil))
    #expect(HistoryPolicy.shouldAdd("next", previous: "prev"))
    #expect(!HistoryPolicy.shouldAdd("next", previous: "next"))
    #expect(!HistoryPolicy.shouldAdd("", previous: nil))
    #expect(!HistoryPolicy.shouldAdd(" \t\u{3000}", previous: nil))
  }

  @Test("readline prompts hide escape sequences from readline's width count")
  func readlinePrompt() {
    let prompt = "\u{1B}[1m2025-11\u{1B}[0m> "
    #expect(
      ReadlineLineReader.readlinePrompt(prompt)
        == "\u{01}\u{1B}[1m\u{02}2025-11\u{01}\u{1B}[0m\u{02}> ")
    #expect(ReadlineLineReader.readlinePrompt("plain> ") == "plain> ")
    #expect(ReadlineLineReader.readlinePrompt("") == "")
  }

  @Test("the history file follows XDG_STATE_HOME, then HOME")
  func historyPath() {
    #expect(
      ReadlineLineReader.defaultHistoryFile(environment: [
        "XDG_STATE_HOME": "/state", "HOME": "/home/min",
      ]) == "/state/hannun/history")
    #expect(
      ReadlineLineReader.defaultHistoryFile(environment: ["HOME": "/home/min"])
        == "/home/min/.local/state/hannun/history")
    #expect(
      ReadlineLineReader.defaultHistoryFile(environment: [
        "XDG_STATE_HOME": "relative", "HOME": "/home/min",
      ]) == "/home/min/.local/state/hannun/history")
    #expect(ReadlineLineReader.defaultHistoryFile(environment: [:]) == nil)
  }
}
