import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// Share links: `POST /v1/share-links` creates one (signed in, within the hourly limit),
/// `GET /v1/share-links/{token}` resolves one (public; does not use it up), and
/// `DELETE /v1/share-links/{token}` revokes one (its owner only).
///
/// A token is 32 random bytes in base62 (43 characters), shown once at creation and stored only as its
/// SHA-256. Using a link happens when a friend request is sent with it (`FriendRequestRoutes`).
struct ShareLinkRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy
    let publicURL: String
    let metrics: MailboxMetrics
    /// Where creating a link is decided.
    var rules: MailboxRules { MailboxRules(storage: storage, policy: policy) }

    func registerPublic(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.shareLink), use: resolve)
    }

    func registerSignedIn(on group: RouterGroup<MailboxContext>) {
        group.post(RouterPath(MailboxPath.shareLinks), use: create)
        group.delete(RouterPath(MailboxPath.shareLink), use: revoke)
    }

    @Sendable func create(_ request: Request, context: MailboxContext) async throws -> EditedResponse<CreatedShareLinkResponse> {
        let owner = try context.requireAccount()
        let token = SecretToken.share()
        let expiresAt = try await rules.createShareLink(tokenHash: SecretToken.hash(token), owner: owner, now: clock.now())
        metrics.shareLinkCreated()
        // Both forms from the one grammar of share links (HandshakeMailbox's ShareLink).
        // The link names its owner, so a client can check that the card behind it is theirs.
        guard let link = ShareLink(token: token, owner: owner), let base = URL(string: publicURL), let url = link.webURL(on: base) else {
            throw MailboxError.internalError
        }
        let response = CreatedShareLinkResponse(token: token, url: url.absoluteString, appUrl: link.appURL, expiresAt: expiresAt)
        return EditedResponse(status: .created, response: response)
    }

    /// A used, expired or revoked link is answered with its refusal and the owner's Node ID (`owner`), so
    /// the client can fetch their signed card and say whom to ask for a new link. Whoever holds the token
    /// was given it by that owner; an unknown token reveals nothing.
    @Sendable func resolve(_ request: Request, context: MailboxContext) async throws -> Response {
        let token = try context.parameters.require("token")
        // One query for the link and its owner's card: resolving is the route a shared link's visitors hit.
        guard ShareLink.isWellFormedToken(token), let (link, ownerCard) = try await storage.resolveShareLink(tokenHash: SecretToken.hash(token)) else {
            throw MailboxError.linkUnknown
        }
        if let refusal = link.refusal(at: clock.now(), by: nil) { return try refusal.response(owner: link.owner.rawValue) }
        guard let card = ownerCard else { throw MailboxError.linkUnknown }
        metrics.shareLinkResolved()
        return try ResolvedShareLinkResponse(nodeId: link.owner.rawValue, card: Base64URL.encode(card), expiresAt: link.expiresAt)
            .response(from: request, context: context)
    }

    @Sendable func revoke(_ request: Request, context: MailboxContext) async throws -> Response {
        let owner = try context.requireAccount()
        let token = try context.parameters.require("token")
        guard ShareLink.isWellFormedToken(token),
            try await storage.revokeShareLink(tokenHash: SecretToken.hash(token), owner: owner, now: clock.now())
        else { throw MailboxError.linkUnknown }
        return Response(status: .noContent)
    }
}
