import Foundation
import HannunApp
import HannunServe

// `hannun serve` runs here: `hannun` execs this executable, beside it, with its own command
// line, so that the web server's libraries cost the one-shot commands nothing.
HannunServe.install()
exit(await HannunMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
