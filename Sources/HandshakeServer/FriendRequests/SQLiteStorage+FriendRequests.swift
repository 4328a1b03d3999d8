import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``FriendRequestStorage`` on SQLite. SQLite runs write transactions one at a time, so what a sending or
/// answering transaction reads stays true until it commits: a link read as unused cannot be used by another
/// request before this one burns it, the counts behind the limits cannot change under it, and a pending
/// request cannot be answered twice. The rules are asked (``FriendRequestRules``) between the reads and the
/// writes, which are `FriendRequestChanges`' (events included); a refusal rolls back everything the
/// transaction did.
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
            let changes = FriendRequestChanges.sending(draft, to: receiver, route: route, now: now)
            try Self.apply(changes, in: db)
            return changes.request
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
            let changes = FriendRequestChanges.answering(request, with: answer, now: now)
            try Self.apply(changes, in: db)
            return changes.request
        }
    }

    /// Writes `changes` inside the caller's transaction.
    static func apply(_ changes: FriendRequestChanges, in db: Database) throws {
        for change in changes.changes {
            switch change {
            case .useShareLink(let tokenHash, let sender):
                try db.execute(
                    sql: "UPDATE share_link SET used_at = ?, used_by = ? WHERE token_hash = ?",
                    arguments: [changes.now.unixMillis, sender.rawValue, Data(tokenHash)])
            case .insert(let request):
                try db.execute(
                    sql: """
                        INSERT INTO friend_request (id, sender, receiver, sender_card, note, route, status, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)
                        """,
                    arguments: [
                        request.id, request.sender.rawValue, request.receiver.rawValue, Data(request.senderCard), request.note,
                        request.route.rawValue, request.createdAt.unixMillis,
                    ])
            case .answer(let request):
                try db.execute(
                    sql: "UPDATE friend_request SET status = ?, answered_at = ?, receiver_card = ? WHERE id = ?",
                    arguments: [request.status.rawValue, changes.now.unixMillis, request.receiverCard.map { Data($0) }, request.id])
            case .contact(let owner, let contact, let card):
                try db.execute(
                    sql: """
                        INSERT INTO contact (owner, contact, card, favorite, added_at) VALUES (?, ?, ?, 0, ?)
                        ON CONFLICT (owner, contact) DO UPDATE SET card = excluded.card, added_at = excluded.added_at
                        """,
                    arguments: [owner.rawValue, contact.rawValue, Data(card), changes.now.unixMillis])
            case .event(let kind, let account, let peer):
                try recordEvent(kind, for: account, request: changes.request.id, peer: peer, now: changes.now, in: db)
            case .badge(let account):
                try recordBadge(for: account, now: changes.now, in: db)
            }
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
