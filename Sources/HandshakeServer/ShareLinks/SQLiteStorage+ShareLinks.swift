import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``ShareLinkStorage`` on SQLite. The hourly count, the limit's decision (``WindowLimit``) and the insert
/// share one write transaction, and SQLite runs write transactions one at a time, so two racing requests
/// cannot both take the last place.
extension SQLiteStorage {
    /// ``ShareLinkStorage/createShareLink(tokenHash:owner:now:expiresAt:limit:)`` on SQLite, as the extension above describes.
    public func createShareLink(tokenHash: [UInt8], owner: NodeID, now: Date, expiresAt: Date, limit: WindowLimit) async throws {
        let windowStart = limit.start(endingAt: now).unixMillis
        try await write { db in
            let recent = try Row.fetchOne(
                db, sql: "SELECT count(*) AS n, min(created_at) AS oldest FROM share_link WHERE owner = ? AND created_at > ?",
                arguments: [owner.rawValue, windowStart])
            try limit.admit(Self.windowCount(recent), now: now)
            try db.execute(
                sql: "INSERT INTO share_link (token_hash, owner, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [Data(tokenHash), owner.rawValue, now.unixMillis, expiresAt.unixMillis])
        }
    }

    /// ``ShareLinkStorage/resolveShareLink(tokenHash:)`` on SQLite: the link and its owner's card, joined.
    public func resolveShareLink(tokenHash: [UInt8]) async throws -> (link: ShareLinkRecord, ownerCard: [UInt8]?)? {
        try await read { db in
            // The busiest read of the public pages (resolve and landing page): prepared once per connection.
            let statement = try db.cachedStatement(
                sql: "SELECT share_link.*, account.card AS owner_card FROM share_link JOIN account ON account.node_id = share_link.owner WHERE token_hash = ?")
            guard let row = try Row.fetchOne(statement, arguments: [Data(tokenHash)]) else { return nil }
            return (try Self.shareLink(tokenHash: tokenHash, row: row), row.bytes("owner_card"))
        }
    }

    /// ``ShareLinkStorage/revokeShareLink(tokenHash:owner:now:)`` on SQLite, as the extension above describes.
    public func revokeShareLink(tokenHash: [UInt8], owner: NodeID, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE share_link SET revoked_at = coalesce(revoked_at, ?) WHERE token_hash = ? AND owner = ?",
                arguments: [now.unixMillis, Data(tokenHash), owner.rawValue])
            return db.changesCount == 1
        }
    }

    static func shareLink(tokenHash: [UInt8], in db: Database) throws -> ShareLinkRecord? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM share_link WHERE token_hash = ?", arguments: [Data(tokenHash)]) else {
            return nil
        }
        return try shareLink(tokenHash: tokenHash, row: row)
    }

    static func shareLink(tokenHash: [UInt8], row: Row) throws -> ShareLinkRecord {
        ShareLinkRecord(
            tokenHash: tokenHash, owner: try row.nodeID("owner"), createdAt: row.date("created_at") ?? .distantPast,
            expiresAt: row.date("expires_at") ?? .distantPast, usedAt: row.date("used_at"), revokedAt: row.date("revoked_at"))
    }
}
