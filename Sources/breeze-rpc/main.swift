import BreezeRPC
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// A client that closes our stdout must not kill us mid-write: EPIPE is handled as "client gone".
signal(SIGPIPE, SIG_IGN)

let status = await BreezeCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment)
exit(status)
