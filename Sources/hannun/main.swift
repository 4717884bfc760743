@_spi(REPL) import HannunApp

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

// The executable is only this: everything it does lives in HannunApp, tested in process. The
// REPL, which needs GNU readline, runs in `hannun-repl`: a command line that can only mean the
// REPL goes there before any parsing, so that no one-shot command loads readline.
let arguments = Array(CommandLine.arguments.dropFirst())
REPLLauncher.execIfRequested(by: arguments)
exit(await HannunMain.run(arguments: arguments))
