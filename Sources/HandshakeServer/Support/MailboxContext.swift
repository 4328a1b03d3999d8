import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird
import NIOCore

/// What the server knows about one request while handling it: Hummingbird's core context, the body limit,
/// and — once `BearerAuthMiddleware` has checked a token — the account making it.
///
/// It establishes nothing by itself: ``account`` is set only by the middleware, and routes that need an
/// account read it through `requireAccount()`.
public struct MailboxContext: RemoteAddressRequestContext {
    /// Hummingbird's per-request storage (logger, parameters, endpoint).
    public var coreContext: CoreRequestContextStorage
    /// The authenticated account, set by `BearerAuthMiddleware`; `nil` on public routes.
    public var account: NodeID?
    /// The SHA-256 of the bearer token that signed the request in, set with ``account``: a long request
    /// (an event stream) checks again that its session is still valid.
    public var sessionTokenHash: [UInt8]?
    /// The connection's peer: the client, or the reverse proxy in front of the server.
    public let remoteAddress: SocketAddress?
    /// Completes when the request's connection closes: an event stream ends then rather than at its next
    /// write.
    let connectionClosed: EventLoopFuture<Void>

    /// A context for a request arriving from `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        account = nil
        remoteAddress = source.channel.remoteAddress
        connectionClosed = source.channel.closeFuture
    }

    /// The largest body any route accepts: a signed card at its limit, base64-encoded inside JSON, with
    /// room for the other fields. A larger body is refused with 413 before it is decoded.
    public var maxUploadSize: Int { Self.maxBodyBytes }

    /// See ``maxUploadSize``.
    public static let maxBodyBytes = CardLimits.signedCardBytes * 4 / 3 + 4096

    /// The path parameter `name` when it has the shape of an id the server issues (letters, digits and `-`,
    /// at most 64): anything else, a NUL among it, names nothing here, and is `unknown` on every backend
    /// (PostgreSQL cannot even compare a text holding a NUL).
    func issuedID(_ name: String, unknown: MailboxError) throws -> String {
        let text = try parameters.require(name)
        guard Self.isIssuedID(text) else { throw unknown }
        return text
    }

    /// Whether `text` has the shape of an id or state the server issues: base64url or a UUID.
    static func isIssuedID(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// Makes the signed-in account's row unless it exists: a route its owner uses that keeps something of
    /// the account's (a presentation request, a pass signature) or shows it asks for the account.
    func makeAccountIfNeeded(in storage: any MailboxAccountStorage, now: Date) async throws {
        guard let sessionTokenHash else { throw MailboxError.unauthorized("Sign in first.") }
        try await storage.createAccountIfNeeded(ofSession: sessionTokenHash, now: now)
    }

    /// The authenticated account, or `unauthorized` if the route was reached without one.
    func requireAccount() throws(MailboxError) -> NodeID {
        guard let account else { throw .unauthorized("Sign in first.") }
        return account
    }
}
