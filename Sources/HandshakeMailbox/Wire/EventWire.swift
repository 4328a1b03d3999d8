import Foundation

/// The kinds of event an account hears of, and their JSON (`GET /v1/events` and the `data:` line of each
/// message of `GET /v1/events/stream`).

/// What happened to an account.
public enum MailboxEventKind: String, Sendable, Codable, CaseIterable {
    /// A friend request arrived (to the receiver).
    case friendRequestReceived
    /// The receiver accepted (to the sender).
    case friendRequestAccepted
    /// The receiver declined (to the sender).
    case friendRequestDeclined
    /// The sender withdrew it (to the receiver).
    case friendRequestCancelled
    /// The number of pending received requests changed (to the receiver).
    case badge
}

/// One event as clients see it, in the JSON list and as an SSE `data:` line.
package struct EventResponse: Codable, Sendable {
    package let id: Int64
    package let type: MailboxEventKind
    package let requestId: String?
    package let peer: String?
    package let pendingRequests: Int?
    package let createdAt: Date

    package init(id: Int64, type: MailboxEventKind, requestId: String?, peer: String?, pendingRequests: Int?, createdAt: Date) {
        self.id = id
        self.type = type
        self.requestId = requestId
        self.peer = peer
        self.pendingRequests = pendingRequests
        self.createdAt = createdAt
    }
}

/// `GET /v1/events`: events after the given id, oldest first.
package struct EventListResponse: Codable, Sendable {
    package let events: [EventResponse]

    package init(events: [EventResponse]) { self.events = events }
}
