// Establishes that a body declared larger than any route takes is refused at once, from its
// `Content-Length`, with 413: before, the server waited for a body that might never come (a client declaring
// 200,000 bytes and sending none got 408 after 30 seconds). A body without a declared length is still
// bounded while it is read (MailboxContext.maxBodyBytes).
import HandshakeMailbox
import Hummingbird

struct DeclaredLengthMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw MailboxError.payloadTooLarge
        }
        return try await next(request, context)
    }
}
