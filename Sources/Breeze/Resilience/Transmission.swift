/// What the sending layer tells the shared call it runs in: its request is on the wire, then its answer is in.
///
/// The upstream counts a request in flight until it has answered it, whoever still waits. A shared call that
/// every caller left while its request was on the wire is therefore not cancelled: it runs to its answer (bounded
/// by the attempt's own timeout), keeps its slots until then, and the answer is stored for the next caller. Put on
/// each shared call's request (`HTTPRequest.transmission`) by `CoalescingHTTPClient`; `LimitingHTTPClient` reports
/// through it while it holds slots.
public struct Transmission: Sendable {
    let began: @Sendable () -> Void
    let ended: @Sendable () -> Void
}
