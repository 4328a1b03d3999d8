import Hummingbird

/// Bounds how long a request may take to arrive: its body must be whole within ``limit`` of the handler
/// starting, or the request is refused with `408 request_timeout` and its connection freed.
///
/// The body is read here, in a task raced against the deadline, and handed on as a buffer, so no route
/// waits on a client that trickles its body (the 30 s idle timeout alone would allow one byte every 29 s).
/// What it does not bound: the work after the body has arrived — the database bounds that (SQLite's busy
/// timeout, PostgreSQL's `statement_timeout`, ``PostgresStorage/Configuration``) — nor an event stream,
/// which is meant to stay open and ends on shutdown.
struct RequestTimeLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// How long the body may take.
    let limit: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let (limit, maxSize) = (limit, context.maxUploadSize)
        let body = request.body
        let buffer = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: maxSize) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else { throw MailboxError.requestTimeout }
            return buffer
        }
        var request = request
        request.body = RequestBody(buffer: buffer)
        return try await next(request, context)
    }
}
