import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// `GET /share/contact/{token}/{owner}` (and `/share/contact/{token}`, links made before links named their
/// owner): what a person sees when they open a share link in a browser; with `?format=vcf`, the card as a
/// vCard, for Save to Contacts without script.
///
/// A usable link gets 200 and the card page (CardPageHTML) with the owner's card; a link whose `{owner}` is
/// not its owner gets 404 as an unknown one does, expired, used and revoked get 410, a database that does not
/// answer 503 with `Retry-After`, each with its own page. Viewing the page never uses the link up. The
/// response lets the page run its own files only (`CardPageRoutes.pageHeaders`), is never cached, and sends
/// no referrer, since the token is in the URL.
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
        let prefix = String(ShareLink.webPathPrefix.dropFirst())
        router.get(RouterPath(prefix + "{token}"), use: page)
        router.get(RouterPath(prefix + "{token}/{owner}"), use: page)
    }

    /// The page, or with `format=vcf` the vCard; other query parameters (a messenger's tracking tags) are
    /// ignored.
    @Sendable func page(_ request: Request, context: MailboxContext) async throws -> Response {
        let token = try context.parameters.require("token")
        let named = context.parameters.get("owner")
        let format = request.uri.queryParameters["format"].map(String.init)
        do {
            guard format == nil || format == "vcf" else {
                throw MailboxError.badRequest("A share link's address shows its page, or with ?format=vcf its card as a vCard; it has no format \"\(format ?? "")\".")
            }
            guard ShareLink.isWellFormedToken(token), let (link, ownerCard) = try await storage.resolveShareLink(tokenHash: SecretToken.hash(token))
            else { throw MailboxError.linkUnknown }
            // A link that names someone else as its owner is not this link: nobody's card is shown under it.
            if let named, named != link.owner.rawValue { throw MailboxError.linkUnknown }
            if let refusal = link.refusal(at: clock.now(), by: nil) { throw refusal }
            guard let bytes = ownerCard, let shown = ShareLink(token: token, owner: link.owner) else { throw MailboxError.linkUnknown }
            // Stored cards were verified when published; reading one back through the verifier is how a
            // ContactCard is obtained, and checks the stored bytes once more (once per card: the cache).
            guard format == "vcf" else { return Self.html(.ok, try cards.page(for: bytes, link: shown, now: clock.now())) }
            var headers = Self.headers
            headers[.contentType] = "text/vcard; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"contact.vcf\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: try cards.vCard(for: bytes, link: shown, now: clock.now()))))
        } catch let error as MailboxError {
            var response = Self.html(error.status, LandingPageHTML.refusal(error, lifetime: linkLifetime))
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
