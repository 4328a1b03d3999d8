// Establishes the answer to a known path asked with a method it does not take: 405 with `Allow` naming the
// methods it does take (RFC 9110 §15.5.6), rather than the router's 404. The table is read from the router
// once every route is registered; a path matches a route when it has as many segments and each literal one
// is equal (a `{parameter}` takes any segment). Every GET route also answers HEAD (the router makes it).
import HTTPTypes
import Hummingbird
import Synchronization

/// The methods each route of the router answers.
final class RouteMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Takes the table from `router`, once its routes are all registered.
    func record<Context>(_ router: Router<Context>) {
        let table = router.routes.map { (path: $0.path, method: $0.method) }
        routes.withLock { $0 = table }
    }

    /// The methods a route at `path` answers, sorted; empty when no route has that path.
    func allowed(at path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/").map(String.init)
        let methods = routes.withLock { table in
            table.filter { route in
                route.path.components.count == segments.count && zip(route.path.components, segments).allSatisfy { $0 ~= $1 }
            }.map(\.method)
        }
        let withHead = methods.contains(.get) ? methods + [.head] : methods
        return Array(Set(withHead)).sorted { $0.rawValue < $1.rawValue }
    }
}
