import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``FriendRequestStorage`` on SQLite. Sending by link burns the link with
/// `UPDATE share_link … WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > now` inside the
/// transaction that inserts the request: one caller sees one changed row, every other sees none and is
/// told the link was used; a refusal later in the transaction rolls the burn back. Each change records
/// its events (``MailboxEvent``) in the same transaction.
extension SQLiteStorage {
    /// ``FriendRequestStorage/sendFriendRequest(_:now:)`` on SQLite, as the extension above describes.
    public func sendFriendRequest(_ draft: FriendRequestDraft, now: Date) async throws -> FriendRequest {
        try await write { db in
            let receiver: NodeID
            let route: FriendRequestRoute
            switch draft.target {
            case .nodeID(let nodeID):
                receiver = nodeID
                route = .nodeId
                if receiver == draft.sender { throw MailboxError.selfRequest }
                guard try Self.accountExists(receiver, in: db) else { throw MailboxError.unknownAccount }
            case .shareLink(let tokenHash):
                guard let link = try Self.shareLink(tokenHash: tokenHash, in: db) else { throw MailboxError.linkUnknown }
                if let refusal = link.refusal(at: now, by: draft.sender) { throw refusal }
                try db.execute(
                    sql: """
                        UPDATE share_link SET used_at = ?, used_by = ?
                        WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?
                        """,
                    arguments: [now.unixMillis, draft.sender.rawValue, Data(tokenHash), now.unixMillis])
                guard db.changesCount == 1 else { throw MailboxError.linkUsed }
                receiver = link.owner
                route = .token
            }
            try Self.checkLimits(draft, receiver: receiver, now: now, in: db)
            let isContact = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM contact WHERE owner = ? AND contact = ?)",
                arguments: [draft.sender.rawValue, receiver.rawValue]) ?? false
            if isContact { throw MailboxError.alreadyContacts }
            if try Self.pendingRequestExists(from: draft.sender, to: receiver, in: db) { throw MailboxError.requestPending }
            if try Self.pendingRequestExists(from: receiver, to: draft.sender, in: db) { throw MailboxError.incomingRequestPending }

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

    /// Refuses a request over the sender's limit, or (by Node ID) over the receiver's, counting the
    /// requests made in the window before `now`. SQLite's single writer makes count-then-insert safe.
    static func checkLimits(_ draft: FriendRequestDraft, receiver: NodeID, now: Date, in db: Database) throws {
        let limits = draft.limits
        let windowStart = now.addingTimeInterval(-limits.window).unixMillis
        let sent = try Row.fetchOne(
            db, sql: "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE sender = ? AND created_at > ?",
            arguments: [draft.sender.rawValue, windowStart])
        if let seconds = RateWindow.retryAfter(
            count: sent?["n"] ?? 0, oldest: sent?["oldest"], limit: limits.perSender, window: limits.window, now: now)
        {
            throw MailboxError.friendRequestsRateLimited(retryAfter: seconds)
        }
        guard case .nodeID = draft.target else { return }
        let received = try Row.fetchOne(
            db,
            sql: "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE receiver = ? AND route = ? AND created_at > ?",
            arguments: [receiver.rawValue, FriendRequestRoute.nodeId.rawValue, windowStart])
        if let seconds = RateWindow.retryAfter(
            count: received?["n"] ?? 0, oldest: received?["oldest"], limit: limits.perReceiver, window: limits.window, now: now)
        {
            throw MailboxError.receiverRateLimited(retryAfter: seconds)
        }
    }

    /// ``FriendRequestStorage/friendRequest(id:visibleTo:)`` on SQLite, as the extension above describes.
    public func friendRequest(id: String, visibleTo account: NodeID) async throws -> FriendRequest {
        try await read { db in
            guard let request = try Self.friendRequest(id: id, in: db), request.sender == account || request.receiver == account else {
                throw MailboxError.unknownRequest
            }
            return request
        }
    }

    /// ``FriendRequestStorage/answerFriendRequest(id:by:answer:now:)`` on SQLite, as the extension above describes.
    public func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date) async throws -> FriendRequest {
        try await write { db in
            guard let request = try Self.friendRequest(id: id, in: db), request.sender == account || request.receiver == account else {
                throw MailboxError.unknownRequest
            }
            let answerer = if case .cancel = answer { request.sender } else { request.receiver }
            guard answerer == account else { throw MailboxError.notYourAnswer }
            var receiverCard: Data?
            if case .accept(let card) = answer { receiverCard = Data(card) }
            try db.execute(
                sql: """
                    UPDATE friend_request SET status = ?, answered_at = ?, receiver_card = ?
                    WHERE id = ? AND status = 'pending'
                    """,
                arguments: [answer.resultingStatus.rawValue, now.unixMillis, receiverCard, id])
            guard db.changesCount == 1 else { throw MailboxError.requestNotPending(request.status) }
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
            guard let updated = try Self.friendRequest(id: id, in: db) else { throw MailboxError.unknownRequest }
            return updated
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
