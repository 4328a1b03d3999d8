// Establishes every rule a friend request is held to, written once for every backend: who it may be for
// (not oneself, an account that exists, a link that is not one's own and still usable), whether it may be
// sent (the hourly limits, not to a contact, one pending request between two people), who may see it and who
// may answer it, and only while it is pending. Each rule is a function of facts a backend reads inside the
// transaction that then writes, so what must be atomic (one use of a link, the limits exact across
// instances) stays each backend's: it reads the facts under its locks, asks here, and writes.
import Foundation
import HandshakeCore
import HandshakeMailbox

/// What a friend request's target is, as a backend read it inside the sending transaction.
public enum FriendRequestAddresseeFacts: Sendable, Equatable {
    /// Addressed by Node ID: that account, and whether it exists.
    case account(NodeID, exists: Bool)
    /// Addressed by share link: the link as stored, read so that no other transaction can use it before
    /// this one ends (a row lock, or SQLite's single writer); `nil` when no link has the token.
    case shareLink(ShareLinkRecord?)
}

/// What the rules need to know about a sender and a receiver, read inside the sending transaction under
/// the locks that keep it true until the request is inserted.
public struct FriendRequestPairFacts: Sendable, Equatable {
    /// Requests the sender sent, by any route, in the window of ``FriendRequestLimits/window``.
    public var sentBySender: WindowCount
    /// Requests by Node ID the receiver received in that window, from everyone together.
    public var receivedByNodeID: WindowCount
    /// Whether the receiver is already in the sender's contacts.
    public var areContacts: Bool
    /// Whether a request from the sender to the receiver is pending.
    public var pendingFromSender: Bool
    /// Whether a request from the receiver to the sender is pending.
    public var pendingFromReceiver: Bool

    /// The facts about one pair.
    public init(
        sentBySender: WindowCount, receivedByNodeID: WindowCount, areContacts: Bool, pendingFromSender: Bool, pendingFromReceiver: Bool
    ) {
        self.sentBySender = sentBySender
        self.receivedByNodeID = receivedByNodeID
        self.areContacts = areContacts
        self.pendingFromSender = pendingFromSender
        self.pendingFromReceiver = pendingFromReceiver
    }
}

/// The rules of friend requests, as decisions over facts (``FriendRequestAddresseeFacts``,
/// ``FriendRequestPairFacts``, a stored ``FriendRequest``): each returns what may go ahead or throws the
/// `MailboxError` that refuses it. ``MailboxRules`` hands them to the storage, which asks them inside its
/// transactions; tests ask them directly.
///
/// The order of the refusals is part of the rule (a person is told the first that applies): for sending,
/// who it is for (self, unknown account; for a link: own, revoked, used, expired), then the sender's limit,
/// the receiver's (by Node ID only), already contacts, a request already pending either way.
public struct FriendRequestRules: Sendable {
    /// The hourly limits on sending and receiving.
    public var limits: FriendRequestLimits

    /// Rules with these limits.
    public init(limits: FriendRequestLimits) {
        self.limits = limits
    }

    /// The sender's limit, by any route.
    public var sentLimit: WindowLimit { WindowLimit(.friendRequestsSent, limit: limits.perSender, window: limits.window) }
    /// The receiver's limit, on requests by Node ID.
    public var receivedLimit: WindowLimit { WindowLimit(.friendRequestsReceived, limit: limits.perReceiver, window: limits.window) }

    /// Who a request from `sender` to `target` is for, and by which route: not the sender themself, an
    /// account that exists, or the owner of a link that is not the sender's and is still usable at `now`.
    public func receiver(from sender: NodeID, _ target: FriendRequestAddresseeFacts, now: Date) throws(MailboxError)
        -> (receiver: NodeID, route: FriendRequestRoute)
    {
        switch target {
        case .account(let receiver, let exists):
            if receiver == sender { throw .selfRequest }
            guard exists else { throw .unknownAccount }
            return (receiver, .nodeId)
        case .shareLink(let link):
            guard let link else { throw .linkUnknown }
            if let refusal = link.refusal(at: now, by: sender) { throw refusal }
            return (link.owner, .token)
        }
    }

    /// Whether a request by `route` may go from sender to receiver, given `facts` about the two at `now`:
    /// within the sender's limit and (by Node ID) the receiver's, not to a contact, and not while a
    /// request between them is pending either way.
    public func admit(_ facts: FriendRequestPairFacts, route: FriendRequestRoute, now: Date) throws(MailboxError) {
        try sentLimit.admit(facts.sentBySender, now: now)
        // A link's owner gave it out, so a request by link is never counted against their inbox.
        if route == .nodeId { try receivedLimit.admit(facts.receivedByNodeID, now: now) }
        if facts.areContacts { throw .alreadyContacts }
        if facts.pendingFromSender { throw .requestPending }
        if facts.pendingFromReceiver { throw .incomingRequestPending }
    }

    /// `request` if `account` is its sender or receiver. Anyone else is told it is unknown, never that it
    /// is forbidden, so its id reveals nothing.
    public func visible(_ request: FriendRequest?, to account: NodeID) throws(MailboxError) -> FriendRequest {
        guard let request, request.sender == account || request.receiver == account else { throw .unknownRequest }
        return request
    }

    /// Whether `account` may give `answer` to `request`, as read (locked) in the answering transaction:
    /// accept and decline by the receiver, cancel by the sender, and only while it is pending.
    public func answerable(_ request: FriendRequest?, by account: NodeID, answer: FriendRequestAnswer) throws(MailboxError) -> FriendRequest {
        let request = try visible(request, to: account)
        let answerer = if case .cancel = answer { request.sender } else { request.receiver }
        guard answerer == account else { throw .notYourAnswer }
        guard request.status == .pending else { throw .requestNotPending(request.status) }
        return request
    }
}
