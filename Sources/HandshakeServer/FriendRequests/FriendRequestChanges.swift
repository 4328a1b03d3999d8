// Establishes what a friend request's send or answer writes, once the rules have let it go ahead: the link it
// burns, the request inserted or moved on, the contacts an accept makes, and the events each side hears. It is
// decided here, once for every backend; a backend only applies each change, in order, inside the transaction
// that read the facts (and, where transactions run side by side, locks the event logs the changes name first).
import Foundation
import HandshakeCore
import HandshakeMailbox

/// The writes of one send or answer, and the request as they leave it.
struct FriendRequestChanges: Sendable, Equatable {
    /// One write.
    enum Change: Sendable, Equatable {
        /// The share link the request was addressed by is used, by the sender.
        case useShareLink(tokenHash: [UInt8], by: NodeID)
        /// The new request is stored, pending.
        case insert(FriendRequest)
        /// The answered request's status and answer time, and on accept the receiver's card, are stored.
        case answer(FriendRequest)
        /// `owner`'s list holds `contact` with `card` (a previous, deleted entry is replaced).
        case contact(owner: NodeID, contact: NodeID, card: [UInt8])
        /// `account` hears `kind` about the request, whose other side is `peer`.
        case event(MailboxEvent.Kind, for: NodeID, peer: NodeID)
        /// `account`'s count of requests waiting for an answer is recorded as it stands after the writes before.
        case badge(for: NodeID)
    }

    /// The request after these writes.
    let request: FriendRequest
    /// The writes, in the order they are applied.
    let changes: [Change]
    /// When they happen.
    let now: Date

    /// The accounts whose event logs the changes write (which a backend whose transactions run side by side
    /// locks first).
    var eventLogs: Set<NodeID> {
        Set(changes.compactMap { change -> NodeID? in
            switch change {
            case .event(_, let account, _), .badge(let account): account
            default: nil
            }
        })
    }

    /// What sending `draft` to `receiver` by `route` at `now` writes: the link it was addressed by burned, the
    /// request inserted, and the receiver told of it (an event and their badge).
    static func sending(_ draft: NewFriendRequest, to receiver: NodeID, route: FriendRequestRoute, now: Date) -> FriendRequestChanges {
        let request = FriendRequest(
            id: UUID().uuidString.lowercased(), sender: draft.sender, receiver: receiver, senderCard: draft.senderCard,
            receiverCard: nil, note: draft.note, route: route, status: .pending, createdAt: now, answeredAt: nil)
        var changes: [Change] = []
        if case .shareLink(let tokenHash) = draft.target { changes.append(.useShareLink(tokenHash: tokenHash, by: draft.sender)) }
        changes += [.insert(request), .event(.friendRequestReceived, for: receiver, peer: draft.sender), .badge(for: receiver)]
        return FriendRequestChanges(request: request, changes: changes, now: now)
    }

    /// What `answer` to the pending `request` at `now` writes: its new status; on accept, each side's list
    /// holding the other's card; the side that did not answer told; and the receiver's badge, whatever the answer.
    static func answering(_ request: FriendRequest, with answer: FriendRequestAnswer, now: Date) -> FriendRequestChanges {
        let answered = request.answered(answer, at: now)
        var changes: [Change] = [.answer(answered)]
        switch answer {
        case .accept(let receiverCard):
            changes += [
                .contact(owner: request.sender, contact: request.receiver, card: receiverCard),
                .contact(owner: request.receiver, contact: request.sender, card: request.senderCard),
                .event(.friendRequestAccepted, for: request.sender, peer: request.receiver),
            ]
        case .decline: changes.append(.event(.friendRequestDeclined, for: request.sender, peer: request.receiver))
        case .cancel: changes.append(.event(.friendRequestCancelled, for: request.receiver, peer: request.sender))
        }
        changes.append(.badge(for: request.receiver))
        return FriendRequestChanges(request: answered, changes: changes, now: now)
    }
}
