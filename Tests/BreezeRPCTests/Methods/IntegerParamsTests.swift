import Foundation
import JSONRPC
import Testing

/// Every integer param of every method refuses a fractional and a mistyped value with -32602 naming the field,
/// in `data.field` and in the message. The params come from the OpenRPC document, so a new integer param is
/// covered without editing this file; the lockstep tests keep the document and the catalog in step.
@Suite struct IntegerParamsTests {
    /// One integer param (or array of integers) of one method, with the params that call needs besides it.
    struct IntegerParam: CustomTestStringConvertible, Sendable {
        let method: String
        let name: String
        let isArray: Bool
        /// The method's required params, with valid values, as JSON members (`"latitude":51,…`).
        let required: [String]

        var testDescription: String { "\(method).\(name)" }

        /// The params object with `value` as this param.
        func params(_ value: String) -> String {
            "{" + (required + ["\"\(name)\":\(isArray ? "[\(value)]" : value)"]).joined(separator: ",") + "}"
        }

        /// The field a bad value is reported under.
        var field: String { isArray ? "\(name)[0]" : name }
    }

    static let integerParams: [IntegerParam] = {
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Repository.schema)),
            case .array(let methods)? = document["methods"]
        else { return [] }
        func resolve(_ value: JSONValue?) -> JSONValue? {
            guard case .string(let ref)? = value?["$ref"] else { return value }
            return resolve(ref.dropFirst(2).split(separator: "/").reduce(document) { $0?[String($1)] })
        }
        var found: [IntegerParam] = []
        for method in methods {
            guard case .string(let name)? = method["name"], case .array(let params)? = method["params"] else {
                continue
            }
            let descriptors = params.compactMap { resolve($0) }
            let required = descriptors.compactMap { descriptor -> String? in
                guard descriptor["required"] == true, case .string(let param)? = descriptor["name"] else { return nil }
                return "\"\(param)\":" + (resolve(descriptor["schema"])?["type"] == "string" ? "\"B\"" : "51")
            }
            for descriptor in descriptors {
                guard case .string(let param)? = descriptor["name"], let schema = resolve(descriptor["schema"]) else {
                    continue
                }
                let isArray = schema["type"] == "array" && resolve(schema["items"])?["type"] == "integer"
                if schema["type"] == "integer" || isArray {
                    found.append(IntegerParam(method: name, name: param, isArray: isArray, required: required))
                }
            }
        }
        return found
    }()

    @Test func theDocumentYieldsTheKnownIntegerParams() {
        let names = Set(Self.integerParams.map(\.testDescription))
        let known = [
            "searchCities.count", "fetchAirQuality.forecastHours", "fetchForecast.forecastDays",
            "fetchForecast.pastDays", "fetchPollen.days", "fetchClimate.years", "fetchDashboard.timeoutMs",
        ]
        for name in known { #expect(names.contains(name), "\(name) not found in the OpenRPC document") }
    }

    @Test(arguments: integerParams)
    func aFractionalOrMistypedValueIsInvalidParamsNamingTheField(param: IntegerParam) async throws {
        for value in ["1.5", #""2""#] {
            let params = param.params(value)
            let text = try JSONText(validating: Array(params.utf8))
            do {
                let reply = try await Repository.router.call(param.method, params: text.root, in: text)
                Issue.record("\(param.method) \(params) answered \(String(decoding: reply, as: UTF8.self))")
            } catch {
                #expect(error.code == .invalidParams, "\(param.method) \(params)")
                #expect(error.data?["field"] == .string(param.field), "\(param.method) \(params)")
                #expect(error.message.contains("'\(param.field)'"), "\(param.method) \(params): \(error.message)")
            }
        }
    }

    @Test func tooManyParamsByPositionNamesTheFirstExtraOne() async throws {
        let text = try JSONText(validating: Array(#"[51,10,1,"auto","en","en","full",1000,"extra"]"#.utf8))
        do {
            _ = try await Repository.router.call("fetchPollen", params: text.root, in: text)
            Issue.record("nine params by position were accepted")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message.hasPrefix("Too many params: 9 given by position, at most 8 accepted"))
            #expect(error.data?["field"] == "params[8]")
        }
    }
}
