import HandshakeCore
import HandshakeMailbox
import Hummingbird

// The friend-request bodies are HandshakeMailbox's; the server writes them from its stored requests.
extension FriendRequestResponse: ResponseEncodable {
    init(_ request: FriendRequest) {
        self.init(
            id: request.id, sender: request.sender.rawValue, receiver: request.receiver.rawValue,
            senderCard: Base64URL.encode(request.senderCard), receiverCard: request.receiverCard.map { Base64URL.encode($0) },
            note: request.note, route: request.route, status: request.status, createdAt: request.createdAt, answeredAt: request.answeredAt)
    }
}

extension FriendRequestListResponse: ResponseEncodable {}
extension BadgeResponse: ResponseEncodable {}
