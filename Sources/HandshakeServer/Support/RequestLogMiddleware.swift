import Hummingbird
import Logging

/// Logs one line per request once it is answered: method, the matched route's template, status and time.
///
/// The template (`/v1/share-links/{token}`), never the request's own path, is logged: share tokens
/// travel in paths, and a log must not become a list of usable links. Headers (bearer tokens) are not
/// logged at all.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.log(
            level: level, "request",
            metadata: [
                "method": "\(request.method.rawValue)", "route": "\(context.endpointPath ?? "(no route)")",
                "status": "\(response.status.code)", "ms": "\(Int(milliseconds.rounded()))",
            ])
        return response
    }
}
