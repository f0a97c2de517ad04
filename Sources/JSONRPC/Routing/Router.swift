import FoundationEssentials

/// The one table of methods, and the typed half of the two-pass decode.
///
/// The server reads a request's envelope (`jsonrpc`, `id`, `method`) from validated JSON text; the router then
/// decodes `params` straight into the method's own `Params` type, runs the handler, and writes its result into the
/// reply (`reply(_:bound:)`, the one reply step). Every error a handler throws is mapped to its wire form here, once.
public struct Router: Sendable {
    fileprivate struct Entry: Sendable {
        /// Nil for a method that takes any members, by name only (see `register(_:rawHandler:)`).
        let parameterNames: [String]?
        /// Runs the method with `params` (nil when the request had none) and writes its result; `router` is the
        /// router answering, for protocol methods that call other methods (MCP's `tools/call`).
        /// How many replies the method's `CallMemo` answered with kept bytes (none for raw handlers).
        var reusedReplies: @Sendable () -> Int = { 0 }
        let call: @Sendable (_ params: Data?, _ router: Router, _ call: RPCCall) async throws -> [UInt8]
    }

    private var entries: [String: Entry] = [:]
    private let logger: Logger

    /// A router that already answers `ping`.
    public init(logger: Logger) {
        self.logger = logger
        register(Ping.self, context: ())
    }

    // MARK: - The reply

    /// The text of the reply to `result`: the one place a result is written.
    ///
    /// Written once, as bytes. Within `bound` (when the method's policy sets one for this call) an answer that
    /// fits is left as it is, a list at the root wrapped as `{listMember: […]}`; one that does not fit is written
    /// again, as a tree, and handed to the bound's cut: no text is parsed back.
    /// - Throws: the error of a part written through `Encodable` that could not be encoded.
    public static func reply(_ result: some JSONWritable, bound: ReplyBound?) throws -> [UInt8] {
        let bytes = try JSONWriter.bytes(of: result, capacity: 4096)
        guard let bound else { return bytes }
        let isList = bytes.first == UInt8(ascii: "[")
        let member = JSONText.quoted(bound.listMember)
        if bytes.count + (isList ? member.utf8.count + 3 : 0) <= bound.maxBytes {
            guard isList else { return bytes }
            return Array("{\(member):".utf8) + bytes + [UInt8(ascii: "}")]
        }
        var value = try JSONWriter.tree(of: result)
        if isList { value = [bound.listMember: value] }
        return bound.cut(value)
    }

    /// Makes `method` callable. A later registration under the same name replaces an earlier one.
    public mutating func register<M: RPCMethod>(_ method: M.Type, context: M.Context) {
        // Decoding is pure, so a request without params always decodes the same: decode that case once, here,
        // which keeps `ping` (the liveness probe) and other param-less calls off Foundation's decoder. For the
        // same reason, params sent before decode as they did then, and a result equal to the last one for the same
        // params and surface is answered with the same bytes (`CallMemo`).
        let withoutParams = Swift.Result { try JSONDecoder().decode(M.Params.self, from: Data("{}".utf8)) }
        let memo = CallMemo<M.Params, M.Result>()
        entries[M.name] = Entry(parameterNames: M.parameterNames, reusedReplies: { memo.reusedReplies }) {
            data, _, call in
            // The params once, and only the kept replies beside them, in what a waiting call holds.
            let (params, replies) =
                try data.map { try memo.recall($0) { try JSONDecoder().decode(M.Params.self, from: $0) } }
                ?? (withoutParams.get(), [:])
            let result = try await M.handle(params, context: context, call: call)
            return try memo.reply(for: data, on: call.surface, kept: replies[call.surface], result) { result in
                try Self.reply(result, bound: M.replyBound(for: result, call: call))
            }
        }
    }

    /// Makes `name` callable with its params as validated JSON text (nil when the request had none).
    ///
    /// For protocol methods that route on part of their params, such as MCP's `tools/call`, which hands its
    /// `arguments` on to another method untouched. Params go by name only, and any member is accepted: the
    /// handler decides.
    mutating func register(
        _ name: String,
        rawHandler: @escaping @Sendable (_ params: JSONText?, _ router: Router, _ call: RPCCall) async throws -> [UInt8]
    ) {
        entries[name] = Entry(parameterNames: nil) { data, router, call in
            try await rawHandler(data.map { try JSONText(validating: $0.byteArray) }, router, call)
        }
    }

    /// Methods of a protocol spoken on top of the router's own (MCP's `initialize`, `tools/call`…): answered, but
    /// not among `methodNames`, as the service's description (the OpenRPC document) does not list them.
    var protocolMethods: Set<String> = []

    /// Ends the detail of a -32601, telling the client where the method list is (the service's own words,
    /// naming its discovery method); nil for no hint.
    public var unknownMethodHint: String?

    /// The names nearest to an unknown method's, among the registered ones, for the -32601's "did you mean"; the
    /// service passes in its own name matching, so every "did you mean" it writes suggests alike. None without.
    public var suggestNames: (@Sendable (_ name: String, _ among: [String]) -> [String])?

    /// The names of every registered method, sorted; protocol methods such as MCP's are not among them.
    public var methodNames: [String] { entries.keys.filter { !protocolMethods.contains($0) }.sorted() }

    /// Whether `method` is registered.
    public func handles(_ method: String) -> Bool { entries[method] != nil }

    /// How many of `method`'s replies were its last reply's bytes again (`CallMemo`), for tests.
    func reusedReplies(_ method: String) -> Int { entries[method]?.reusedReplies() ?? 0 }

    /// Calls `method` with `params` (an object, an array, or nil for none) and returns the result's JSON text.
    ///
    /// `caller` is how the call arrived and where its notifications go; params carrying `_meta.progressToken`
    /// get a progress reporter of their own, others keep the caller's (a tool's method reports the tool call's).
    /// - Throws: `ResponseError` only; every other error has been mapped to its wire form.
    public func call(
        _ method: String, params: JSONText.Value?, in text: JSONText, caller: RPCCall = .plain
    ) async throws(ResponseError) -> [UInt8] {
        guard let entry = entries[method] else {
            throw .methodNotFound(
                method, suggestions: suggestNames?(method, Array(entries.keys)) ?? [], hint: unknownMethodHint)
        }
        let data = try Self.namedParams(params, in: text, names: entry.parameterNames)
        try Self.checkNumbersFit(params, in: text, names: entry.parameterNames)
        var call = caller
        if let channel = caller.channel, let token = params.flatMap({ Self.progressToken(in: $0, text) }) {
            call.progress = ProgressReporter(token: token, channel: channel)
        }
        do {
            return try await entry.call(data, self, call)
        } catch {
            throw responseError(for: error, method: method)
        }
    }

    // MARK: - Params

    /// The member of any params object reserved for metadata (MCP's `_meta`): accepted by every method, never
    /// an unknown parameter, and never seen by a method's own decoding.
    public static let metaMember = "_meta"

    /// `_meta.progressToken` (a string or an integer), when the params carry one.
    private static func progressToken(in params: JSONText.Value, _ text: JSONText) -> RequestID? {
        guard params.kind == .object,
            let meta = text.members(of: params).first(where: { $0.key == metaMember })?.value, meta.kind == .object,
            let token = text.members(of: meta).first(where: { $0.key == "progressToken" })?.value,
            case .value(let id) = Envelope.IDField(token, in: text)
        else { return nil }
        return id
    }

    /// The params as a JSON object: by-name params as sent, by-position params keyed by the method's names.
    ///
    /// By-position params are rebuilt from the validated byte ranges of their elements, so nothing is decoded
    /// and re-encoded on the way.
    private static func namedParams(_ params: JSONText.Value?, in text: JSONText, names: [String]?)
        throws(ResponseError)
        -> Data?
    {
        guard let params else { return nil }
        guard let names else {
            guard params.kind == .object else { throw .invalidParams("This method takes its params by name.") }
            return Data(text.slice(params))
        }
        switch params.kind {
        case .object:
            for (key, _) in text.members(of: params) where key != metaMember && !names.contains(key) {
                let accepted = names.isEmpty ? "it takes no params" : "it takes " + names.joined(separator: ", ")
                throw .invalidParams("Unknown parameter '\(key)'; \(accepted).", field: key)
            }
            return Data(text.slice(params))
        case .array:
            let elements = text.elements(of: params)
            guard elements.count <= names.count else {
                // The field is the first element no parameter takes, in the path notation of `invalidParams`.
                throw .invalidParams(
                    "Too many params: \(elements.count) given by position, at most \(names.count) accepted"
                        + (names.isEmpty ? "." : " (\(names.joined(separator: ", ")))."),
                    field: "params[\(names.count)]"
                )
            }
            var object: [UInt8] = [UInt8(ascii: "{")]
            for (index, element) in elements.enumerated() {
                if index > 0 { object.append(UInt8(ascii: ",")) }
                object += Array(JSONText.quoted(names[index]).utf8)
                object.append(UInt8(ascii: ":"))
                object += text.slice(element)
            }
            object.append(UInt8(ascii: "}"))
            return Data(object)
        default:
            throw .invalidRequest("\"params\" must be an object or an array")
        }
    }

    // MARK: - Errors

    /// The wire form of anything a handler throws; an unexpected error is logged here, since the client
    /// only ever sees a generic -32603.
    func responseError(for error: any Error, method: String) -> ResponseError {
        guard let mapped = ResponseError(mapping: error) else {
            logger.error("\(method) failed with an unexpected error: \(String(reflecting: error))")
            return .internalError
        }
        return mapped
    }

    /// -32602 naming the offending field, in words a user can act on.
    static func invalidParams(_ error: DecodingError) -> ResponseError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(into: "") { path, key in
                if let index = key.intValue {
                    path += "[\(index)]"
                } else {
                    path += (path.isEmpty ? "" : ".") + key.stringValue
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return .invalidParams("Missing required parameter '\(field)'.", field: field)
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            return .invalidParams("Parameter '\(field)' must be \(describe(type)).", field: field)
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return .invalidParams("Parameter '\(field)' must be \(describe(type)), not null.", field: field)
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .invalidParams("Invalid params: \(context.debugDescription)") }
            return .invalidParams("Invalid parameter '\(field)': \(context.debugDescription)", field: field)
        @unknown default:
            return .invalidParams("Invalid params.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// Sorted keys make replies reproducible; slashes stay unescaped because URLs appear in results.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

extension Data {
    var byteArray: [UInt8] { [UInt8](self) }
}

extension ResponseError {
    /// The wire form of an error, or nil for an error nothing knows how to describe (a bug: -32603).
    ///
    /// The one mapping from thrown errors to JSON-RPC errors: convertible errors state their own form,
    /// decoding errors are -32602 naming the field, and both kinds of cancellation are -32800. Handlers that
    /// report part failures inside a result (a dashboard) use it too, so a part's error reads the same as the
    /// method's would.
    public init?(mapping error: any Error) {
        switch error {
        case let error as any RPCErrorConvertible:
            self = error.responseError
        case let error as DecodingError:
            self = Router.invalidParams(error)
        case is CancellationError:
            self = .requestCancelled
        default:
            return nil
        }
    }
}

/// A size a reply is kept within, and how an answer over it is cut: the binding's rule, which the router applies
/// (see `Router.reply(_:bound:)`).
public struct ReplyBound: Sendable {
    /// Bytes of compact JSON.
    public var maxBytes: Int
    /// The member a list result is wrapped in, so that the answer is an object that can say what was cut.
    public var listMember: String
    /// The answer, as a tree (a list already wrapped), cut to fit within `maxBytes`.
    public var cut: @Sendable (JSONValue) -> [UInt8]

    public init(maxBytes: Int, listMember: String, cut: @escaping @Sendable (JSONValue) -> [UInt8]) {
        self.maxBytes = maxBytes
        self.listMember = listMember
        self.cut = cut
    }
}
