import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// Friend requests, all signed in: send (`POST /v1/friend-requests`), list (`GET`, received or sent),
/// read one, and answer — accept and decline by the receiver, cancel by the sender — plus the badge.
///
/// Every card is verified and must be its sender's before anything is stored; a request by share token
/// burns the token in the same transaction as the request is stored. An answer changes the request's
/// status, which both sides' lists show, so declines and cancels reach the other side. Requests of
/// others are reported as unknown, never as forbidden, so their ids reveal nothing.
struct FriendRequestRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy
    let broadcaster: EventBroadcaster
    let metrics: MailboxMetrics
    /// Where sending and answering are decided.
    var rules: MailboxRules { MailboxRules(storage: storage, policy: policy) }

    func register(on group: RouterGroup<MailboxContext>) {
        group.post(RouterPath(MailboxPath.friendRequests), use: send)
        group.get(RouterPath(MailboxPath.friendRequests), use: list)
        group.get(RouterPath(MailboxPath.friendRequest), use: show)
        group.post(RouterPath(MailboxPath.acceptFriendRequest), use: accept)
        group.post(RouterPath(MailboxPath.declineFriendRequest)) { request, context in try await answer(.decline, context: context) }
        group.post(RouterPath(MailboxPath.cancelFriendRequest)) { request, context in try await answer(.cancel, context: context) }
        group.get(RouterPath(MailboxPath.badge), use: badge)
    }

    @Sendable func send(_ request: Request, context: MailboxContext) async throws -> EditedResponse<FriendRequestResponse> {
        let sender = try context.requireAccount()
        let body = try await request.decode(as: SendFriendRequestBody.self, context: context)
        let target: FriendRequestAddressee
        switch (body.to, body.token) {
        case (let to?, nil):
            guard let nodeID = NodeID(to) else { throw MailboxError.badRequest("`to` is not a Node ID.") }
            target = .nodeID(nodeID)
        case (nil, let token?):
            guard ShareLink.isWellFormedToken(token) else { throw MailboxError.linkUnknown }
            target = .shareLink(tokenHash: SecretToken.hash(token))
        default:
            throw MailboxError.badRequest("give exactly one of `to` (a Node ID) or `token` (a share token).")
        }
        // HandshakeCore's one length rule: scalars, and no stack of marks (a note of "a" and 500 accents is
        // 501 long, not one character).
        if let note = body.note, let breach = TextLength.check(note, limit: policy.noteMaxCharacters) {
            throw MailboxError.badRequest(breach.sentence("`note`"))
        }
        // The card's text rule holds for notes too: nothing that could control the receiver's screen (and a
        // NUL, which PostgreSQL cannot store, is refused the same on every backend).
        if let note = body.note, UntrustedText.needsCleaning(note) {
            throw MailboxError.badRequest("`note` holds control characters, bidirectional formatting or invisible characters, which a note may not hold.")
        }
        let card = try AccountCardVerifier(clock: clock).verify(base64URL: body.card, owner: sender)
        let note = body.note.flatMap { $0.isEmpty ? nil : $0 }
        // Sending asks for the sender's account (the request refers to it), with the key its card carries.
        try await storage.createAccountIfNeeded(sigKey: card.card.sigKey.rawRepresentation, now: clock.now())
        let stored = try await rules.sendFriendRequest(
            NewFriendRequest(sender: sender, target: target, senderCard: card.bytes, note: note), now: clock.now())
        await broadcaster.notify([stored.receiver])
        metrics.friendRequest(.sent)
        if case .shareLink = target { metrics.shareLinkBurned() }
        return EditedResponse(status: .created, response: FriendRequestResponse(stored))
    }

    @Sendable func list(_ request: Request, context: MailboxContext) async throws -> FriendRequestListResponse {
        let account = try context.requireAccount()
        let sent: Bool
        switch request.uri.queryParameters.get("direction") {
        case nil, "received": sent = false
        case "sent": sent = true
        default: throw MailboxError.badRequest("`direction` is `received` or `sent`.")
        }
        var status: FriendRequestStatus?
        if let text = request.uri.queryParameters.get("status") {
            guard let value = FriendRequestStatus(rawValue: text) else {
                throw MailboxError.badRequest("`status` is one of pending, accepted, declined, cancelled.")
            }
            status = value
        }
        let requests = try await storage.friendRequests(of: account, sent: sent, status: status)
        return FriendRequestListResponse(requests: requests.map(FriendRequestResponse.init))
    }

    @Sendable func show(_ request: Request, context: MailboxContext) async throws -> FriendRequestResponse {
        let account = try context.requireAccount()
        return FriendRequestResponse(try await rules.friendRequest(id: try context.issuedID("id", unknown: .unknownRequest), visibleTo: account))
    }

    @Sendable func accept(_ request: Request, context: MailboxContext) async throws -> FriendRequestResponse {
        let account = try context.requireAccount()
        let body = try await request.decode(as: AcceptFriendRequestBody.self, context: context)
        let card = try AccountCardVerifier(clock: clock).verify(base64URL: body.card, owner: account)
        return try await answer(.accept(receiverCard: card.bytes), context: context)
    }

    func answer(_ answer: FriendRequestAnswer, context: MailboxContext) async throws -> FriendRequestResponse {
        let account = try context.requireAccount()
        let id = try context.issuedID("id", unknown: .unknownRequest)
        let answered = try await rules.answerFriendRequest(id: id, by: account, answer: answer, now: clock.now())
        await broadcaster.notify([answered.sender, answered.receiver])
        switch answer {
        case .accept: metrics.friendRequest(.accepted)
        case .decline: metrics.friendRequest(.declined)
        case .cancel: metrics.friendRequest(.cancelled)
        }
        return FriendRequestResponse(answered)
    }

    @Sendable func badge(_ request: Request, context: MailboxContext) async throws -> BadgeResponse {
        BadgeResponse(pendingRequests: try await storage.pendingReceivedCount(of: try context.requireAccount()))
    }
}
