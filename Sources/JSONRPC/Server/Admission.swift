import Synchronization

/// One slot of the in-flight limit, held by a running call; giving it back twice gives it back once.
///
/// One is made per message, so it is a single allocation: an atomic flag rather than a lock.
final class Credit: Sendable {
    private let reader: InputReader
    private let held = Atomic(true)

    init(_ reader: InputReader) {
        self.reader = reader
    }

    func release() {
        if held.exchange(false, ordering: .acquiringAndReleasing) { reader.releaseCredit() }
    }
}

/// Whether the calls of a message may run, and on which credit.
enum Admission: Sendable {
    /// No limit: a message handed to the server directly, not read from its input.
    case unlimited
    /// Runs on `credit`; more credits for batch members come from `reader`. A cancellation holds none.
    case limited(InputReader, Credit?)
    /// The server is shutting down: answered without running.
    case refused

    var isRefused: Bool {
        if case .refused = self { true } else { false }
    }

    /// The admission of a batch member: the first runs on the message's own credit, each later one waits for a
    /// credit of its own.
    func forMember(first: Bool) async -> Admission {
        guard case .limited(let reader, _) = self, !first else { return self }
        return await reader.acquireCredit() ? .limited(reader, Credit(reader)) : .refused
    }

    /// Gives back the credit, if one is held.
    func release() {
        if case .limited(_, let credit?) = self { credit.release() }
    }
}
