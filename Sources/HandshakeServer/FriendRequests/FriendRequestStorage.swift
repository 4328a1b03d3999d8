import Foundation
import HandshakeCore
import HandshakeMailbox

/// The queries behind friend requests: send (burning a share link when that is how it was addressed),
/// answer, list and count.
///
/// Sending by link is one transaction: the link's state is checked, it is burned by a conditional update
/// (`… WHERE used_at IS NULL …`) that succeeds for one caller only, and the request is inserted — or
/// nothing happens. Accepting is one transaction too: the status moves from `pending` and both contacts
/// are written. Cards are verified by the routes before they get here.
public protocol FriendRequestStorage: Sendable {
    /// Stores a new pending request, or throws the `MailboxError` that refuses it.
    func sendFriendRequest(_ draft: FriendRequestDraft, now: Date) async throws -> FriendRequest
    /// The request with this id if `account` is its sender or receiver; `MailboxError/unknownRequest` otherwise.
    func friendRequest(id: String, visibleTo account: NodeID) async throws -> FriendRequest
    /// Applies `answer` from `account`: accept and decline by the receiver, cancel by the sender, and only
    /// while pending. On accept, each side gains the other as a contact holding the other's card.
    func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date) async throws -> FriendRequest
    /// Requests `account` received (or, with `sent`, sent), newest first, optionally of one status.
    func friendRequests(of account: NodeID, sent: Bool, status: FriendRequestStatus?) async throws -> [FriendRequest]
    /// How many received requests wait for `account`'s answer: the badge.
    func pendingReceivedCount(of account: NodeID) async throws -> Int
}
