import Hummingbird

/// Counts and times every request once it is answered, into ``MailboxMetrics``.
///
/// It sits outside the error middleware, so a refusal is counted with the status it went out with. The
/// time is until the response's head is ready: an event stream is counted when it starts, and its open
/// streams are a gauge of their own.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = MailboxContext
    let metrics: MailboxMetrics

    func handle(_ request: Request, context: MailboxContext, next: (Request, MailboxContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            metrics.requestAnswered(
                method: request.method.rawValue, route: context.endpointPath, status: Int(response.status.code), duration: .now - start)
            return response
        } catch {
            // Only what the error middleware did not turn into a response reaches here (it turns all of them).
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.requestAnswered(method: request.method.rawValue, route: context.endpointPath, status: Int(status), duration: .now - start)
            throw error
        }
    }
}
