import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``ShareLinkStorage`` on PostgreSQL. The hourly count, the limit's decision (``WindowLimit``) and the
/// insert share a transaction that first takes the owner's advisory lock (`PostgresLockSpace/shareLinkCount`):
/// a second instance creating a link for the same account waits until the first has committed, then counts
/// its link too, so the limit holds however many instances serve the account.
extension PostgresStorage {
    /// ``ShareLinkStorage/createShareLink(tokenHash:owner:now:expiresAt:limit:)`` on PostgreSQL, as the extension above describes.
    public func createShareLink(tokenHash: [UInt8], owner: NodeID, now: Date, expiresAt: Date, limit: WindowLimit) async throws {
        let windowStart = limit.start(endingAt: now).unixMillis
        try await transaction { connection in
            try await lock(.shareLinkCount, owner.rawValue, on: connection)
            let recent = try await rows(
                "SELECT count(*) AS n, min(created_at) AS oldest FROM share_link WHERE owner = \(owner.rawValue) AND created_at > \(windowStart)",
                on: connection)
            try limit.admit(try Self.windowCount(recent.first), now: now)
            try await execute(
                """
                INSERT INTO share_link (token_hash, owner, created_at, expires_at)
                VALUES (\(tokenHash.bytea), \(owner.rawValue), \(now.unixMillis), \(expiresAt.unixMillis))
                """, on: connection)
        }
    }

    /// ``ShareLinkStorage/resolveShareLink(tokenHash:)`` on PostgreSQL: the link and its owner's card, joined.
    public func resolveShareLink(tokenHash: [UInt8]) async throws -> (link: ShareLinkRecord, ownerCard: [UInt8]?)? {
        let query: PostgresQuery = """
            SELECT share_link.*, account.card AS owner_card FROM share_link JOIN account ON account.node_id = share_link.owner
            WHERE token_hash = \(tokenHash.bytea)
            """
        guard let row = try await rows(query).first else { return nil }
        return (try Self.shareLink(tokenHash: tokenHash, row: row), try row.bytes("owner_card"))
    }

    /// ``ShareLinkStorage/revokeShareLink(tokenHash:owner:now:)`` on PostgreSQL, as the extension above describes.
    public func revokeShareLink(tokenHash: [UInt8], owner: NodeID, now: Date) async throws -> Bool {
        let updated = try await rows(
            """
            UPDATE share_link SET revoked_at = coalesce(revoked_at, \(now.unixMillis))
            WHERE token_hash = \(tokenHash.bytea) AND owner = \(owner.rawValue)
            RETURNING owner
            """)
        return updated.count == 1
    }

    /// The link with this token hash, read and locked (`FOR UPDATE`) until the transaction on `connection`
    /// ends (sending a request by link): no other transaction uses it meanwhile.
    func shareLink(tokenHash: [UInt8], lockedOn connection: PostgresConnection) async throws -> ShareLinkRecord? {
        guard let row = try await rows("SELECT * FROM share_link WHERE token_hash = \(tokenHash.bytea) FOR UPDATE", on: connection).first else {
            return nil
        }
        return try Self.shareLink(tokenHash: tokenHash, row: row)
    }

    static func shareLink(tokenHash: [UInt8], row: PostgresRandomAccessRow) throws -> ShareLinkRecord {
        ShareLinkRecord(
            tokenHash: tokenHash, owner: try row.nodeID("owner"), createdAt: try row.date("created_at") ?? .distantPast,
            expiresAt: try row.date("expires_at") ?? .distantPast, usedAt: try row.date("used_at"), revokedAt: try row.date("revoked_at"))
    }
}
