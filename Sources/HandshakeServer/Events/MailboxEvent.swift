import Foundation
import HandshakeCore
import HandshakeMailbox

/// Something that happened to an account, kept so the account's devices hear of it: a request received,
/// accepted, declined or cancelled, or a new badge count.
///
/// Events are written in the same transaction as the change they report, so none is lost and none
/// reports a change that was rolled back. Ids grow strictly per server database, across restarts and
/// restores from a backup (``EventNumbering``); a client that
/// reconnects with the last id it saw (`Last-Event-ID`) gets exactly the ones after it. What an event does
/// not carry: cards — the client fetches the request to get them.
public struct MailboxEvent: Sendable, Equatable {
    /// The kinds of event (the API's, from HandshakeMailbox).
    public typealias Kind = MailboxEventKind

    /// Increasing id, the SSE `id:`.
    public let id: Int64
    /// Whose event it is.
    public let account: NodeID
    /// What happened.
    public let kind: Kind
    /// The friend request concerned (not for `badge`).
    public let requestID: String?
    /// The other side of that request (not for `badge`).
    public let peer: NodeID?
    /// The pending count (for `badge`).
    public let pendingRequests: Int?
    /// When it happened.
    public let createdAt: Date
}

/// The queries behind the event log.
public protocol EventStorage: Sendable {
    /// `account`'s events with ids greater than `after`, oldest first, at most `limit`.
    func events(of account: NodeID, after: Int64, limit: Int) async throws -> [MailboxEvent]

    /// Makes the next event's id greater than `floor` (``EventNumbering``), unless ids are already past it;
    /// ids never go down. The server calls it when it starts.
    func continueEventIDs(above floor: Int64) async throws
}
