import Breeze
import JSONRPC

/// A Breeze method: its handler is given the Breeze services.
public protocol BreezeMethod: RPCMethod where Context == Breeze {}

/// The one list of Breeze methods. Adding a method is one file and one line here.
///
/// Tests keep this list, `schema/openrpc.json` and the README's methods table in lockstep.
public enum Catalog {
    public static let methods: [any BreezeMethod.Type] = [
        SearchCities.self,
        FetchAirQuality.self,
        FetchForecast.self,
        FetchPollen.self,
        FetchClimate.self,
        FetchDashboard.self,
        CacheStats.self,
    ]

    /// A router answering `ping`, `rpc.discover` and every catalog method, each also accepting `timeoutMs`
    /// (see `TimeLimited`).
    public static func router(breeze: Breeze, logger: Logger) -> Router {
        var router = Router(logger: logger)
        router.register(Discover.self, context: ())
        for method in methods {
            register(method, in: &router, breeze: breeze)
        }
        return router
    }

    private static func register<M: BreezeMethod>(_ method: M.Type, in router: inout Router, breeze: Breeze) {
        router.register(TimeLimited<M>.self, context: breeze)
    }
}
