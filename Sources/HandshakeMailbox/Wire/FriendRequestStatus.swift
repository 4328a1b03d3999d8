/// The states and routes of a friend request, as the mailbox API names them (docs/api/openapi.yaml): the
/// server stores them, the client reads them, both from these two types.

/// Where a friend request is in its life. Every request starts `pending` and ends in exactly one of the
/// other three; the other side sees the ending in its lists, so no one is left waiting.
public enum FriendRequestStatus: String, Sendable, Codable, CaseIterable {
    /// Sent, not answered yet.
    case pending
    /// The receiver accepted: both accounts now hold each other as contacts.
    case accepted
    /// The receiver declined.
    case declined
    /// The sender withdrew it before an answer.
    case cancelled
}

/// How the sender addressed the request: by the receiver's Node ID or by one of the receiver's share links.
public enum FriendRequestRoute: String, Sendable, Codable {
    /// By Node ID.
    case nodeId
    /// By share token (the token was burned by this request).
    case token
}
