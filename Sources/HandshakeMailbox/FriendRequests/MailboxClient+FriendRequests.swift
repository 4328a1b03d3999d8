import Foundation
import HandshakeCore

/// Friend requests between people who are apart: sent with the sender's card, answered with the
/// receiver's, so both sides end with each other's verified card.
extension MailboxClient {
    /// Sends a friend request carrying `card` (the sender's, as `HandshakeAccount.issueCard()` gives it)
    /// and an optional note.
    /// - Parameters:
    ///   - target: the receiver's Node ID, or one of their share links (used up by this request).
    ///   - card: the sender's signed card, which the receiver gets with the request.
    ///   - note: within `NoteLimits` (HandshakeCore's `TextLength` rule) and the card's text rule; checked here
    ///     before anything is sent.
    @discardableResult
    public func sendFriendRequest(to target: FriendRequestTarget, card: SignedCard, note: String? = nil)
        async throws(MailboxClientError) -> MailboxFriendRequest
    {
        if let note, let breach = NoteLimits.check(note) {
            throw .refused(.badRequest(breach.sentence("The note")), owner: nil)
        }
        if let note, UntrustedText.needsCleaning(note) {
            throw .refused(.badRequest("The note holds control characters, bidirectional formatting or invisible characters, which a note may not hold."), owner: nil)
        }
        let (to, token): (String?, String?)
        switch target {
        case .nodeID(let nodeID): (to, token) = (nodeID.rawValue, nil)
        case .shareLink(let link): (to, token) = (nil, link.token)
        }
        let body = SendFriendRequestBody(to: to, token: token, card: Base64URL.encode(card.bytes), note: note)
        let response: FriendRequestResponse = try await call("POST", MailboxPath.friendRequests, json: body)
        let sent = try friendRequest(from: response)
        // A link that names its owner is a request to them: the server does not choose someone else.
        if case .shareLink(let link) = target, let owner = link.owner, sent.receiver != owner {
            throw .unexpectedAnswer("the server sent the request to \(sent.receiver.rawValue), not to \(owner.rawValue), who made the link.")
        }
        return sent
    }

    /// Accepts a request this account received, with this account's `card`: the sender's card comes back,
    /// verified, for the app to store through `HandshakeAccount`'s receive rule.
    /// - Returns: the request, accepted; its ``MailboxFriendRequest/senderCard`` is always there.
    public func acceptFriendRequest(_ id: String, card: SignedCard) async throws(MailboxClientError) -> MailboxFriendRequest {
        let response: FriendRequestResponse = try await call(
            "POST", MailboxPath.acceptFriendRequest, ["id": try Self.pathSafe(id)], json: AcceptFriendRequestBody(card: Base64URL.encode(card.bytes)))
        let request = try friendRequest(from: response)
        // The card the app is about to store must verify: one that does not is refused here, with why.
        _ = try verifiedCard(response.senderCard, of: request.sender)
        return request
    }

    /// Declines a request this account received; the sender sees it.
    @discardableResult
    public func declineFriendRequest(_ id: String) async throws(MailboxClientError) -> MailboxFriendRequest {
        try friendRequest(from: try await call("POST", MailboxPath.declineFriendRequest, ["id": try Self.pathSafe(id)]))
    }

    /// Withdraws a request this account sent; the receiver sees it.
    @discardableResult
    public func cancelFriendRequest(_ id: String) async throws(MailboxClientError) -> MailboxFriendRequest {
        try friendRequest(from: try await call("POST", MailboxPath.cancelFriendRequest, ["id": try Self.pathSafe(id)]))
    }

    /// The requests this account received (or sent), newest first, optionally only those in `status`.
    public func friendRequests(_ direction: FriendRequestDirection, status: FriendRequestStatus? = nil)
        async throws(MailboxClientError) -> [MailboxFriendRequest]
    {
        var query = "direction=\(direction.rawValue)"
        if let status { query += "&status=\(status.rawValue)" }
        let response: FriendRequestListResponse = try await call("GET", MailboxPath.friendRequests, query: query)
        var requests: [MailboxFriendRequest] = []
        for request in response.requests { requests.append(try friendRequest(from: request)) }
        return requests
    }

    /// One request this account is a party to.
    public func friendRequest(_ id: String) async throws(MailboxClientError) -> MailboxFriendRequest {
        try friendRequest(from: try await call("GET", MailboxPath.friendRequest, ["id": try Self.pathSafe(id)]))
    }

    /// How many received requests wait for an answer: the number on the app's badge.
    public func badge() async throws(MailboxClientError) -> Int {
        let response: BadgeResponse = try await call("GET", MailboxPath.badge)
        return response.pendingRequests
    }

    /// A request as the API sent it, its cards verified here. A card that does not verify, or is not its
    /// side's, is left out (`nil`), never shown.
    func friendRequest(from response: FriendRequestResponse) throws(MailboxClientError) -> MailboxFriendRequest {
        guard let sender = NodeID(response.sender), let receiver = NodeID(response.receiver) else {
            throw .unexpectedAnswer("a friend request whose sides are not Node IDs.")
        }
        // The id is printed and sent back in a path: checked here, where it arrives, as where it is sent.
        guard Self.isRequestID(response.id) else {
            throw .unexpectedAnswer("a friend request's id is \(UntrustedText.quoted(response.id, limit: 80)), which is not a request id.")
        }
        let note = response.note.map { UntrustedText.cleaned($0, limit: NoteLimits.characters) }
        return MailboxFriendRequest(
            id: response.id, sender: sender, receiver: receiver, senderCard: try? verifiedCard(response.senderCard, of: sender),
            receiverCard: response.receiverCard.flatMap { try? verifiedCard($0, of: receiver) },
            note: note, route: response.route, status: response.status, createdAt: response.createdAt, answeredAt: response.answeredAt)
    }

    /// `id` if it can go into a path as it is (a request id is a UUID or base62); a typed refusal otherwise.
    static func pathSafe(_ id: String) throws(MailboxClientError) -> String {
        guard isRequestID(id) else { throw .refused(.unknownRequest, owner: nil) }
        return id
    }

    /// Whether `id` is shaped as a request id: 1 to 64 ASCII letters, digits and `-` (a UUID, or base62).
    /// The one check for ids sent (``pathSafe(_:)``) and ids received (requests, events).
    package static func isRequestID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}

/// Whom a friend request goes to.
public enum FriendRequestTarget: Sendable, Equatable {
    /// The receiver's Node ID.
    case nodeID(NodeID)
    /// One of the receiver's share links; the request uses it up.
    case shareLink(ShareLink)

    /// A Node ID or a share link (any of its three forms) as a person typed or pasted it; `nil` for neither.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let nodeID = NodeID(trimmed) {
            self = .nodeID(nodeID)
        } else if let link = ShareLink(parsing: trimmed) {
            self = .shareLink(link)
        } else {
            return nil
        }
    }
}

/// Which of an account's requests to list.
public enum FriendRequestDirection: String, Sendable, CaseIterable {
    /// The requests others sent to the account.
    case received
    /// The requests the account sent.
    case sent
}

/// A friend request, its cards verified on this device.
public struct MailboxFriendRequest: Sendable, Equatable, Identifiable {
    /// The request's id, for answering it.
    public let id: String
    /// Who sent it.
    public let sender: NodeID
    /// Who it is for.
    public let receiver: NodeID
    /// The sender's card, verified here; `nil` if it did not verify (never shown then).
    public let senderCard: SignedCard?
    /// The receiver's card once they accepted, verified here.
    public let receiverCard: SignedCard?
    /// The sender's note, cut to the note limit and stripped of control and invisible characters.
    public let note: String?
    /// Whether it was sent by Node ID or by share link.
    public let route: FriendRequestRoute
    /// Pending, accepted, declined or cancelled.
    public let status: FriendRequestStatus
    /// When it was sent.
    public let createdAt: Date
    /// When it was answered.
    public let answeredAt: Date?

    /// The card of the other side, seen from `me`: the receiver's card for a request `me` sent, the
    /// sender's for one `me` received.
    public func otherCard(from me: NodeID) -> SignedCard? {
        me == sender ? receiverCard : senderCard
    }

    /// The other side's Node ID, seen from `me`.
    public func other(from me: NodeID) -> NodeID {
        me == sender ? receiver : sender
    }
}
