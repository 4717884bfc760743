import Foundation
import HannunApp

// The executable is only this: everything it does lives in HannunApp, tested in process.
exit(await HannunMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
