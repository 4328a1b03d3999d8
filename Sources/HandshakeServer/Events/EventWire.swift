import Foundation
import Hummingbird

/// One event as clients see it, in the JSON list and as an SSE `data:` line.
struct EventResponse: ResponseEncodable {
    let id: Int64
    let type: MailboxEvent.Kind
    let requestId: String?
    let peer: String?
    let pendingRequests: Int?
    let createdAt: Date

    init(_ event: MailboxEvent) {
        id = event.id
        type = event.kind
        requestId = event.requestID
        peer = event.peer?.rawValue
        pendingRequests = event.pendingRequests
        createdAt = event.createdAt
    }
}

/// `GET /v1/events`: events after the given id, oldest first.
struct EventListResponse: ResponseEncodable {
    let events: [EventResponse]
}
