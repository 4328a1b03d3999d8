import Foundation
import HandshakeCore
import HandshakeMailbox

/// A friend request between two accounts, with the cards each side signed.
///
/// The sender's card is verified and checked to be the sender's before the request is stored; on
/// accept, so is the receiver's. The server keeps the bytes verbatim so each side can verify the
/// other's card again on its own device.
public struct FriendRequest: Sendable, Equatable {
    /// The request's id (a random UUID, lowercased).
    public let id: String
    /// Who sent it.
    public let sender: NodeID
    /// Who it is for.
    public let receiver: NodeID
    /// The sender's signed card (COSE_Sign1 bytes).
    public let senderCard: [UInt8]
    /// The receiver's signed card, once accepted.
    public let receiverCard: [UInt8]?
    /// The sender's optional note (at most ``MailboxPolicy/noteMaxCharacters`` Unicode scalars).
    public let note: String?
    /// How it was addressed.
    public let route: FriendRequestRoute
    /// Where it is in its life.
    public let status: FriendRequestStatus
    /// When it was sent.
    public let createdAt: Date
    /// When it was accepted, declined or cancelled.
    public let answeredAt: Date?

    /// This request as `answer` leaves it at `now` (to the millisecond, as stored).
    func answered(_ answer: FriendRequestAnswer, at now: Date) -> FriendRequest {
        var receiverCard = receiverCard
        if case .accept(let card) = answer { receiverCard = card }
        return FriendRequest(
            id: id, sender: sender, receiver: receiver, senderCard: senderCard, receiverCard: receiverCard, note: note, route: route,
            status: answer.resultingStatus, createdAt: createdAt, answeredAt: Date(unixMillis: now.unixMillis))
    }
}

/// Who a new friend request is for, as the server reads it: an account by Node ID, or the owner of a share link
/// (HandshakeMailbox's `FriendRequestTarget` is the same choice as a client sends it, with the link itself).
public enum FriendRequestAddressee: Sendable, Equatable {
    /// The account with this Node ID.
    case nodeID(NodeID)
    /// The owner of the share link with this token hash; sending burns the link.
    case shareLink(tokenHash: [UInt8])
}

/// A friend request about to be sent: everything but what storage decides (id, receiver by token, times).
public struct NewFriendRequest: Sendable {
    /// The authenticated sender.
    public var sender: NodeID
    /// Who it is for.
    public var target: FriendRequestAddressee
    /// The sender's verified card bytes.
    public var senderCard: [UInt8]
    /// The optional note.
    public var note: String?

    /// A request from `sender` to `target`, carrying the sender's verified card and an optional note.
    public init(sender: NodeID, target: FriendRequestAddressee, senderCard: [UInt8], note: String?) {
        (self.sender, self.target, self.senderCard, self.note) = (sender, target, senderCard, note)
    }
}

/// How many requests one account may send, and receive by Node ID, in a sliding window
/// (``MailboxPolicy/friendRequests``), applied by ``FriendRequestRules``. The storage counts and inserts in
/// one transaction, so the limits hold across instances.
public struct FriendRequestLimits: Sendable {
    /// Requests one account may send within `window`, by any route: far above what a person sends, and a
    /// bound on what one account (a fresh one made for spam) can push.
    public var perSender: Int
    /// Requests by Node ID one account may receive within `window`, from everyone together: a person's
    /// inbox cannot be flooded by many fresh accounts. Requests by share link are not counted; each link
    /// carries one, and its owner made it (20 an hour at most).
    public var perReceiver: Int
    /// The sliding window, in seconds.
    public var window: TimeInterval

    /// Limits of `perSender` sent and `perReceiver` received by Node ID within `window` seconds; by
    /// default 30 and 20 an hour.
    public init(perSender: Int = 30, perReceiver: Int = 20, window: TimeInterval = 60 * 60) {
        (self.perSender, self.perReceiver, self.window) = (perSender, perReceiver, window)
    }
}

/// The answer one side gives to a pending request.
public enum FriendRequestAnswer: Sendable, Equatable {
    /// The receiver accepts, with its own verified card bytes.
    case accept(receiverCard: [UInt8])
    /// The receiver declines.
    case decline
    /// The sender withdraws it.
    case cancel

    /// The status the request takes.
    var resultingStatus: FriendRequestStatus {
        switch self {
        case .accept: .accepted
        case .decline: .declined
        case .cancel: .cancelled
        }
    }
}
