import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Turns termination signals into a graceful shutdown of a server, for as long as this object lives.
///
/// The first signal calls `Server.shutDown(grace:)`: reading stops, calls that finish within the grace period
/// are answered with their results and the rest with -32800, every reply is written whole, and `run` returns.
/// A second signal cuts the grace period short. The signals are watched on a dispatch queue, never on the
/// cooperative pool, which a blocked output pipe may be holding.
// @unchecked: the dispatch sources are not Sendable; they are set once, in `init`, and only cancelled after.
public final class ShutdownSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let received = FirstSignal()

    /// The first signal received, if any.
    public var signal: Int32? { received.number.withLock { $0 } }

    public init(_ signals: [Int32], server: Server, grace: Duration, logger: Logger) {
        let received = self.received
        sources = signals.map { signalNumber in
            // The default action (terminate at once, mid-write) is replaced by the dispatch source's handler.
            _ = Glibc.signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let isFirst = received.number.withLock { first in
                    defer { first = first ?? signalNumber }
                    return first == nil
                }
                let name = String(cString: strsignal(signalNumber))
                if isFirst {
                    logger.info("\(name): no longer reading; answering the calls in flight, then exiting")
                    server.shutDown(grace: grace)
                } else {
                    logger.info("\(name) again: cancelling the calls in flight now")
                    server.shutDown(grace: .zero)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

/// The first signal received, shared by the signal handlers.
private final class FirstSignal: Sendable {
    let number = Mutex<Int32?>(nil)
}
