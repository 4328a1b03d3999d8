import Foundation
import GRDB
import HandshakeCore

/// ``PassSignatureStorage`` on SQLite: the purge, the count and the insert share one write transaction,
/// and SQLite runs those one at a time, so two racing requests cannot both take the last place.
extension SQLiteStorage {
    /// ``PassSignatureStorage/recordPassSignature(owner:now:limit:window:)`` on SQLite, as the extension above describes.
    public func recordPassSignature(owner: NodeID, now: Date, limit: Int, window: TimeInterval) async throws {
        let windowStart = now.addingTimeInterval(-window).unixMillis
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM pass_signature WHERE owner = ? AND signed_at <= ?", arguments: [owner.rawValue, windowStart])
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM pass_signature WHERE owner = ?", arguments: [owner.rawValue]) ?? 0
            if count >= limit,
                let oldest = try Int64.fetchOne(db, sql: "SELECT min(signed_at) FROM pass_signature WHERE owner = ?", arguments: [owner.rawValue])
            {
                throw MailboxError.passSigningLimit(oldest: oldest, now: now, window: window)
            }
            try db.execute(
                sql: "INSERT INTO pass_signature (owner, signed_at) VALUES (?, ?)", arguments: [owner.rawValue, now.unixMillis])
        }
    }
}
