import Foundation
import GRDB
import HandshakeCore

/// ``EventStorage`` on SQLite, and the helper the friend-request transactions call to record events
/// alongside the change they report.
extension SQLiteStorage {
    /// ``EventStorage/events(of:after:limit:)`` on SQLite, as the extension above describes.
    public func events(of account: NodeID, after: Int64, limit: Int) async throws -> [MailboxEvent] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM event WHERE account = ? AND id > ? ORDER BY id LIMIT ?",
                arguments: [account.rawValue, after, limit]
            ).map { row in
                let kindText: String = row["kind"]
                guard let kind = MailboxEvent.Kind(rawValue: kindText) else { throw StorageCorruption(column: "kind", value: kindText) }
                let peerText: String? = row["peer"]
                return MailboxEvent(
                    id: row["id"], account: try row.nodeID("account"), kind: kind, requestID: row["request_id"],
                    peer: peerText.flatMap { NodeID($0) }, pendingRequests: row["pending_requests"],
                    createdAt: row.date("created_at") ?? .distantPast)
            }
        }
    }

    /// ``EventStorage/continueEventIDs(above:)`` on SQLite: the event table's AUTOINCREMENT counter
    /// (`sqlite_sequence`) is raised to `floor`, so the next id is above it.
    public func continueEventIDs(above floor: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sqlite_sequence (name, seq) SELECT 'event', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'event')")
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = 'event' AND seq < ?", arguments: [floor, floor])
        }
    }

    /// Records `kind` for `account` about `request` (whose other side is `peer`), inside the caller's
    /// transaction.
    static func recordEvent(_ kind: MailboxEvent.Kind, for account: NodeID, request: String, peer: NodeID, now: Date, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO event (account, kind, request_id, peer, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [account.rawValue, kind.rawValue, request, peer.rawValue, now.unixMillis])
    }

    /// Records `account`'s current pending count as a `badge` event, inside the caller's transaction.
    static func recordBadge(for account: NodeID, now: Date, in db: Database) throws {
        let count = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM friend_request WHERE receiver = ? AND status = 'pending'", arguments: [account.rawValue]) ?? 0
        try db.execute(
            sql: "INSERT INTO event (account, kind, pending_requests, created_at) VALUES (?, 'badge', ?, ?)",
            arguments: [account.rawValue, count, now.unixMillis])
    }
}
