import Breeze
import JSONRPC

/// A Breeze method: a caseless enum with its wire name, its typed params and result, and its handler, which is
/// given the call's context (the service, the call's deadline and progress, how it arrived).
///
/// The catalog registers each through `CatalogMethod`, which adds the `timeoutMs` every method accepts, makes the
/// context and bounds the answer (see `Detail`).
public protocol BreezeMethod: SendableMetatype {
    associatedtype Params: Decodable & Sendable
    associatedtype Result: JSONWritable

    /// The wire name.
    static var name: String { get }
    /// The parameter names in their by-position order (see `RPCMethod.parameterNames`).
    static var parameterNames: [String] { get }
    /// Whether the method asks an upstream service (the MCP instructions name those that do not); true unless the
    /// method says otherwise.
    static var readsUpstream: Bool { get }
    /// The params that make the method's answer smaller, named when a bounded answer was cut (see `Detail`).
    static var narrowing: [String] { get }

    static func handle(_ params: Params, context: MethodContext) async throws -> Result
}

extension BreezeMethod {
    public static var readsUpstream: Bool { true }
    public static var narrowing: [String] { [] }
}

extension BreezeMethod where Params == NoParams {
    /// A method without params has no names.
    public static var parameterNames: [String] { [] }
}

extension BreezeMethod where Params: NamedParams {
    /// The names of `Params.CodingKeys`, in the order the cases are written, so each name is written once.
    public static var parameterNames: [String] { Params.CodingKeys.allCases.map(\.stringValue) }
}

/// What a Breeze method's handler is given: the service, this call of it, and how the call arrived.
public struct MethodContext: Sendable {
    /// The domain service.
    public let breeze: Breeze
    /// The domain's value for this call: its deadline (from `timeoutMs`, else `BREEZE_TIMEOUT`) and where its
    /// progress goes. Domain functions that call upstreams take it.
    public let call: Breeze.Call
    /// How the call arrived: a plain request, or an MCP tool call.
    public let surface: RPCCall.Surface

    public init(breeze: Breeze, call: Breeze.Call, surface: RPCCall.Surface = .plain) {
        self.breeze = breeze
        self.call = call
        self.surface = surface
    }

    /// The `detail` asked for, or the default of the surface the call came through: `standard` for an MCP tool
    /// call, `full` otherwise (see `Detail`).
    /// - Throws: `BreezeError.invalidParameter` naming `detail` and listing the choices.
    public func detail(_ asked: String?) throws(BreezeError) -> Detail {
        guard let asked else { return Detail.implicit(for: surface) }
        return try Detail(parameter: asked, field: "detail")
    }
}

/// A Breeze method as the router registers it: the method's params plus `timeoutMs`, the call's context, and the
/// answer bounded unless its detail is `full`.
///
/// Implemented once, here, instead of in each method. Its params decode the method's own params and `timeoutMs`
/// from the same object (the method's decoder ignores the extra key); the handler runs within the call's time
/// budget, `timeoutMs` or `BREEZE_TIMEOUT` (`configuration.timeoutSeconds`), on a monotonic clock. Progress the
/// method reports goes to the client as notifications when the request carried a progress token.
public enum CatalogMethod<M: BreezeMethod>: RPCMethod {
    public static var name: String { M.name }
    public static var parameterNames: [String] { M.parameterNames + TimeoutParam.names }

    public struct Params: Decodable, Sendable {
        public var inner: M.Params
        /// The call's time budget in milliseconds, when the caller gave one.
        public var timeoutMs: Int?

        public init(from decoder: any Decoder) throws {
            // `timeoutMs` first, so a bad value is reported as such even when the method's own params are wrong.
            timeoutMs = try TimeoutParam.decode(from: decoder)
            inner = try M.Params(from: decoder)
        }
    }

    public static func handle(_ params: Params, context breeze: Breeze, call: RPCCall) async throws -> M.Result {
        let progress = call.progress.map { reporter in
            CallProgress { completed, total in
                reporter.report(completed, total: total, message: "\(completed) of \(total) done")
            }
        }
        let context = MethodContext(
            breeze: breeze, call: breeze.call(timeoutMilliseconds: params.timeoutMs, progress: progress),
            surface: call.surface)
        return try await M.handle(params.inner, context: context)
    }

    /// Every answer but a `full` one is kept within `ResultBudget.maxBytes` (see `Detail`).
    public static func replyBound(for result: M.Result, call: RPCCall) -> ReplyBound? {
        let detail = (result as? any DetailChosen)?.detail ?? Detail.implicit(for: call.surface)
        guard detail != .full else { return nil }
        return ResultBudget.bound(listMember: ResultBudget.listMember(M.name), narrow: M.narrowing)
    }
}
