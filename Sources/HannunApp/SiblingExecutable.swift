import HannunDomain
import HannunPresentation
import HannunREPL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's other executables, which `hannun` becomes for what its one-shot commands do not
/// need: `hannun-serve` (the web server) and `hannun-repl` (the REPL, with GNU readline), so that
/// a `hannun month` loads neither.
enum SiblingExecutable {
  /// Replaces this process with the executable `name` beside this one (symbolic links followed),
  /// with `hannun` and `arguments` as its command line. Returns only when it cannot.
  /// - Returns: The path tried, and the system's reason when the file is there but did not run.
  static func exec(_ name: String, arguments: [String]) -> String {
    let path = besideThisExecutable(name)
    guard access(path, X_OK) == 0 else { return path }
    var argv = (["hannun"] + arguments).map { strdup($0) }
    argv.append(nil)
    fflush(nil)
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    for word in argv { free(word) }
    return path + ": " + reason
  }

  /// Where `name` sits: in this executable's folder.
  private static func besideThisExecutable(_ name: String) -> String {
    #if os(Linux)
      // The kernel's own link to this executable, symbolic links resolved: no Bundle to set up.
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      if length > 0 {
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let slash = path.lastIndex(of: "/") { return path[...slash] + name }
      }
      // Without /proc: the path this process was started by, when it names a folder.
      let started = CommandLine.arguments.first ?? ""
      guard started.utf8.contains(UInt8(ascii: "/")) else { return name }
      return URL(fileURLWithPath: started).resolvingSymlinksInPath().deletingLastPathComponent()
        .appending(path: name).path(percentEncoded: false)
    #else
      let beside = Bundle.main.executableURL?.resolvingSymlinksInPath()
        .deletingLastPathComponent()
      return beside?.appending(path: name).path(percentEncoded: false) ?? name
    #endif
  }
}

/// Where the REPL runs: in this process when the line editor is linked in (``makeReader`` is
/// set, as in `hannun-repl`), else in the `hannun-repl` executable beside this one, which this
/// process becomes, so that one-shot commands never load GNU readline.
@_spi(REPL) public enum REPLLauncher {
  /// The REPL's line reader (readline on a terminal, standard input otherwise), when this
  /// process links the line editor.
  @MainActor public static var makeReader: (@MainActor () -> any LineReader)?

  /// Whether `arguments` certainly run the REPL: no subcommand but `repl`, and nothing but the
  /// options the REPL takes (so no `--help`, `--version` or word the parser would refuse). Any
  /// other command line is parsed first; one that turns out to run the REPL execs then.
  public static func isRequested(by arguments: [String]) -> Bool {
    var index = 0
    var sawCommand = false
    while index < arguments.count {
      let argument = arguments[index]
      let name = String(argument.prefix { $0 != "=" })
      if argument == "repl", !sawCommand {
        sawCommand = true
      } else if CommandLineOrder.globalFlags.contains(argument) {
        // A flag: nothing follows it.
      } else if CommandLineOrder.optionsWithValue.contains(name) {
        if !FoundationText.contains("=", in: argument) {
          // The value must be there and must not look like an option.
          guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
            return false
          }
          index += 1
        }
      } else {
        return false
      }
      index += 1
    }
    return true
  }

  /// Becomes `hannun-repl` with `arguments` when this process has no line editor. Returns when
  /// it has one, or when `hannun-repl` could not be run: the parse that follows then runs the
  /// REPL here or says what is missing.
  @MainActor public static func execIfRequested(by arguments: [String]) {
    guard makeReader == nil, isRequested(by: arguments) else { return }
    _ = SiblingExecutable.exec("hannun-repl", arguments: arguments)
  }
}

/// `hannun` could not start its REPL.
enum REPLProblem: LocalizedMessage {
  /// `hannun-repl`, which runs the REPL, is not beside `hannun` (or cannot run).
  case missing(path: String)

  func text(in catalog: any MessageCatalog) -> String {
    switch self {
    case .missing(let path): catalog.language.commandLine.describe(.replMissing(path))
    }
  }
}
