import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// Lets a request through only with `Authorization: Bearer TOKEN` naming an unexpired session, and
/// records the session's account in the context.
///
/// The token is looked up by its SHA-256, as stored. What it does not check: what the account may do
/// with a given resource — each query is scoped to the account, so another's data is simply not found.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = MailboxContext
    let storage: any MailboxAccountStorage
    let clock: any MailboxClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.authorization] != nil else { throw MailboxError.unauthorized("Sign in first: this route needs a bearer token.") }
        guard let tokenHash = Self.tokenHash(in: request) else {
            throw MailboxError.unauthorized("The Authorization header must be \"Bearer\" followed by a token.")
        }
        guard let account = try await storage.sessionAccount(tokenHash: tokenHash, now: clock.now()) else {
            throw MailboxError.unauthorized("This token is unknown or has expired. Sign in again.")
        }
        var context = context
        context.account = account
        context.sessionTokenHash = tokenHash
        context.logger[metadataKey: "account"] = "\(account)"
        return try await next(request, context)
    }

    /// The hash of the token in `Authorization: Bearer TOKEN`, as sessions are stored; nil without one.
    static func tokenHash(in request: Request) -> [UInt8]? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 128 else { return nil }
        return SecretToken.hash(parts[1])
    }
}
