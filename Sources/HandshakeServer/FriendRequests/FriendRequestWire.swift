import Foundation
import HandshakeCore
import Hummingbird

/// The JSON bodies of the friend-request routes. Cards travel as unpadded base64url text, times as ISO 8601.

/// `POST /v1/friend-requests`: exactly one of `to` (a Node ID) or `token` (a share token), the sender's
/// signed card, and an optional note.
struct SendFriendRequestBody: Decodable {
    let to: String?
    let token: String?
    let card: String
    let note: String?
}

/// `POST /v1/friend-requests/{id}/accept`: the receiver's signed card.
struct AcceptFriendRequestBody: Decodable {
    let card: String
}

/// One friend request as clients see it.
struct FriendRequestResponse: ResponseEncodable {
    let id: String
    let sender: String
    let receiver: String
    let senderCard: String
    let receiverCard: String?
    let note: String?
    let route: FriendRequestRoute
    let status: FriendRequestStatus
    let createdAt: Date
    let answeredAt: Date?

    init(_ request: FriendRequest) {
        id = request.id
        sender = request.sender.rawValue
        receiver = request.receiver.rawValue
        senderCard = Base64URL.encode(request.senderCard)
        receiverCard = request.receiverCard.map { Base64URL.encode($0) }
        note = request.note
        route = request.route
        status = request.status
        createdAt = request.createdAt
        answeredAt = request.answeredAt
    }
}

/// A list of friend requests.
struct FriendRequestListResponse: ResponseEncodable {
    let requests: [FriendRequestResponse]
}

/// `GET /v1/badge`: how many received requests wait for an answer.
struct BadgeResponse: ResponseEncodable {
    let pendingRequests: Int
}
