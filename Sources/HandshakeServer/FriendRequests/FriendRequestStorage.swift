import Foundation
import HandshakeCore
import HandshakeMailbox

/// The queries behind friend requests: send (burning a share link when that is how it was addressed),
/// answer, list and count.
///
/// The rules are not here: they are ``FriendRequestRules``, which a backend asks inside its transactions,
/// so each is written once. What a backend owns is making the facts it reads stay true until it writes:
/// sending reads the target (a link so that no other transaction can use it meanwhile), asks
/// ``FriendRequestRules/receiver(from:_:now:)``, takes the pair's locks, reads ``FriendRequestPairFacts``, asks
/// ``FriendRequestRules/admit(_:route:now:)``, then burns the link and inserts the request — all in one
/// transaction, or nothing happens. Answering reads the request so that no other answer can change it
/// meanwhile, asks ``FriendRequestRules/answerable(_:by:answer:)``, then moves its status and, on accept,
/// writes both contacts. What each writes (events included) is `FriendRequestChanges`', decided once; a backend
/// applies it. Cards are verified by the routes before they get here.
public protocol FriendRequestStorage: Sendable {
    /// Stores a new pending request that `rules` admit, or throws the `MailboxError` they refuse it with.
    func sendFriendRequest(_ draft: NewFriendRequest, now: Date, rules: FriendRequestRules) async throws -> FriendRequest
    /// The request with this id, whoever it belongs to (``FriendRequestRules/visible(_:to:)`` decides who
    /// may see it).
    func friendRequest(id: String) async throws -> FriendRequest?
    /// Applies `answer` from `account` if `rules` find it answerable; on accept, each side gains the other
    /// as a contact holding the other's card.
    func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date, rules: FriendRequestRules) async throws
        -> FriendRequest
    /// Requests `account` received (or, with `sent`, sent), newest first, optionally of one status.
    func friendRequests(of account: NodeID, sent: Bool, status: FriendRequestStatus?) async throws -> [FriendRequest]
    /// How many received requests wait for `account`'s answer: the badge.
    func pendingReceivedCount(of account: NodeID) async throws -> Int
}
