import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the one-shot commands' executable carries: every library it loads and every type it
/// links is paid for by each `hannun month`, so the web server's stay in `hannun-serve`, which
/// `hannun serve` execs.
@Suite("hannun's executable carries only what its one-shot commands need")
struct StartupFootprintTests {
  /// Names of the web server's code: Hummingbird, NIO's event loops, HannunWeb, libqrencode.
  static let serverNames = ["libqrencode.so", "11Hummingbird", "8NIOPosix", "9HannunWeb"]

  @Test("the web server, its event loops and libqrencode live in hannun-serve, not in hannun")
  func webServerApart() throws {
    let hannun = try HannunBinary.url()
    let bytes = try Data(contentsOf: hannun, options: .alwaysMapped)
    for name in Self.serverNames {
      #expect(bytes.range(of: Data(name.utf8)) == nil, "hannun links \(name)")
    }
    let serve = hannun.deletingLastPathComponent().appending(path: "hannun-serve")
    let served = try Data(contentsOf: serve, options: .alwaysMapped)
    for name in Self.serverNames {
      #expect(served.range(of: Data(name.utf8)) != nil, "hannun-serve holds \(name)")
    }
  }

  #if os(Linux)
    @Test("hannun --version loads no library of the web server's")
    func versionLoadsNoServer() throws {
      let hannun = try HannunBinary.url()
      // The dynamic loader's list of what `hannun --version` would load (what ldd prints).
      let loaded = try Self.run(
        hannun, ["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
      #expect(loaded.status == 0, "\(loaded)")
      #expect(loaded.out.contains("libswiftCore"), "\(loaded)")
      for name in ["qrencode", "NIO", "Hummingbird", "HannunWeb"] {
        #expect(!loaded.out.contains(name), "hannun --version loads \(name): \(loaded.out)")
      }
    }
  #endif

  /// The one-shot reads, each as a command line on its own.
  static let reads: [[String]] = [
    ["month", "2025-10"], ["week", "2025-10-15"], ["day", "2025-10-15"], ["report"],
    ["year", "2025"], ["budget"], ["due"], ["categories"],
  ]

  #if os(Linux)
    @Test("no one-shot read loads GNU readline or libtinfo: only hannun-repl, the REPL's, does")
    func readsLoadNoReadline() throws {
      let hannun = try HannunBinary.url()
      let folder = Self.temporaryFolder("libs")
      defer { try? FileManager.default.removeItem(at: folder) }
      let data = folder.path(percentEncoded: false)
      // The dynamic loader says every library it starts, dlopen'ed ones included.
      let traced = ["LD_DEBUG": "libs"]
      for read in Self.reads {
        for output in [["--json"], []] {
          let ran = try Self.run(hannun, read + output + ["--data", data], environment: traced)
          #expect(ran.status == 0, "\(read): \(ran)")
          #expect(ran.err.contains("calling init"), "the loader's trace is there: \(ran.err)")
          for library in ["libreadline", "libtinfo"] {
            #expect(!ran.err.contains(library), "hannun \(read + output) loads \(library)")
          }
        }
      }
      // The REPL does load readline: in hannun-repl, which hannun becomes.
      let repl = try Self.run(hannun, ["--data", data], environment: traced)
      #expect(repl.status == 0, "\(repl)")
      #expect(repl.err.contains("libreadline"), "the REPL loads readline: \(repl.err)")
    }
  #endif

  #if os(Linux)
    /// Corelibs Foundation, its internationalization and ICU: libraries whose loading and
    /// relocations cost a Swift + Foundation hello about twice the start-up of one importing
    /// FoundationEssentials alone.
    static let foundationLibraries = [
      "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]

    /// The libraries a run of `hannun` starts, by the dynamic loader's own trace (`LD_DEBUG=libs`
    /// says every library it initialises, those opened later with `dlopen` included).
    static func librariesStarted(_ arguments: [String], environment: [String: String]) throws
      -> (ran: Ran, libraries: [String])
    {
      let hannun = try HannunBinary.url()
      let ran = try run(
        hannun, arguments,
        environment: environment.merging(["LD_DEBUG": "libs"]) {
          _, new in new
        })
      let libraries = ran.err.split(separator: "\n").compactMap { line -> String? in
        guard let range = line.range(of: "calling init: ") else { return nil }
        return line[range.upperBound...].split(separator: "/").last.map(String.init)
      }
      return (ran, libraries)
    }

    @Test("reads, --version and --help load FoundationEssentials only: no Foundation, no ICU")
    func readsLoadEssentialsOnly() throws {
      let folder = Self.temporaryFolder("essentials")
      defer { try? FileManager.default.removeItem(at: folder) }
      let data = folder.path(percentEncoded: false)
      let korean = ["TZ": "Asia/Seoul", "LANG": "ko_KR.UTF-8"]
      let added = try Self.run(
        try HannunBinary.url(),
        ["add", "--expense", "4500", "--category", "식비", "--date", "2025-10-15", "--data", data],
        environment: korean)
      #expect(added.status == 0, "\(added)")
      var commands: [[String]] = [["--version"], ["--help"], ["month", "--help"]]
      for read in Self.reads {
        commands += [read + ["--json"], read, read + ["--locale", "en"]]
      }
      for command in commands {
        let (ran, libraries) = try Self.librariesStarted(
          command + ["--data", data], environment: korean)
        #expect(ran.status == 0, "\(command): \(ran.status) \(ran.out)")
        #expect(libraries.contains("libFoundationEssentials.so"), "\(command): \(libraries)")
        let loaded = libraries.filter(Self.foundationLibraries.contains)
        #expect(loaded.isEmpty, "hannun \(command) loads \(loaded)")
      }
    }
  #endif

  @Test(
    "a first write's new ledger takes the currency of the locale's region, as ICU says it",
    arguments: [
      ("ko_KR.UTF-8", "KRW"), ("en_US.UTF-8", "USD"), ("ja_JP.UTF-8", "JPY"), ("en_GB", "GBP"),
      ("ko", "KRW"), ("C", "USD"), ("de_DE.UTF-8", "EUR"),
    ])
  func newLedgerCurrency(locale: String, currency: String) throws {
    let hannun = try HannunBinary.url()
    let folder = Self.temporaryFolder("currency")
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.path(percentEncoded: false)
    let environment = ["TZ": "Asia/Seoul", "LANG": locale]
    let added = try Self.run(
      hannun,
      ["add", "--expense", "45", "--category", "food", "--date", "2025-10-15", "--data", data],
      environment: environment)
    #expect(added.status == 0, "\(added)")
    let meta = try String(
      contentsOf: folder.appending(path: "ledger/meta.json"), encoding: .utf8)
    #expect(meta.contains("\"\(currency)\""), "\(locale): \(meta)")
  }

  @Test("without hannun-repl beside it, hannun's REPL says so in the user's language, exit 1")
  func replMissing() throws {
    let (folder, alone) = try Self.hannunAlone()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "data").path(percentEncoded: false)
    let missing = folder.appending(path: "hannun-repl").path(percentEncoded: false)
    // Both ways to the REPL: a command line that can only mean it, and one parsed first.
    for arguments in [[], ["repl", "--first-weekday", "-1"]] {
      let english = try Self.run(alone, arguments + ["--data", data, "--locale", "en"])
      #expect(english.status == 1, "\(english)")
      #expect(
        english.err.hasPrefix(
          "hannun: hannun's interactive calendar runs in hannun-repl, beside hannun: cannot run"),
        "\(english)")
      #expect(english.err.contains(missing), "\(english)")
      #expect(english.err.filter { $0 == "\n" }.count == 1, "\(english)")
    }
    let korean = try Self.run(alone, ["--data", data, "--locale", "ko"])
    #expect(korean.status == 1, "\(korean)")
    #expect(
      korean.err.hasPrefix("hannun: hannun 의 대화형 달력은 hannun 옆의 hannun-repl 로 돕니다"),
      "\(korean)")
    #expect(!FileManager.default.fileExists(atPath: data), "nothing was written")
  }

  /// Whether strace is installed (CI installs it for the crash tests).
  static let hasStrace = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")

  @Test(
    "--version and a usage error read no time zone and no ICU data: only a ledger needs them",
    .enabled(if: hasStrace))
  func noZoneSetUp() throws {
    for arguments in [["--version"], ["frobnicate", "--locale", "ko"]] {
      let (ran, calls) = try Self.fileCalls(arguments)
      #expect(ran.status == (arguments == ["--version"] ? 0 : 2), "\(ran)")
      for read in ["/etc/localtime", "zoneinfo", "icudt"] {
        let reads = calls.contains(read)
        #expect(!reads, "hannun \(arguments) reads \(read)")
      }
    }
  }

  @Test(
    "a read of an existing ledger sets up none of ICU's time zone, calendar or locale data",
    .enabled(if: hasStrace))
  func readsWithoutICU() throws {
    let hannun = try HannunBinary.url()
    let folder = Self.temporaryFolder("icu")
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.path(percentEncoded: false)
    let zone = ["TZ": "Asia/Seoul", "LANG": "ko_KR.UTF-8"]
    let added = try Self.run(
      hannun,
      ["add", "--expense", "4500", "--category", "식비", "--date", "2025-10-15", "--data", data],
      environment: zone)
    #expect(added.status == 0, "\(added)")
    for read in Self.reads {
      for output in [["--json"], []] {
        let (ran, calls) = try Self.fileCalls(read + output + ["--data", data], environment: zone)
        #expect(ran.status == 0, "\(read + output): \(ran)")
        // ICU looks for each of its data files on disk first, by name, under `icudt`.
        let looked = calls.split(separator: "\n").filter { $0.contains("icudt") }
        #expect(looked.isEmpty, "hannun \(read + output) sets up ICU: \(looked)")
      }
    }
  }

  @Test(
    "today is the day it is in TZ, on either side of the date line",
    arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Seoul", "UTC"])
  func todayInTheSystemZone(zone: String) throws {
    let hannun = try HannunBinary.url()
    let folder = Self.temporaryFolder("today")
    defer { try? FileManager.default.removeItem(at: folder) }
    let timeZone = try #require(TimeZone(identifier: zone))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let day = { (date: Date) in
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(
        format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
    let before = day(Date())
    let ran = try Self.run(
      hannun, ["day", "--json", "--data", folder.path(percentEncoded: false)],
      environment: ["TZ": zone])
    let after = day(Date())
    #expect(ran.status == 0, "\(ran)")
    // Midnight may pass during the run: the day is the one before or the one after it.
    #expect(
      ran.out.hasPrefix("{\"date\":\"\(before)\"") || ran.out.hasPrefix("{\"date\":\"\(after)\""),
      "\(zone): \(before) or \(after), \(ran)")
  }

  @Test("without hannun-serve beside it, hannun serve says so in the user's language, exit 1")
  func serverMissing() throws {
    let (folder, alone) = try Self.hannunAlone()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "data").path(percentEncoded: false)
    let missing = folder.appending(path: "hannun-serve").path(percentEncoded: false)
    let english = try Self.run(alone, ["serve", "--data", data, "--locale", "en"])
    #expect(english.status == 1, "\(english)")
    #expect(
      english.err.hasPrefix("hannun: hannun serve runs hannun-serve, beside hannun: cannot run"),
      "\(english)")
    #expect(english.err.contains(missing), "\(english)")
    #expect(english.err.filter { $0 == "\n" }.count == 1, "\(english)")
    let korean = try Self.run(alone, ["serve", "--data", data, "--locale", "ko"])
    #expect(korean.status == 1, "\(korean)")
    #expect(
      korean.err.hasPrefix("hannun: hannun serve 는 hannun 옆의 hannun-serve 로 돕니다"), "\(korean)")
    #expect(!FileManager.default.fileExists(atPath: data), "nothing was written")
  }

  @Test("hannun serve with a bad --listen is refused by hannun-serve as before: exit 2, one line")
  func refusedThroughExec() throws {
    let hannun = try HannunBinary.url()
    let run = try Self.run(hannun, ["serve", "--listen", "8080", "--locale", "ko"])
    #expect(run.status == 2, "\(run)")
    #expect(run.err.hasPrefix("hannun: --listen '8080'은(는) 주소가 아닙니다"), "\(run)")
  }

  /// A folder in the temporary directory, not yet created, with a name unique to this run; the
  /// caller removes it.
  static func temporaryFolder(_ purpose: String) -> URL {
    FileManager.default.temporaryDirectory
      .appending(path: "hannun-\(purpose)-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  /// `hannun` alone in a new temporary folder, without `hannun-repl` or `hannun-serve` beside
  /// it: a hard link when the build folder is on the same file system, else a copy. Returns the
  /// folder (the caller removes it) and the executable.
  static func hannunAlone() throws -> (folder: URL, hannun: URL) {
    let hannun = try HannunBinary.url()
    let folder = temporaryFolder("alone")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let alone = folder.appending(path: "hannun")
    if link(hannun.path(percentEncoded: false), alone.path(percentEncoded: false)) != 0 {
      try FileManager.default.copyItem(at: hannun, to: alone)
    }
    return (folder, alone)
  }

  /// Runs `hannun arguments` under strace, which writes every call that names a file (and
  /// `readlink`) to a log; returns the run and the log.
  static func fileCalls(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (ran: Ran, calls: String)
  {
    let hannun = try HannunBinary.url()
    let log = FileManager.default.temporaryDirectory
      .appending(path: "hannun-strace-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let ran = try run(
      URL(fileURLWithPath: "/usr/bin/strace"),
      [
        "-f", "-e", "trace=%file,readlink", "-o", log.path(percentEncoded: false),
        hannun.path(percentEncoded: false),
      ] + arguments,
      environment: environment)
    let calls = try String(contentsOf: log, encoding: .utf8)
    #expect(calls.contains("execve"), "strace wrote its log: \(calls)")
    return (ran, calls)
  }

  /// What a short run printed.
  struct Ran: CustomStringConvertible {
    let status: Int32
    let out: String
    let err: String
    var description: String { "exit \(status)\n--- stdout:\n\(out)--- stderr:\n\(err)" }
  }

  /// Runs `binary` with a clean environment plus `environment`, standard input empty; for runs
  /// whose output is short (the pipes are read after the exit).
  static func run(_ binary: URL, _ arguments: [String], environment: [String: String] = [:])
    throws -> Ran
  {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) {
      _, new in new
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Ran(
      status: process.terminationStatus,
      out: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      err: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }
}
