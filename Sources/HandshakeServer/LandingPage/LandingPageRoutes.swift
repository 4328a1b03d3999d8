import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// `GET /share/contact/{token}`: what a person sees when they open a share link in a browser, and
/// `GET /share/contact/{token}/contact.vcf`: the card as a vCard, for Save to Contacts without script.
///
/// A usable link gets 200 and the card page (CardPageHTML) with the owner's card; unknown gets 404, expired,
/// used and revoked get 410, a database that does not answer 503 with `Retry-After`, each with its own page. Viewing the page never uses the link up. The response
/// lets the page run its own files only (`CardPageRoutes.pageHeaders`), is never cached, and sends no
/// referrer, since the token is in the URL.
struct LandingPageRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    /// How long a share link lasts, as the page says it.
    let linkLifetime: TimeInterval
    /// Each stored card verified once.
    let cards: LandingPageCardCache

    init(storage: any MailboxStorage, clock: any MailboxClock, linkLifetime: TimeInterval) {
        (self.storage, self.clock, self.linkLifetime) = (storage, clock, linkLifetime)
        cards = LandingPageCardCache(lifetime: linkLifetime)
    }

    func register(on router: Router<MailboxContext>) {
        let path = String(ShareLink.webPathPrefix.dropFirst()) + "{token}"
        router.get(RouterPath(path), use: page)
        router.get(RouterPath(path + "/contact.vcf"), use: vCard)
    }

    @Sendable func page(_ request: Request, context: MailboxContext) async throws -> Response {
        try await usable(context, root: "../../") { token, bytes in
            Self.html(.ok, try cards.page(for: bytes, token: token, now: clock.now()))
        }
    }

    @Sendable func vCard(_ request: Request, context: MailboxContext) async throws -> Response {
        try await usable(context, root: "../../../") { _, bytes in
            var headers = Self.headers
            headers[.contentType] = "text/vcard; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"contact.vcf\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: try cards.vCard(for: bytes, now: clock.now()))))
        }
    }

    /// `answer` for a usable link's token and stored card; the refusal's page (at `root` below the server's
    /// root) otherwise.
    func usable(_ context: MailboxContext, root: String, answer: (String, [UInt8]) throws -> Response) async throws -> Response {
        let token = try context.parameters.require("token")
        do {
            guard ShareLink.isWellFormedToken(token), let (link, ownerCard) = try await storage.resolveShareLink(tokenHash: SecretToken.hash(token))
            else { throw MailboxError.linkUnknown }
            if let refusal = link.refusal(at: clock.now(), by: nil) { throw refusal }
            guard let bytes = ownerCard else { throw MailboxError.linkUnknown }
            // Stored cards were verified when published; reading one back through the verifier is how a
            // ContactCard is obtained, and checks the stored bytes once more (once per card: the cache).
            return try answer(token, bytes)
        } catch let error as MailboxError {
            var response = Self.html(error.status, LandingPageHTML.refusal(error, lifetime: linkLifetime, root: root))
            response.headers[.retryAfter] = error.headers[.retryAfter]
            return response
        }
    }

    static var headers: HTTPFields {
        var headers = CardPageRoutes.pageHeaders
        headers[.cacheControl] = "no-store"
        return headers
    }

    static func html(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = Self.headers
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
