import Foundation

/// The JSON bodies of the friend-request routes. Cards travel as unpadded base64url text, times as ISO 8601.

/// `POST /v1/friend-requests`: exactly one of `to` (a Node ID) or `token` (a share token), the sender's
/// signed card, and an optional note.
package struct SendFriendRequestBody: Codable, Sendable {
    package let to: String?
    package let token: String?
    package let card: String
    package let note: String?

    package init(to: String?, token: String?, card: String, note: String?) {
        self.to = to
        self.token = token
        self.card = card
        self.note = note
    }
}

/// `POST /v1/friend-requests/{id}/accept`: the receiver's signed card.
package struct AcceptFriendRequestBody: Codable, Sendable {
    package let card: String

    package init(card: String) { self.card = card }
}

/// One friend request as both sides see it.
package struct FriendRequestResponse: Codable, Sendable {
    package let id: String
    package let sender: String
    package let receiver: String
    package let senderCard: String
    package let receiverCard: String?
    package let note: String?
    package let route: FriendRequestRoute
    package let status: FriendRequestStatus
    package let createdAt: Date
    package let answeredAt: Date?

    package init(
        id: String, sender: String, receiver: String, senderCard: String, receiverCard: String?, note: String?,
        route: FriendRequestRoute, status: FriendRequestStatus, createdAt: Date, answeredAt: Date?
    ) {
        self.id = id
        self.sender = sender
        self.receiver = receiver
        self.senderCard = senderCard
        self.receiverCard = receiverCard
        self.note = note
        self.route = route
        self.status = status
        self.createdAt = createdAt
        self.answeredAt = answeredAt
    }
}

/// `GET /v1/friend-requests`: a list of friend requests.
package struct FriendRequestListResponse: Codable, Sendable {
    package let requests: [FriendRequestResponse]

    package init(requests: [FriendRequestResponse]) { self.requests = requests }
}

/// `GET /v1/badge`: how many received requests wait for an answer.
package struct BadgeResponse: Codable, Sendable {
    package let pendingRequests: Int

    package init(pendingRequests: Int) { self.pendingRequests = pendingRequests }
}
