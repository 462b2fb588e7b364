import Foundation
import StrataCommand

exit(Tool().run(Array(CommandLine.arguments.dropFirst())))
