import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// An account's own card, published and served: `GET /v1/account`, `PUT /v1/account/card` (signed in)
/// and `GET /v1/cards/{nodeId}` (public). A card published wakes the streams that follow it.
///
/// Publishing runs the card through `AccountCardVerifier` and keeps it only if strictly newer than the stored
/// one, so an old card replayed by anyone — even its owner's stale device — cannot roll it back. The
/// served bytes are exactly the published ones (`application/cose`), for the receiver to verify.
struct AccountRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy
    /// Wakes the card-change streams that follow a card just published (``CardChangeRoutes``).
    let broadcaster: EventBroadcaster

    /// The media type of a card's COSE_Sign1 bytes.
    static let cardMediaType = "application/cose; cose-type=\"cose-sign1\""

    func registerPublic(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.card), use: card)
    }

    func registerSignedIn(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.account), use: account)
        group.put(RouterPath(MailboxPath.accountCard), use: publish)
    }

    @Sendable func account(_ request: Request, context: MailboxContext) async throws -> AccountResponse {
        try await context.makeAccountIfNeeded(in: storage, now: clock.now())
        guard let account = try await storage.account(try context.requireAccount()) else {
            throw MailboxError.unauthorized("This account no longer exists.")
        }
        return AccountResponse(
            nodeId: account.nodeID.rawValue, sigKey: Base64URL.encode(account.sigKey), cardUpdatedAt: account.cardUpdatedAt,
            createdAt: account.createdAt)
    }

    @Sendable func publish(_ request: Request, context: MailboxContext) async throws -> PublishedCardResponse {
        let owner = try context.requireAccount()
        let body = try await request.body.collect(upTo: CardLimits.signedCardBytes)
        let card = try AccountCardVerifier(clock: clock).verify(Array(buffer: body), owner: owner)
        try await MailboxRules(storage: storage, policy: policy).publishCard(card, as: owner, now: clock.now())
        // This instance's followers at once; PostgreSQL's other instances hear of it from the storage.
        await broadcaster.notify([owner])
        return PublishedCardResponse(nodeId: owner.rawValue, updatedAt: card.card.updatedAt)
    }

    @Sendable func card(_ request: Request, context: MailboxContext) async throws -> Response {
        guard let nodeID = NodeID(try context.parameters.require("nodeId")) else { throw MailboxError.unknownAccount }
        guard let account = try await storage.account(nodeID) else { throw MailboxError.unknownAccount }
        guard let card = account.card else { throw MailboxError.noCard }
        // The card's entity tag (SignedCard.entityTag): a reader that holds this card asks with it and gets
        // a 304, no body. Revalidated on every use: a newer card is published at any time.
        let tag = SignedCard.entityTag(of: card)
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "no-cache"]
        if request.holds(entityTag: tag) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = Self.cardMediaType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: card)))
    }
}
