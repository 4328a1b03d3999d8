import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// What the server knows about one request while handling it: Hummingbird's core context, the body limit,
/// and — once `BearerAuthMiddleware` has checked a token — the account making it.
///
/// It establishes nothing by itself: ``account`` is set only by the middleware, and routes that need an
/// account read it through `requireAccount()`.
public struct MailboxContext: RequestContext {
    /// Hummingbird's per-request storage (logger, parameters, endpoint).
    public var coreContext: CoreRequestContextStorage
    /// The authenticated account, set by `BearerAuthMiddleware`; `nil` on public routes.
    public var account: NodeID?

    /// A context for a request arriving from `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        account = nil
    }

    /// The largest body any route accepts: a signed card at its limit, base64-encoded inside JSON, with
    /// room for the other fields. A larger body is refused with 413 before it is decoded.
    public var maxUploadSize: Int { Self.maxBodyBytes }

    /// See ``maxUploadSize``.
    public static let maxBodyBytes = CardLimits.signedCardBytes * 4 / 3 + 4096

    /// The authenticated account, or `unauthorized` if the route was reached without one.
    func requireAccount() throws(MailboxError) -> NodeID {
        guard let account else { throw .unauthorized("Sign in first.") }
        return account
    }
}
