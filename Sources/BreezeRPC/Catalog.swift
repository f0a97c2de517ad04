import Breeze
import JSONRPC

/// The one list of Breeze methods: the router and the MCP tools are built from it.
///
/// Tests keep this list, `schema/openrpc.json`, the README's methods table and the MCP instructions in lockstep
/// (the README's "Adding a method" lists every file a new method touches).
public enum Catalog {
    public static let methods: [any BreezeMethod.Type] = [
        SearchCities.self,
        FetchAirQuality.self,
        FetchForecast.self,
        FetchWeatherData.self,
        FetchPollen.self,
        FetchClimate.self,
        FetchDashboard.self,
        FindOutdoorWindows.self,
        FindPlace.self,
        FetchElevation.self,
        FetchAlerts.self,
        CacheStats.self,
    ]

    /// A router answering `ping`, `rpc.discover` and every catalog method, each also accepting `timeoutMs`
    /// (see `CatalogMethod`), and MCP with every catalog method as a tool (see `MCPTools`).
    public static func router(breeze: Breeze, logger: Logger) -> Router {
        var router = Router(logger: logger)
        router.register(TimedPing.self, context: ())  // replaces the built-in, to accept `timeoutMs` too
        router.register(Discover.self, context: ())
        router.unknownMethodHint = "\(Discover.name) lists them."
        router.suggestNames = { NameSuggestions.nearest(to: $0, among: $1) }
        for method in methods {
            register(method, in: &router, breeze: breeze)
        }
        router.registerMCP { try MCPTools.server.get() }
        return router
    }

    /// The by-position parameter names of every method the router answers, by wire name, as the router
    /// matches them (with `timeoutMs` last); what the schema's params must list.
    public static var wireParameterNames: [String: [String]] {
        var names = [TimedPing.name: TimedPing.parameterNames, Discover.name: Discover.parameterNames]
        for method in methods { names[method.name] = timeLimitedNames(method) }
        return names
    }

    private static func timeLimitedNames<M: BreezeMethod>(_ method: M.Type) -> [String] {
        CatalogMethod<M>.parameterNames
    }

    private static func register<M: BreezeMethod>(_ method: M.Type, in router: inout Router, breeze: Breeze) {
        router.register(CatalogMethod<M>.self, context: breeze)
    }
}
