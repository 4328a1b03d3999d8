import HandshakeMailbox
import Hummingbird

// The event bodies are HandshakeMailbox's; the server writes them from its stored events.
extension EventResponse: ResponseEncodable {
    init(_ event: MailboxEvent) {
        self.init(
            id: event.id, type: event.kind, requestId: event.requestID, peer: event.peer?.rawValue, pendingRequests: event.pendingRequests,
            createdAt: event.createdAt)
    }
}

extension EventListResponse: ResponseEncodable {}
