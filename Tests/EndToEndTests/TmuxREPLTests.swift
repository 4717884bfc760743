import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive calendar in a real terminal: `hannun` runs in a tmux pane of 80×24, keys are
/// sent with `tmux send-keys` and the screen is read with `tmux capture-pane`, polled until it
/// shows what is expected or a timeout passes.
@Suite(
  "REPL in a terminal (tmux)",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"),
  .serialized)
struct TmuxREPLTests {
  @Test(
    "the month is on screen at start; PageDown pages without Enter; Tab completes a Hangul category"
  )
  func keysAndCompletion() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      // Not today: the selected day's list stays one line long.
      let entryDay = today.otherDayOfMonth
      _ = try await sandbox.add("expense", "12000", category: "점심", date: entryDay)
      _ = try await sandbox.add("expense", "8000", category: "점심", date: entryDay)
      _ = try await sandbox.add("expense", "4500", category: "카페", date: entryDay)
      // Weeks start on the weekday of the 1st, so the month takes at most five rows and fits
      // the 24 lines whatever month the test runs in.
      try await Tmux.run(
        sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"],
        arguments: ["--first-weekday", String(today.weekdayOfFirst)]
      ) { pane in
        let start = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        #expect(start.contains(today.koreanTitle), "\(start)")
        #expect(start.contains("help로 명령 목록을 봅니다"), "Korean text: \(start)")
        let numbers = Set(
          start.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) })
        for day in 1...today.daysInMonth {
          #expect(numbers.contains(day), "day \(day) is not on screen:\n\(start)")
        }

        try await pane.send(keys: "NPage")
        _ = try await pane.waitFor("the next month's prompt after PageDown") {
          $0.contains(today.nextMonth + ">")
        }

        try await pane.type("add expense 5000 점")
        try await pane.send(keys: "Tab")
        _ = try await pane.waitFor("Tab completing 점심") {
          $0.contains(today.nextMonth + "> add expense 5000 점심")
        }
        try await pane.type(" --date " + entryDay)
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the entry added") { $0.contains("추가") }
        let stored = try await sandbox.day(entryDay)
        let added = objects(stored["transactions"]).filter { decimal($0["amount"]) == 5000 }
        #expect(added.map { $0["category"] as? String } == ["점심"], "\(stored)")

        // Help speaks Korean: the commands, the keys, and how to ask about one command.
        try await pane.type("help")
        try await pane.send(keys: "Enter")
        let help = try await pane.waitFor("Korean help") { $0.contains("예: help add") }
        #expect(help.contains("기록") && help.contains("add, edit N"), "\(help)")
        #expect(help.contains("명령 (대소문자"), "the top of the help is on screen: \(help)")
        #expect(help.contains("다음 달"), "the keys are listed: \(help)")
      }
    }
  }

  @Test("with LANG=C, Backspace deletes a whole Hangul character and nothing broken is stored")
  func hangulInCLocale() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      try await Tmux.run(
        sandbox: sandbox, environment: ["LANG": "C"], arguments: ["--locale", "ko"]
      ) { pane in
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("add expense 5000 점심 --date \(today.iso) 메모")
        try await pane.send(keys: "BSpace")
        _ = try await pane.waitFor("the line after Backspace") { screen in
          screen.split(separator: "\n").contains { $0.hasSuffix("--date \(today.iso) 메") }
        }
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the entry added") { $0.contains("추가") }
        let stored = try await sandbox.day(today.iso)
        let entry = try #require(objects(stored["transactions"]).first, "\(stored)")
        #expect(entry["category"] as? String == "점심")
        #expect(entry["memo"] as? String == "메", "\(stored)")
      }
    }
  }

  @Test(
    "in edit N, cancel typed after the pre-filled kind and Ctrl-C on the pre-filled amount leave")
  func cancelPrefilledField() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      _ = try await sandbox.add("expense", "12000", category: "점심", date: today.iso)
      try await Tmux.run(
        sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"], arguments: []
      ) { pane in
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("edit 1")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the kind, pre-filled") { $0.contains("종류 (수입/지출): 지출") }
        // The cursor is after the old value: the word lands after it.
        try await pane.type("cancel")
        try await pane.send(keys: "Enter")
        let cancelled = try await pane.waitFor("the form left") {
          $0.contains("취소했습니다") && !$0.contains("종류 (수입/지출)")
        }
        #expect(!cancelled.contains("종류가 아닙니다"), "\(cancelled)")

        try await pane.type("edit 1")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the kind, pre-filled") { $0.contains("종류 (수입/지출): 지출") }
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the amount, pre-filled") { $0.contains("금액: 12000") }
        try await pane.send(keys: "C-c")
        _ = try await pane.waitFor("the form left after Ctrl-C") {
          $0.contains("취소했습니다") && !$0.contains("금액:")
        }
        let stored = try await sandbox.day(today.iso)
        let entries = objects(stored["transactions"])
        #expect(entries.count == 1 && decimal(entries[0]["amount"]) == 12000, "\(stored)")
      }
    }
  }

  @Test("in the add form, Tab completes the category field with the ledger's categories")
  func tabInFormField() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      _ = try await sandbox.add("expense", "12000", category: "점심", date: today.iso)
      try await Tmux.run(
        sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"], arguments: []
      ) { pane in
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("add")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the kind") { $0.contains("종류 (수입/지출)") }
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the amount") { $0.contains("금액:") }
        try await pane.type("5000")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the category") { $0.contains("분류:") }
        try await pane.type("점")
        try await pane.send(keys: "Tab")
        _ = try await pane.waitFor("Tab completing 점심 in the field") { $0.contains("분류: 점심") }
        try await pane.send(keys: "C-c")
        _ = try await pane.waitFor("the form left") { $0.contains("취소했습니다") }
      }
    }
  }

  @Test(
    "another window's write is drawn without a key, and the half-typed line and its cursor stay")
  func outsideWriteRedraws() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      try await Tmux.run(
        sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"],
        arguments: ["--first-weekday", String(today.weekdayOfFirst)]
      ) { pane in
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("add expense 7")
        try await pane.send(keys: "Left")
        _ = try await pane.waitFor("the half-typed line") {
          $0.contains(today.month + "> add expense 7")
        }
        // The selected day is today: its list shows the entry another process adds.
        _ = try await sandbox.add("expense", "34567", category: "바깥", date: today.iso)
        let clock = ContinuousClock()
        let written = clock.now
        // Drawn within milliseconds on a quiet machine (the time is printed); the bound only
        // tells a redraw from none, with room for a debug build beside the rest of the suite.
        _ = try await pane.waitFor("the outside write drawn", timeout: .seconds(15)) {
          $0.contains("바깥")
        }
        print("outside write drawn after \(clock.now - written)")
        // The screen is drawn first and the line readline was editing right after it, so a
        // capture can fall between the two; the line must be back within the same bound.
        _ = try await pane.waitFor(
          "the half-typed line back under the redrawn screen", timeout: .seconds(15)
        ) {
          $0.contains("바깥") && $0.contains(today.month + "> add expense 7")
        }
        // The cursor stayed before the 7.
        try await pane.type("5")
        _ = try await pane.waitFor("the line edited where the cursor was") {
          $0.contains(today.month + "> add expense 57")
        }
      }
    }
  }

  @Test(
    "an idle prompt sleeps until another window writes: no poll wakes it, and the write is drawn")
  func outsideWriteWakesIdlePrompt() async throws {
    #if os(Linux)
      try await withSandbox { sandbox in
        let today = SeoulToday()
        // A ledger that exists, so that its folders are there to watch from the start.
        _ = try await sandbox.add("expense", "1000", category: "처음", date: today.iso)
        try await Tmux.run(
          sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"],
          arguments: ["--first-weekday", String(today.weekdayOfFirst)]
        ) { pane in
          _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
          let process = try await pane.hannunProcess()
          // Start-up's own work (months read ahead) ends first.
          try await Task.sleep(for: .milliseconds(500))
          let before = try Self.voluntarySwitches(of: process)
          try await Task.sleep(for: .seconds(2))
          let idle = try Self.voluntarySwitches(of: process) - before
          print("an idle REPL slept \(idle) times in 2 s")
          // A 15 ms poll sleeps and wakes more than 130 times in 2 s; the fallback reading every
          // half second and the runtime's own timers, a few.
          #expect(idle < 40, "the idle REPL woke \(idle) times in 2 s")
          _ = try await sandbox.add("expense", "34567", category: "바깥", date: today.iso)
          let clock = ContinuousClock()
          let written = clock.now
          // The bound only tells a redraw from none; the time it took is printed.
          _ = try await pane.waitFor("the outside write drawn", timeout: .seconds(15)) {
            $0.contains("바깥")
          }
          print("outside write drawn after \(clock.now - written)")
        }
      }
    #endif
  }

  /// How often every thread of a process gave up the processor of its own accord (slept or
  /// waited) so far, from `/proc`.
  static func voluntarySwitches(of process: Int32) throws -> Int {
    let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")
    return tasks.reduce(0) { sum, task in
      let status =
        (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/status", encoding: .utf8))
        ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
      let count = line?.split(separator: "\t").last.flatMap { Int($0) } ?? 0
      return sum + count
    }
  }
}

// MARK: - tmux

/// One detached tmux server with one 80×24 pane running `hannun`, on a socket inside the
/// sandbox, so that neither the user's tmux nor their configuration is involved.
struct Tmux {
  /// The `tmux` executable on `PATH`, or `nil`.
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return directories.map { "\($0)/tmux" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  private let executable: String
  private let socket: String
  private let target = "hannun"

  /// Starts `hannun ARGUMENTS --data <sandbox>` in a new pane with the sandbox's environment
  /// plus `environment` and `TERM=screen`.
  init(
    sandbox: Sandbox, environment: [String: String], arguments: [String], columns: Int = 80,
    rows: Int = 24
  ) async throws {
    guard let executable = Tmux.path else { throw E2EFailure("tmux is not installed") }
    self.executable = executable
    socket = sandbox.root.appendingPathComponent("tmux.sock").path
    let binary = try HannunBinary.url().path
    var variables = sandbox.baseEnvironment.merging(environment) { _, new in new }
    variables["TERM"] = "screen"
    let command =
      ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      + [binary] + arguments + ["--data", sandbox.dataPath]
    // The pane stays after hannun ends, so a crash is seen in the capture, not as a vanished
    // session.
    let shell =
      command.map(Tmux.quoted).joined(separator: " ") + "; echo \"[hannun exited $?]\"; sleep 60"
    try await run([
      "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", String(columns), "-y",
      String(rows), shell,
    ])
  }

  /// Starts `hannun` in a pane (see ``init(sandbox:environment:arguments:columns:rows:)``),
  /// gives the pane to `body`, and ends the server whatever happens.
  static func run(
    sandbox: Sandbox, environment: [String: String], arguments: [String],
    _ body: (Tmux) async throws -> Void
  ) async throws {
    let pane = try await Tmux(sandbox: sandbox, environment: environment, arguments: arguments)
    do {
      try await body(pane)
    } catch {
      await pane.close()
      throw error
    }
    await pane.close()
  }

  /// Types `text` literally (UTF-8 included).
  func type(_ text: String) async throws {
    try await run(["send-keys", "-t", target, "-l", text])
  }

  /// Presses keys by tmux's names: `Enter`, `Tab`, `NPage`, `BSpace`, `M-Left`.
  func send(keys: String...) async throws {
    try await run(["send-keys", "-t", target] + keys)
  }

  /// The pane's text, one line per row, trailing spaces removed.
  func capture() async throws -> String {
    try await run(["capture-pane", "-p", "-t", target])
  }

  /// Polls the pane until `condition` holds, and returns the screen that satisfied it.
  /// - Throws: After `timeout`, a failure naming `what` with the last screen.
  func waitFor(
    _ what: String, timeout: Duration = .seconds(15), _ condition: (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var screen = ""
    while clock.now < deadline {
      screen = try await capture()
      if condition(screen) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw E2EFailure("timed out waiting for \(what); the screen was:\n\(visible(screen))")
  }

  /// The process id of the REPL in the pane: the child of the pane's shell, `hannun` or the
  /// `hannun-repl` it became (same process, new name).
  func hannunProcess() async throws -> Int32 {
    let output = try await run(["display-message", "-p", "-t", target, "#{pane_pid}"])
    guard let shell = Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw E2EFailure("tmux gave no pane process: \(output)")
    }
    let processes = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap {
      Int32($0)
    }
    for process in processes {
      guard
        let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { continue }
      // After "pid (comm) ": the state, then the parent's id.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      if fields.count > 1, Int32(fields[1]) == shell,
        stat.contains("(hannun)") || stat.contains("(hannun-repl)")
      {
        return process
      }
    }
    throw E2EFailure("no hannun process under the pane's shell \(shell)")
  }

  /// Ends the server and everything in it.
  func close() async {
    _ = try? await run(["kill-server"])
  }

  /// Runs one tmux command and returns what it printed.
  ///
  /// Not with `Process`: the tmux server is forked from the first client and would keep the
  /// descriptor `Process` watches for the client's end (and those of other tests' processes)
  /// open. So the client is spawned with only standard input, output (a file) and error, and
  /// waited for with `waitpid`, which takes milliseconds.
  @discardableResult
  private func run(_ arguments: [String]) async throws -> String {
    let outputPath = socket + ".out"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner's threads block some signals; a tmux server (and the panes it starts) that
    // inherited that mask would ignore kill-server's hang-ups and outlive the test. It starts
    // with no signal blocked and every handler at its default.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Glibc)
      // glibc 2.34+; Glibc's module hides it behind _GNU_SOURCE, so it is looked up.
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        throw E2EFailure("this glibc has no posix_spawn_file_actions_addclosefrom_np")
      }
      typealias CloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    #else
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = ([executable, "-S", socket] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw E2EFailure("cannot start tmux: error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(), as: UTF8.self)
    // Exited normally with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw E2EFailure("tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
    }
    return text
  }

  /// `text` as one word for `sh`.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Today in Seoul (the sandbox's time zone), and what the calendar shows for it.
struct SeoulToday {
  let year: Int
  let monthNumber: Int
  let day: Int
  let daysInMonth: Int
  /// 1 (Sunday) … 7 (Saturday): the weekday of the 1st, as `--first-weekday` takes it.
  let weekdayOfFirst: Int

  init(now: Date = Date()) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .current
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    year = parts.year ?? 2025
    monthNumber = parts.month ?? 1
    day = parts.day ?? 1
    let first = calendar.date(from: DateComponents(year: year, month: monthNumber, day: 1)) ?? now
    daysInMonth = calendar.range(of: .day, in: .month, for: first)?.count ?? 28
    weekdayOfFirst = calendar.component(.weekday, from: first)
  }

  var iso: String { String(format: "%04d-%02d-%02d", year, monthNumber, day) }
  /// The 1st of the month, or the 2nd when today is the 1st.
  var otherDayOfMonth: String {
    String(format: "%04d-%02d-%02d", year, monthNumber, day == 1 ? 2 : 1)
  }
  var month: String { String(format: "%04d-%02d", year, monthNumber) }
  var nextMonth: String {
    monthNumber == 12
      ? String(format: "%04d-01", year + 1) : String(format: "%04d-%02d", year, monthNumber + 1)
  }
  var koreanTitle: String { "\(year)년 \(monthNumber)월" }
}
