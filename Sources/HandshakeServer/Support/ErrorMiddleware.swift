import HandshakeMailbox
import Hummingbird
import Logging
import NIOHTTP1

/// Makes every failure leave the server in the one error shape, `{"code", "message"}`.
///
/// `MailboxError`s pass through as they are. Hummingbird's own errors (no route, a body too large, JSON
/// that does not decode) are given the matching code; no route for the method of a path that has routes is
/// 405 with `Allow`. A body the client cut short (it went away, or the
/// request time limit closed the connection) is a bad request, logged at debug: it is the client's doing
/// and nobody reads the answer. Anything else is logged with the request id and answered
/// `internal_error`, so no internal detail reaches a client.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The router's routes and their methods, for a 405's `Allow`.
    let routeMethods: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as MailboxError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            // No route for this method: when the path has routes for others, say which (405 and Allow).
            if error.status == .notFound {
                let allowed = routeMethods.allowed(at: request.uri.path)
                if !allowed.isEmpty {
                    var response = try MailboxError.methodNotAllowed.response(from: request, context: context)
                    response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                    return response
                }
            }
            return try Self.translate(error.status, message: error.body).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Errors from below the router (a body over its limit is NIO's `NIOTooManyBytesError`).
            return try Self.translate(error.status, message: nil).response(from: request, context: context)
        } catch let error as HTTPParserError {
            context.logger.debug("request body cut short", metadata: ["error": "\(error)"])
            return try MailboxError.badRequest("the body ended early.").response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return try MailboxError.internalError.response(from: request, context: context)
        }
    }

    static func translate(_ status: HTTPResponse.Status, message: String?) -> MailboxError {
        switch status {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .contentTooLarge: .payloadTooLarge
        case .unauthorized: .unauthorized(message ?? "Sign in first.")
        case .badRequest: .badRequest(message ?? "it could not be read.")
        default: status.code < 500 ? .badRequest(message ?? status.reasonPhrase) : .internalError
        }
    }
}
