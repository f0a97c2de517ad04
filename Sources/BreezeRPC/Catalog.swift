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
    ]

    /// A router answering `ping`, `rpc.discover` and every catalog method.
    public static func router(breeze: Breeze, logger: Logger) -> Router {
        var router = Router(logger: logger)
        router.register(Discover.self, context: ())
        for method in methods {
            router.register(method, context: breeze)
        }
        return router
    }
}
