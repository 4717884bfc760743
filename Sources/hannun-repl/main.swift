import Foundation
@_spi(REPL) import HannunApp
import HannunLineEditor

// The REPL runs here: `hannun` execs this executable, beside it, with its own command line, so
// that GNU readline (and libtinfo) cost the one-shot commands nothing.
REPLLauncher.makeReader = {
  LineReaders.standard(
    historyFile: ReadlineLineReader.defaultHistoryFile(
      environment: ProcessInfo.processInfo.environment))
}
exit(await HannunMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
