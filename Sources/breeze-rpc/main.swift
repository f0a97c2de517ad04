import BreezeRPC
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

// SIGPIPE is the wire layer's business: its writers ignore it before their first write (a client that closes
// our stdout is "client gone", not a kill).
let status = await BreezeCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment)
exit(status)
