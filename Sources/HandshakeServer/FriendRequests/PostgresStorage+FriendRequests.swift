import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``FriendRequestStorage`` on PostgreSQL, where transactions run side by side on any number of instances
/// (READ COMMITTED), so what a transaction reads is made to stay true by locks until it commits:
/// - sending by link reads the link `FOR UPDATE`: a second request with the same token waits for the
///   first to commit, then reads the link as used (or, if the first rolled back, as it was), so across every
///   instance a link is used once;
/// - a transaction lock per pair of accounts (`PostgresLockSpace/requestPair`) keeps "one pending request
///   between two people" true, and the sender's and receiver's count locks (`requestsSent`, then
///   `requestsReceived`: no two transactions wait on each other crosswise) make the hourly counts include
///   every request committed on another instance;
/// - answering reads the request `FOR UPDATE`: a second answer waits, then reads the status the first left.
/// The rules are asked (``FriendRequestRules``) between those reads and the writes, which are
/// `FriendRequestChanges`' (the event logs they write locked first); a refusal rolls back the whole
/// transaction. Each event is announced (NOTIFY) in the same transaction.
extension PostgresStorage {
    /// ``FriendRequestStorage/sendFriendRequest(_:now:rules:)`` on PostgreSQL, as the extension above describes.
    public func sendFriendRequest(_ draft: NewFriendRequest, now: Date, rules: FriendRequestRules) async throws -> FriendRequest {
        try await transaction { connection in
            let target: FriendRequestAddresseeFacts
            switch draft.target {
            case .nodeID(let nodeID):
                let exists = try await !rows("SELECT 1 FROM account WHERE node_id = \(nodeID.rawValue)", on: connection).isEmpty
                target = .account(nodeID, exists: exists)
            case .shareLink(let tokenHash):
                target = .shareLink(try await shareLink(tokenHash: tokenHash, lockedOn: connection))
            }
            let (receiver, route) = try rules.receiver(from: draft.sender, target, now: now)
            try await lockPair(draft.sender, receiver, on: connection)
            let facts = try await pairFacts(draft.sender, receiver, window: rules.limits.window, now: now, on: connection)
            try rules.admit(facts, route: route, now: now)
            let changes = FriendRequestChanges.sending(draft, to: receiver, route: route, now: now)
            try await lockEventLogs(of: changes.eventLogs, on: connection)
            try await apply(changes, on: connection)
            return changes.request
        }
    }

    /// ``FriendRequestStorage/friendRequest(id:)`` on PostgreSQL.
    public func friendRequest(id: String) async throws -> FriendRequest? {
        try await friendRequest(id: id, on: nil)
    }

    /// ``FriendRequestStorage/answerFriendRequest(id:by:answer:now:rules:)`` on PostgreSQL, as the extension above describes.
    public func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date, rules: FriendRequestRules) async throws
        -> FriendRequest
    {
        try await transaction { connection in
            let locked = try await rows("SELECT * FROM friend_request WHERE id = \(id) FOR UPDATE", on: connection).first.map(Self.friendRequest(row:))
            let request = try rules.answerable(locked, by: account, answer: answer)
            let changes = FriendRequestChanges.answering(request, with: answer, now: now)
            try await lockEventLogs(of: changes.eventLogs, on: connection)
            try await apply(changes, on: connection)
            return changes.request
        }
    }

    /// Writes `changes` inside the caller's transaction, which holds the locks of their event logs.
    func apply(_ changes: FriendRequestChanges, on connection: PostgresConnection) async throws {
        let now = changes.now.unixMillis
        for change in changes.changes {
            switch change {
            case .useShareLink(let tokenHash, let sender):
                try await execute(
                    "UPDATE share_link SET used_at = \(now), used_by = \(sender.rawValue) WHERE token_hash = \(tokenHash.bytea)", on: connection)
            case .insert(let request):
                try await execute(
                    """
                    INSERT INTO friend_request (id, sender, receiver, sender_card, note, route, status, created_at)
                    VALUES (\(request.id), \(request.sender.rawValue), \(request.receiver.rawValue), \(request.senderCard.bytea), \(request.note),
                            \(request.route.rawValue), 'pending', \(request.createdAt.unixMillis))
                    """, on: connection)
            case .answer(let request):
                try await execute(
                    """
                    UPDATE friend_request SET status = \(request.status.rawValue), answered_at = \(now), receiver_card = \(request.receiverCard?.bytea)
                    WHERE id = \(request.id)
                    """, on: connection)
            case .contact(let owner, let contact, let card):
                try await execute(
                    """
                    INSERT INTO contact (owner, contact, card, favorite, added_at)
                    VALUES (\(owner.rawValue), \(contact.rawValue), \(card.bytea), FALSE, \(now))
                    ON CONFLICT (owner, contact) DO UPDATE SET card = excluded.card, added_at = excluded.added_at
                    """, on: connection)
            case .event(let kind, let account, let peer):
                try await recordEvent(kind, for: account, request: changes.request.id, peer: peer, now: changes.now, on: connection)
            case .badge(let account):
                try await recordBadge(for: account, now: changes.now, on: connection)
            }
        }
    }

    /// ``FriendRequestStorage/friendRequests(of:sent:status:)`` on PostgreSQL, as the extension above describes.
    public func friendRequests(of account: NodeID, sent: Bool, status: FriendRequestStatus?) async throws -> [FriendRequest] {
        let column = sent ? "sender" : "receiver"
        return try await rows(
            """
            SELECT * FROM friend_request WHERE \(unescaped: column) = \(account.rawValue)
              AND (\(status?.rawValue)::TEXT IS NULL OR status = \(status?.rawValue))
            ORDER BY created_at DESC, id COLLATE "C" LIMIT 500
            """
        ).map(Self.friendRequest(row:))
    }

    /// ``FriendRequestStorage/pendingReceivedCount(of:)`` on PostgreSQL, as the extension above describes.
    public func pendingReceivedCount(of account: NodeID) async throws -> Int {
        Int(try await rows("SELECT count(*) AS n FROM friend_request WHERE receiver = \(account.rawValue) AND status = 'pending'")
            .first?.int64("n") ?? 0)
    }

    /// What the rules need to know about `sender` and `receiver`, under the pair's lock: the requests each
    /// counts against its limit in the `window` before `now`, each count taken under that account's lock
    /// (sender first, then receiver), whether they are contacts, and what is pending between them.
    func pairFacts(_ sender: NodeID, _ receiver: NodeID, window: TimeInterval, now: Date, on connection: PostgresConnection) async throws
        -> FriendRequestPairFacts
    {
        let windowStart = now.addingTimeInterval(-window).unixMillis
        try await lock(.requestsSent, sender.rawValue, on: connection)
        let sent = try await rows(
            "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE sender = \(sender.rawValue) AND created_at > \(windowStart)",
            on: connection)
        try await lock(.requestsReceived, receiver.rawValue, on: connection)
        let received = try await rows(
            """
            SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request
            WHERE receiver = \(receiver.rawValue) AND route = \(FriendRequestRoute.nodeId.rawValue) AND created_at > \(windowStart)
            """, on: connection)
        let areContacts = try await !rows(
            "SELECT 1 FROM contact WHERE owner = \(sender.rawValue) AND contact = \(receiver.rawValue)", on: connection
        ).isEmpty
        return FriendRequestPairFacts(
            sentBySender: try Self.windowCount(sent.first), receivedByNodeID: try Self.windowCount(received.first), areContacts: areContacts,
            pendingFromSender: try await pendingRequestExists(from: sender, to: receiver, on: connection),
            pendingFromReceiver: try await pendingRequestExists(from: receiver, to: sender, on: connection))
    }

    /// Waits for (then holds until commit) the lock on the pair `a`–`b`, whichever way round.
    func lockPair(_ a: NodeID, _ b: NodeID, on connection: PostgresConnection) async throws {
        let (low, high) = a.rawValue < b.rawValue ? (a.rawValue, b.rawValue) : (b.rawValue, a.rawValue)
        try await lock(.requestPair, low + ":" + high, on: connection)
    }

    func pendingRequestExists(from sender: NodeID, to receiver: NodeID, on connection: PostgresConnection) async throws -> Bool {
        try await !rows(
            "SELECT 1 FROM friend_request WHERE sender = \(sender.rawValue) AND receiver = \(receiver.rawValue) AND status = 'pending'",
            on: connection
        ).isEmpty
    }

    func friendRequest(id: String, on connection: PostgresConnection?) async throws -> FriendRequest? {
        try await rows("SELECT * FROM friend_request WHERE id = \(id)", on: connection).first.map(Self.friendRequest(row:))
    }

    static func friendRequest(row: PostgresRandomAccessRow) throws -> FriendRequest {
        let routeText = try row.string("route")
        let statusText = try row.string("status")
        guard let route = FriendRequestRoute(rawValue: routeText) else { throw StorageCorruption(column: "route", value: routeText) }
        guard let status = FriendRequestStatus(rawValue: statusText) else { throw StorageCorruption(column: "status", value: statusText) }
        return FriendRequest(
            id: try row.string("id"), sender: try row.nodeID("sender"), receiver: try row.nodeID("receiver"),
            senderCard: try row.bytes("sender_card") ?? [], receiverCard: try row.bytes("receiver_card"), note: try row.optionalString("note"),
            route: route, status: status, createdAt: try row.date("created_at") ?? .distantPast, answeredAt: try row.date("answered_at"))
    }
}
