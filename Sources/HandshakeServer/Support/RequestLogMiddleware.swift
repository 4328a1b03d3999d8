import Hummingbird
import Logging

/// Logs one line per request once it is answered: method, the matched route's template, status and time;
/// a flood of refusals is counted rather than written line by line.
///
/// The template (`/v1/share-links/{token}`), never the request's own path, is logged: share tokens
/// travel in paths, and a log must not become a list of usable links. Headers (bearer tokens) are not
/// logged at all. A refusal (a 4xx, or a 503) is logged at the request level only when it is the first of
/// its kind (status, method, route) in the ``FloodLog``'s interval; the others go to `debug`, and the
/// interval's line counts them all (a sign-in flood wrote about 5 MB in 15 s before).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level
    let floods: FloodLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let (method, route, status) = (request.method.rawValue, context.endpointPath ?? "(no route)", response.status.code)
        var lineLevel = level
        if Self.isRefusal(status), !floods.count("\(status) \(method) \(route)") { lineLevel = .debug }
        context.logger.log(
            level: lineLevel, "request",
            metadata: ["method": "\(method)", "route": "\(route)", "status": "\(status)", "ms": "\(Int(milliseconds.rounded()))"])
        return response
    }

    /// Whether `status` refuses the request (a client's mistake, a limit, or the server too busy or cut
    /// off from its database) rather than answering it or failing inside.
    static func isRefusal(_ status: Int) -> Bool {
        (400..<500).contains(status) || status == 503
    }
}
