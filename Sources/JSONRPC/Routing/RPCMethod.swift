import FoundationEssentials

/// A JSON-RPC method: a caseless enum with its wire name, its typed params and result, and its handler.
///
/// ```swift
/// enum Subtract: RPCMethod {
///     static let name = "subtract"
///     static let parameterNames = ["minuend", "subtrahend"]
///     struct Params: Decodable, Sendable { var minuend: Double; var subtrahend: Double }
///     static func handle(_ params: Params, context: Calculator, call: RPCCall) async throws -> Double { … }
/// }
/// ```
public protocol RPCMethod: SendableMetatype {
    associatedtype Params: Decodable & Sendable
    /// The real result type, written into the reply once, by the router (see `Router.reply`).
    associatedtype Result: JSONWritable
    /// What the handler needs from its surroundings (services, configuration).
    associatedtype Context: Sendable

    /// The wire name.
    static var name: String { get }

    /// The parameter names in their by-position order. By-position params are matched to these names, and
    /// a by-name parameter not in this list is rejected, so a misspelt option is an error, not ignored.
    static var parameterNames: [String] { get }

    /// Answers one call; `call` says how it arrived and where its progress goes.
    static func handle(_ params: Params, context: Context, call: RPCCall) async throws -> Result

    /// The bound the reply to `result` keeps on `call`; nil (the default) writes the result whole.
    static func replyBound(for result: Result, call: RPCCall) -> ReplyBound?
}

extension RPCMethod {
    public static func replyBound(for result: Result, call: RPCCall) -> ReplyBound? { nil }
}

extension RPCMethod where Params == NoParams {
    /// A method without params has no names.
    public static var parameterNames: [String] { [] }
}

extension RPCMethod where Params: NamedParams {
    /// The names of `Params.CodingKeys`, in the order the cases are written, so each name is written once.
    public static var parameterNames: [String] { Params.CodingKeys.allCases.map(\.stringValue) }
}

/// Params whose coding keys, in declaration order, are the by-position parameter names.
public protocol NamedParams: Decodable, Sendable {
    associatedtype CodingKeys: CodingKey, CaseIterable
}

/// The params of a method that takes none. Decodes from `{}` or `[]`.
public struct NoParams: Decodable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}

/// An empty object, the result of methods that only acknowledge (`ping`).
public struct EmptyResult: JSONWritable, Equatable {
    public init() {}

    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.endObject()
    }
}

/// A result that is already JSON text, written as is (for example a document embedded at build time).
public struct RawJSON: JSONWritable {
    public let text: JSONText

    /// Validates `bytes` as JSON.
    public init(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        text = try JSONText(validating: bytes, maxDepth: 512)
    }

    public func write(to json: inout JSONWriter) {
        json.json(text)
    }
}

/// `ping`: answers `{}` at once, whatever else is in flight. Clients use it to check the server is alive.
public enum Ping: RPCMethod {
    public static let name = "ping"
    public static func handle(_ params: NoParams, context: Void, call: RPCCall) async throws -> EmptyResult {
        EmptyResult()
    }
}
