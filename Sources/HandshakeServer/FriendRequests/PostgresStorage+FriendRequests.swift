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
/// The rules are asked (``FriendRequestRules``) between those reads and the writes; a refusal rolls back the
/// whole transaction. Each change records its events (``MailboxEvent``) and announces them (NOTIFY) in the
/// same transaction.
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
            try await lockEventLogs(of: [receiver], on: connection)
            if case .shareLink(let tokenHash) = draft.target {
                try await execute(
                    "UPDATE share_link SET used_at = \(now.unixMillis), used_by = \(draft.sender.rawValue) WHERE token_hash = \(tokenHash.bytea)",
                    on: connection)
            }

            let request = FriendRequest(
                id: UUID().uuidString.lowercased(), sender: draft.sender, receiver: receiver, senderCard: draft.senderCard,
                receiverCard: nil, note: draft.note, route: route, status: .pending, createdAt: now, answeredAt: nil)
            try await execute(
                """
                INSERT INTO friend_request (id, sender, receiver, sender_card, note, route, status, created_at)
                VALUES (\(request.id), \(draft.sender.rawValue), \(receiver.rawValue), \(draft.senderCard.bytea), \(draft.note),
                        \(route.rawValue), 'pending', \(now.unixMillis))
                """, on: connection)
            try await recordEvent(.friendRequestReceived, for: receiver, request: request.id, peer: draft.sender, now: now, on: connection)
            try await recordBadge(for: receiver, now: now, on: connection)
            return request
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
            try await lockEventLogs(of: [request.sender, request.receiver], on: connection)
            var receiverCard: [UInt8]?
            if case .accept(let card) = answer { receiverCard = card }
            try await execute(
                """
                UPDATE friend_request SET status = \(answer.resultingStatus.rawValue), answered_at = \(now.unixMillis),
                       receiver_card = \(receiverCard?.bytea)
                WHERE id = \(id)
                """, on: connection)
            if let receiverCard {
                // Each side's list holds the other's card; a previous (deleted) entry is replaced.
                for (owner, contact, card) in [
                    (request.sender, request.receiver, receiverCard), (request.receiver, request.sender, request.senderCard),
                ] {
                    try await execute(
                        """
                        INSERT INTO contact (owner, contact, card, favorite, added_at)
                        VALUES (\(owner.rawValue), \(contact.rawValue), \(card.bytea), FALSE, \(now.unixMillis))
                        ON CONFLICT (owner, contact) DO UPDATE SET card = excluded.card, added_at = excluded.added_at
                        """, on: connection)
                }
            }
            // The side that did not answer hears of it; the receiver's badge changes whatever the answer.
            switch answer {
            case .accept:
                try await recordEvent(.friendRequestAccepted, for: request.sender, request: id, peer: request.receiver, now: now, on: connection)
            case .decline:
                try await recordEvent(.friendRequestDeclined, for: request.sender, request: id, peer: request.receiver, now: now, on: connection)
            case .cancel:
                try await recordEvent(.friendRequestCancelled, for: request.receiver, request: id, peer: request.sender, now: now, on: connection)
            }
            try await recordBadge(for: request.receiver, now: now, on: connection)
            return request.answered(answer, at: now)
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
