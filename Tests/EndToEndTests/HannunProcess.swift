import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Locating the binary

/// The built `hannun` executable, found next to the test bundle in the build products directory.
enum HannunBinary {
  /// Why the binary could not be found, or its location.
  static let location: Result<URL, LocateError> = locate()

  struct LocateError: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
      "the hannun executable was not found next to the test bundle; looked in:\n  "
        + searched.joined(separator: "\n  ")
        + "\nBuild it first (swift build) or set HANNUN_E2E_BINARY to its path."
    }
  }

  /// The binary, or a test failure that says where it was looked for.
  static func url() throws -> URL {
    try location.get()
  }

  private static func locate() -> Result<URL, LocateError> {
    let files = FileManager.default
    if let override = ProcessInfo.processInfo.environment["HANNUN_E2E_BINARY"], !override.isEmpty {
      return files.isExecutableFile(atPath: override)
        ? .success(URL(fileURLWithPath: override))
        : .failure(LocateError(searched: [override + " (HANNUN_E2E_BINARY)"]))
    }
    // The test runner is `<products>/HannunPackageTests.xctest` on Linux and
    // `<products>/HannunPackageTests.xctest/Contents/MacOS/HannunPackageTests` on macOS; either
    // way `hannun` sits a few levels up, in `<products>`.
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0])]
    starts += [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap { $0 }
    starts += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map(\.bundleURL)
    var searched: [String] = []
    for start in starts {
      var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent("hannun")
        if !searched.contains(candidate.path) { searched.append(candidate.path) }
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, files.isExecutableFile(atPath: candidate.path)
        {
          return .success(candidate)
        }
        directory = directory.deletingLastPathComponent()
      }
    }
    return .failure(LocateError(searched: searched))
  }
}

// MARK: - One run

/// What one run of `hannun` produced.
struct RunResult: Sendable, CustomStringConvertible {
  let arguments: [String]
  let status: Int32
  let stdout: Data
  let stderr: Data

  /// Standard output as text.
  var out: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error as text.
  var err: String { String(decoding: stderr, as: UTF8.self) }

  /// Whether either stream holds the escape byte, 0x1B.
  var stdoutHasESC: Bool { stdout.contains(0x1B) }
  var stderrHasESC: Bool { stderr.contains(0x1B) }

  /// The run for a failure message, with control characters (other than line feeds) shown as
  /// `\u{1B}` so that a failing test cannot drive the terminal it reports to.
  var description: String {
    let command = visible(arguments.joined(separator: " "))
    return
      "hannun \(command) → exit \(status)\n--- stdout:\n\(visible(out))--- stderr:\n\(visible(err))"
  }

  /// Standard output parsed as one JSON object.
  func object() throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: stdout)
    guard let object = value as? [String: Any] else {
      throw E2EFailure("stdout is not a JSON object: \(out)")
    }
    return object
  }

  /// Standard output without its final newline: the id `add`, `edit` and `delete` print.
  var line: String {
    out.hasSuffix("\n") ? String(out.dropLast()) : out
  }
}

/// A failure of the test scaffolding, with a message.
struct E2EFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

// MARK: - A sandbox per test

/// A fresh temporary directory for one test: a home, a data directory (not created until
/// `hannun` writes to it) and a controlled environment, removed when the test ends.
struct Sandbox: Sendable {
  let root: URL
  let home: URL
  /// `<root>/data`: passed as `--data` on every run unless a run says otherwise.
  let data: URL

  var dataPath: String { data.path }

  /// The environment every run starts from: nothing inherited from the machine, so the user's
  /// locale, colour settings and data directory cannot leak in.
  var baseEnvironment: [String: String] {
    [
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "HOME": home.path,
      "XDG_DATA_HOME": root.appendingPathComponent("xdg-data").path,
      "XDG_STATE_HOME": root.appendingPathComponent("xdg-state").path,
      "LANG": "en_US.UTF-8",
      "TZ": "Asia/Seoul",
      "TMPDIR": temporary.path,
    ]
  }

  /// The commands' temporary folder (`TMPDIR`): what they leave there is seen.
  var temporary: URL { root.appendingPathComponent("tmp", isDirectory: true) }

  fileprivate init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-e2e-\(UUID().uuidString)", isDirectory: true)
    home = root.appendingPathComponent("home", isDirectory: true)
    data = root.appendingPathComponent("data", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("tmp", isDirectory: true), withIntermediateDirectories: true)
  }

  /// Runs `hannun` with `arguments` followed by `--data <data>`.
  /// - Parameters:
  ///   - stdin: Text for standard input; without it standard input is empty (`/dev/null`).
  ///   - environment: Variables to set (or, with an empty value, to set empty) on top of
  ///     ``baseEnvironment``.
  ///   - unset: Variables to remove from the environment.
  ///   - passData: Whether to append `--data <data>`.
  func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    unset: [String] = [], passData: Bool = true, onTerminal: Bool = false
  ) async throws -> RunResult {
    var variables = baseEnvironment.merging(environment) { _, new in new }
    for name in unset { variables[name] = nil }
    let all = passData ? arguments + ["--data", dataPath] : arguments
    return try await HannunRunner.run(
      all, stdin: stdin, environment: variables, workDirectory: root, onTerminal: onTerminal)
  }

  /// Runs `hannun` and requires exit status 0 and an empty standard error.
  func succeed(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    let result = try await run(arguments, stdin: stdin, environment: environment)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    // The write that creates a ledger says which currency it keeps, and nothing else is said.
    let notice = result.err.hasPrefix("Started a new ledger in ") || result.err.hasPrefix("새 가계부를")
    #expect(
      result.err.isEmpty || (notice && result.err.filter { $0 == "\n" }.count == 1), "\(result)",
      sourceLocation: sourceLocation)
    guard result.status == 0 else { throw E2EFailure("hannun failed: \(result)") }
    return result
  }

  /// Adds an entry with `add … --data` and returns its id.
  func add(
    _ kind: String, _ amount: String, category: String = "food", memo: String? = nil,
    date: String, currency: String? = "KRW", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    var arguments = ["add", "--\(kind)", amount, "--category", category, "--date", date]
    if let memo { arguments += ["--memo", memo] }
    if let currency { arguments += ["--currency", currency] }
    let result = try await succeed(arguments, sourceLocation: sourceLocation)
    return result.line
  }

  /// `day DATE --json` parsed.
  func day(_ date: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> [String: Any]
  {
    try await succeed(["day", date, "--json"], sourceLocation: sourceLocation).object()
  }

  /// `month MONTH --json` parsed.
  func month(_ month: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> [String: Any]
  {
    try await succeed(["month", month, "--json"], sourceLocation: sourceLocation).object()
  }

  /// Every path under the data directory with its type, mode and bytes.
  func snapshot() throws -> DirectorySnapshot {
    try DirectorySnapshot(of: data)
  }

  /// `<data>/ledger/2025/2025-11.json` and the like.
  func monthFile(_ month: String) -> URL {
    data.appendingPathComponent("ledger").appendingPathComponent(String(month.prefix(4)))
      .appendingPathComponent(month + ".json")
  }
}

/// Gives `body` a fresh ``Sandbox`` and removes it afterwards, whatever happens.
func withSandbox(_ body: (Sandbox) async throws -> Void) async throws {
  let sandbox = try Sandbox()
  defer { try? FileManager.default.removeItem(at: sandbox.root) }
  try await body(sandbox)
}

// MARK: - Snapshots

/// The paths under a directory with each one's type, permission bits and (for files) bytes.
struct DirectorySnapshot: Equatable, CustomStringConvertible {
  enum Entry: Equatable {
    case directory(mode: UInt16)
    case file(mode: UInt16, bytes: Data)
    case other(mode: UInt16)
  }

  /// Relative path → entry; empty when the directory does not exist.
  let entries: [String: Entry]
  /// Whether the directory itself exists.
  let exists: Bool

  init(of directory: URL) throws {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    guard files.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
      entries = [:]
      exists = false
      return
    }
    exists = true
    var entries: [String: Entry] = [".": .directory(mode: try Self.mode(directory.path) & 0o7777)]
    for relative in try files.subpathsOfDirectory(atPath: directory.path) {
      let path = directory.appendingPathComponent(relative).path
      let mode = try Self.mode(path)
      switch mode & UInt16(S_IFMT) {
      case UInt16(S_IFDIR): entries[relative] = .directory(mode: mode & 0o7777)
      case UInt16(S_IFREG):
        entries[relative] = .file(
          mode: mode & 0o7777, bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
      default: entries[relative] = .other(mode: mode)
      }
    }
    self.entries = entries
  }

  private init(entries: [String: Entry], exists: Bool) {
    self.entries = entries
    self.exists = exists
  }

  /// The snapshot without what a read that records the index it had to build leaves: that
  /// index (`ledger/index/`, derived data), the `ledger/pending/` folder its commit staged in,
  /// and the `ledger/lock-holder` record of the writers' lock it took. Equal for the data
  /// directory before and after a read: the ledger itself was not changed.
  var withoutIndex: DirectorySnapshot {
    DirectorySnapshot(
      entries: entries.filter { path, _ in
        !(path.hasPrefix("ledger/index") || path.hasPrefix("ledger/pending")
          || path == "ledger/lock-holder")
      }, exists: exists)
  }

  /// `st_mode` of a path, without following a final symbolic link.
  static func mode(_ path: String) throws -> UInt16 {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw E2EFailure("cannot lstat \(path)") }
    return UInt16(truncatingIfNeeded: info.st_mode)
  }

  var description: String {
    guard exists else { return "(does not exist)" }
    return entries.keys.sorted().map { path in
      switch entries[path]! {
      case .directory(let mode): "\(path)/ \(String(mode, radix: 8))"
      case .file(let mode, let bytes): "\(path) \(String(mode, radix: 8)) \(bytes.count) bytes"
      case .other(let mode): "\(path) st_mode \(String(mode, radix: 8))"
      }
    }.joined(separator: "\n")
  }
}

/// `text` with every control character except the line feed written as `\u{XX}`.
func visible(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if scalar != "\n" && (scalar.properties.generalCategory == .control || scalar.value == 0x202E) {
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

// MARK: - JSON helpers

/// A JSON number as an exact decimal, or nil for anything else.
func decimal(_ value: Any?) -> Decimal? {
  guard let number = value as? NSNumber else { return nil }
  return Decimal(string: number.stringValue)
}

/// `value[key]` as a list of objects.
func objects(_ value: Any?) -> [[String: Any]] {
  (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
}

/// Whether `text` matches the regular expression `pattern` in full.
func matches(_ text: String, _ pattern: String) -> Bool {
  text.range(of: "^(?:" + pattern + ")$", options: .regularExpression) != nil
}

// MARK: - Processes

/// Starts the binary with Foundation.Process, standard output and error captured separately.
enum HannunRunner {
  /// The longest a single run may take before it is killed and the test fails.
  static let timeout: Duration = .seconds(30)

  static func run(
    _ arguments: [String], stdin: String?, environment: [String: String], workDirectory: URL,
    onTerminal: Bool
  ) async throws -> RunResult {
    let binary = try HannunBinary.url()
    // Output goes to files rather than pipes, so a chatty run can never fill a pipe and stall.
    let io = workDirectory.appendingPathComponent("io-\(UUID().uuidString)", isDirectory: true)
    let files = FileManager.default
    try files.createDirectory(at: io, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: io) }
    let outURL = io.appendingPathComponent("stdout")
    let errURL = io.appendingPathComponent("stderr")
    let inURL = io.appendingPathComponent("stdin")
    for url in [outURL, errURL] { _ = files.createFile(atPath: url.path, contents: nil) }

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = workDirectory
    if let stdin {
      _ = files.createFile(atPath: inURL.path, contents: Data(stdin.utf8))
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardError = errHandle
    var terminal: PseudoTerminal?
    let outHandle: FileHandle
    if onTerminal {
      let pty = try PseudoTerminal()
      terminal = pty
      outHandle = pty.secondary
    } else {
      outHandle = try FileHandle(forWritingTo: outURL)
    }
    process.standardOutput = outHandle

    let status = try await wait(for: process) {
      // Our copies of the child's ends must close, or a terminal never reports end of output.
      try? outHandle.close()
      try? errHandle.close()
    }
    let stdout = try terminal?.drain() ?? Data(contentsOf: outURL)
    let stderr = try Data(contentsOf: errURL)
    return RunResult(arguments: arguments, status: status, stdout: stdout, stderr: stderr)
  }

  /// Runs `process`, calls `started` once it runs, and returns its exit status; kills it after
  /// ``timeout``.
  private static func wait(for process: Process, started: () -> Void) async throws -> Int32 {
    let exited = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { finished in
      exited.continuation.yield(finished.terminationStatus)
      exited.continuation.finish()
    }
    try process.run()
    started()
    let pid = process.processIdentifier
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      kill(pid, SIGKILL)
    }
    defer { watchdog.cancel() }
    // Bounded even if the exit is never reported: a test must fail, never hang the run.
    guard let status = await firstElement(of: exited.stream, within: timeout + .seconds(15))
    else { throw E2EFailure("hannun \(process.arguments ?? []) never reported its exit") }
    if process.terminationReason == .uncaughtSignal {
      throw E2EFailure(
        "hannun \(process.arguments ?? []) was killed by signal \(status) (timeout \(timeout)?)")
    }
    return status
  }
}

/// The first element of `stream`, or nil when the stream ends without one or `limit` passes
/// first.
func firstElement<Element: Sendable>(
  of stream: AsyncStream<Element>, within limit: Duration
) async -> Element? {
  await withTaskGroup(of: Element?.self) { group in
    group.addTask {
      var iterator = stream.makeAsyncIterator()
      return await iterator.next()
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// A pseudo-terminal whose secondary end becomes a child's standard output, so the child sees a
/// terminal (`isatty`) while the test reads what it wrote from the primary end.
final class PseudoTerminal {
  let primary: Int32
  let secondary: FileHandle
  private let readerBox = ReaderBox()

  init() throws {
    let primary = PTY.openPrimary(O_RDWR | O_NOCTTY)
    guard primary >= 0, PTY.grant(primary) == 0, PTY.unlock(primary) == 0,
      let name = PTY.name(primary)
    else { throw E2EFailure("cannot open a pseudo-terminal") }
    let secondaryFD = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard secondaryFD >= 0 else { throw E2EFailure("cannot open the pseudo-terminal's other end") }
    self.primary = primary
    self.secondary = FileHandle(fileDescriptor: secondaryFD, closeOnDealloc: true)
    let box = readerBox
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(primary, &buffer, buffer.count)
        if count > 0 {
          box.append(buffer[0..<count])
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          break  // EIO once every writer has closed and the output is drained
        }
      }
      box.finish()
    }
    reader.start()
  }

  /// Everything written until the child (and we) closed the secondary end.
  func drain() throws -> Data {
    guard readerBox.wait(seconds: 10) else { throw E2EFailure("the terminal output never ended") }
    close(primary)
    return readerBox.data
  }

  /// Bytes collected by the reading thread.
  private final class ReaderBox: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private let finished = DispatchSemaphore(value: 0)

    func append(_ slice: ArraySlice<UInt8>) {
      lock.lock()
      bytes.append(contentsOf: slice)
      lock.unlock()
    }

    func finish() { finished.signal() }

    func wait(seconds: Int) -> Bool {
      finished.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    var data: Data {
      lock.lock()
      defer { lock.unlock() }
      return bytes
    }
  }
}

/// The pseudo-terminal functions. Glibc's module hides them behind `_XOPEN_SOURCE`, so on Linux
/// they are looked up at run time.
private enum PTY {
  #if canImport(Glibc)
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
      guard let address = dlsym(nil, name) else { fatalError("\(name) is not available") }
      return unsafeBitCast(address, to: type)
    }

    static func openPrimary(_ flags: Int32) -> Int32 {
      symbol("posix_openpt", as: IntFunction.self)(flags)
    }
    static func grant(_ fd: Int32) -> Int32 { symbol("grantpt", as: IntFunction.self)(fd) }
    static func unlock(_ fd: Int32) -> Int32 { symbol("unlockpt", as: IntFunction.self)(fd) }
    static func name(_ fd: Int32) -> UnsafeMutablePointer<CChar>? {
      symbol("ptsname", as: NameFunction.self)(fd)
    }
  #else
    static func openPrimary(_ flags: Int32) -> Int32 { posix_openpt(flags) }
    static func grant(_ fd: Int32) -> Int32 { grantpt(fd) }
    static func unlock(_ fd: Int32) -> Int32 { unlockpt(fd) }
    static func name(_ fd: Int32) -> UnsafeMutablePointer<CChar>? { ptsname(fd) }
  #endif
}
