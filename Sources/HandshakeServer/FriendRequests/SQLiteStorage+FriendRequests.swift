import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``FriendRequestStorage`` on SQLite. SQLite runs write transactions one at a time, so what a sending or
/// answering transaction reads stays true until it commits: a link read as unused cannot be used by another
/// request before this one burns it, the counts behind the limits cannot change under it, and a pending
/// request cannot be answered twice. The rules are asked (``FriendRequestRules``) between the reads and the
/// writes; a refusal rolls back everything the transaction did. Each change records its events
/// (``MailboxEvent``) in the same transaction.
extension SQLiteStorage {
    /// ``FriendRequestStorage/sendFriendRequest(_:now:rules:)`` on SQLite, as the extension above describes.
    public func sendFriendRequest(_ draft: NewFriendRequest, now: Date, rules: FriendRequestRules) async throws -> FriendRequest {
        try await write { db in
            let target: FriendRequestAddresseeFacts
            switch draft.target {
            case .nodeID(let nodeID): target = .account(nodeID, exists: try Self.accountExists(nodeID, in: db))
            case .shareLink(let tokenHash): target = .shareLink(try Self.shareLink(tokenHash: tokenHash, in: db))
            }
            let (receiver, route) = try rules.receiver(from: draft.sender, target, now: now)
            try rules.admit(try Self.pairFacts(draft.sender, receiver, window: rules.limits.window, now: now, in: db), route: route, now: now)
            if case .shareLink(let tokenHash) = draft.target {
                try db.execute(
                    sql: "UPDATE share_link SET used_at = ?, used_by = ? WHERE token_hash = ?",
                    arguments: [now.unixMillis, draft.sender.rawValue, Data(tokenHash)])
            }

            let request = FriendRequest(
                id: UUID().uuidString.lowercased(), sender: draft.sender, receiver: receiver, senderCard: draft.senderCard,
                receiverCard: nil, note: draft.note, route: route, status: .pending, createdAt: now, answeredAt: nil)
            try db.execute(
                sql: """
                    INSERT INTO friend_request (id, sender, receiver, sender_card, note, route, status, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)
                    """,
                arguments: [
                    request.id, draft.sender.rawValue, receiver.rawValue, Data(draft.senderCard), draft.note, route.rawValue,
                    now.unixMillis,
                ])
            try Self.recordEvent(.friendRequestReceived, for: receiver, request: request.id, peer: draft.sender, now: now, in: db)
            try Self.recordBadge(for: receiver, now: now, in: db)
            return request
        }
    }

    /// What the rules need to know about `sender` and `receiver`: the requests each counts against its
    /// limit in the `window` before `now`, whether they are contacts, and what is pending between them.
    static func pairFacts(_ sender: NodeID, _ receiver: NodeID, window: TimeInterval, now: Date, in db: Database) throws -> FriendRequestPairFacts {
        let windowStart = now.addingTimeInterval(-window).unixMillis
        let sent = try Row.fetchOne(
            db, sql: "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE sender = ? AND created_at > ?",
            arguments: [sender.rawValue, windowStart])
        let received = try Row.fetchOne(
            db,
            sql: "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE receiver = ? AND route = ? AND created_at > ?",
            arguments: [receiver.rawValue, FriendRequestRoute.nodeId.rawValue, windowStart])
        let areContacts = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM contact WHERE owner = ? AND contact = ?)", arguments: [sender.rawValue, receiver.rawValue]) ?? false
        return FriendRequestPairFacts(
            sentBySender: windowCount(sent), receivedByNodeID: windowCount(received), areContacts: areContacts,
            pendingFromSender: try pendingRequestExists(from: sender, to: receiver, in: db),
            pendingFromReceiver: try pendingRequestExists(from: receiver, to: sender, in: db))
    }

    /// ``FriendRequestStorage/friendRequest(id:)`` on SQLite.
    public func friendRequest(id: String) async throws -> FriendRequest? {
        try await read { db in try Self.friendRequest(id: id, in: db) }
    }

    /// ``FriendRequestStorage/answerFriendRequest(id:by:answer:now:rules:)`` on SQLite, as the extension above describes.
    public func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date, rules: FriendRequestRules) async throws
        -> FriendRequest
    {
        try await write { db in
            let request = try rules.answerable(try Self.friendRequest(id: id, in: db), by: account, answer: answer)
            var receiverCard: Data?
            if case .accept(let card) = answer { receiverCard = Data(card) }
            try db.execute(
                sql: "UPDATE friend_request SET status = ?, answered_at = ?, receiver_card = ? WHERE id = ?",
                arguments: [answer.resultingStatus.rawValue, now.unixMillis, receiverCard, id])
            if let receiverCard {
                // Each side's list holds the other's card; a previous (deleted) entry is replaced.
                let insert = """
                    INSERT INTO contact (owner, contact, card, favorite, added_at) VALUES (?, ?, ?, 0, ?)
                    ON CONFLICT (owner, contact) DO UPDATE SET card = excluded.card, added_at = excluded.added_at
                    """
                try db.execute(
                    sql: insert, arguments: [request.sender.rawValue, request.receiver.rawValue, receiverCard, now.unixMillis])
                try db.execute(
                    sql: insert, arguments: [request.receiver.rawValue, request.sender.rawValue, Data(request.senderCard), now.unixMillis])
            }
            // The side that did not answer hears of it; the receiver's badge changes whatever the answer.
            switch answer {
            case .accept: try Self.recordEvent(.friendRequestAccepted, for: request.sender, request: id, peer: request.receiver, now: now, in: db)
            case .decline: try Self.recordEvent(.friendRequestDeclined, for: request.sender, request: id, peer: request.receiver, now: now, in: db)
            case .cancel: try Self.recordEvent(.friendRequestCancelled, for: request.receiver, request: id, peer: request.sender, now: now, in: db)
            }
            try Self.recordBadge(for: request.receiver, now: now, in: db)
            return request.answered(answer, at: now)
        }
    }

    /// ``FriendRequestStorage/friendRequests(of:sent:status:)`` on SQLite, as the extension above describes.
    public func friendRequests(of account: NodeID, sent: Bool, status: FriendRequestStatus?) async throws -> [FriendRequest] {
        let column = sent ? "sender" : "receiver"
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM friend_request WHERE \(column) = ? AND (? IS NULL OR status = ?)
                    ORDER BY created_at DESC, id LIMIT 500
                    """,
                arguments: [account.rawValue, status?.rawValue, status?.rawValue]
            ).map(Self.friendRequest(row:))
        }
    }

    /// ``FriendRequestStorage/pendingReceivedCount(of:)`` on SQLite, as the extension above describes.
    public func pendingReceivedCount(of account: NodeID) async throws -> Int {
        try await read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM friend_request WHERE receiver = ? AND status = 'pending'", arguments: [account.rawValue]) ?? 0
        }
    }

    static func accountExists(_ nodeID: NodeID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE node_id = ?)", arguments: [nodeID.rawValue]) ?? false
    }

    static func pendingRequestExists(from sender: NodeID, to receiver: NodeID, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM friend_request WHERE sender = ? AND receiver = ? AND status = 'pending')",
            arguments: [sender.rawValue, receiver.rawValue]) ?? false
    }

    static func friendRequest(id: String, in db: Database) throws -> FriendRequest? {
        try Row.fetchOne(db, sql: "SELECT * FROM friend_request WHERE id = ?", arguments: [id]).map(friendRequest(row:))
    }

    static func friendRequest(row: Row) throws -> FriendRequest {
        let routeText: String = row["route"]
        let statusText: String = row["status"]
        guard let route = FriendRequestRoute(rawValue: routeText) else { throw StorageCorruption(column: "route", value: routeText) }
        guard let status = FriendRequestStatus(rawValue: statusText) else { throw StorageCorruption(column: "status", value: statusText) }
        return FriendRequest(
            id: row["id"], sender: try row.nodeID("sender"), receiver: try row.nodeID("receiver"),
            senderCard: row.bytes("sender_card") ?? [], receiverCard: row.bytes("receiver_card"), note: row["note"], route: route,
            status: status, createdAt: row.date("created_at") ?? .distantPast, answeredAt: row.date("answered_at"))
    }
}
