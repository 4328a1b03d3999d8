import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// `GET /share/contact/{token}/{owner}` (and `/share/contact/{token}`): what a person sees when they open a
/// share link in a browser.
///
/// A usable link gets 200 and the card page; unknown gets 404, expired, used and revoked get 410, each
/// with its own page. Viewing the page never uses the link up. The response forbids scripts and outside
/// resources (`Content-Security-Policy`), is never cached, and sends no referrer, since the token is in
/// the URL.
struct LandingPageRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    /// How long a share link lasts, as the page says it.
    let linkLifetime: TimeInterval
    /// Each stored card verified and drawn once.
    let cards: LandingPageCardCache

    init(storage: any MailboxStorage, clock: any MailboxClock, linkLifetime: TimeInterval) {
        (self.storage, self.clock, self.linkLifetime) = (storage, clock, linkLifetime)
        cards = LandingPageCardCache(lifetime: linkLifetime)
    }

    /// Links name their owner (`/share/contact/TOKEN/OWNER`); links made before that (`/share/contact/TOKEN`)
    /// are served too.
    func register(on router: Router<MailboxContext>) {
        let prefix = String(ShareLink.webPathPrefix.dropFirst())
        router.get(RouterPath(prefix + "{token}"), use: page)
        router.get(RouterPath(prefix + "{token}/{owner}"), use: page)
    }

    @Sendable func page(_ request: Request, context: MailboxContext) async throws -> Response {
        let token = try context.parameters.require("token")
        let named = context.parameters.get("owner")
        do {
            guard ShareLink.isWellFormedToken(token), let (link, ownerCard) = try await storage.resolveShareLink(tokenHash: SecretToken.hash(token))
            else { throw MailboxError.linkUnknown }
            // A link that names someone else as its owner is not this link: nobody's card is shown under it.
            if let named, named != link.owner.rawValue { throw MailboxError.linkUnknown }
            if let refusal = link.refusal(at: clock.now(), by: nil) { throw refusal }
            guard let bytes = ownerCard, let shown = ShareLink(token: token, owner: link.owner) else { throw MailboxError.linkUnknown }
            // Stored cards were verified when published; reading one back through the verifier is how a
            // ContactCard is obtained, and checks the stored bytes once more (once per card: the cache).
            return Self.html(.ok, try cards.page(for: bytes, link: shown, now: clock.now()))
        } catch let error as MailboxError {
            return Self.html(error.status, LandingPageHTML.refusal(error, lifetime: linkLifetime))
        }
    }

    static func html(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        if let referrerPolicy = HTTPFields.Element.Name.referrerPolicy { headers[referrerPolicy] = "no-referrer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
