import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``PassSignatureStorage`` on SQLite: the purge, the count and the insert share one write transaction,
/// and SQLite runs those one at a time, so two racing requests cannot both take the last place.
extension SQLiteStorage {
    /// ``PassSignatureStorage/recordPassSignature(owner:now:limit:window:)`` on SQLite, as the extension above describes.
    public func recordPassSignature(owner: NodeID, now: Date, limit: Int, window: TimeInterval) async throws {
        let windowStart = now.addingTimeInterval(-window).unixMillis
        try await write { db in
            try db.execute(
                sql: "DELETE FROM pass_signature WHERE owner = ? AND signed_at <= ?", arguments: [owner.rawValue, windowStart])
            let recent = try Row.fetchOne(
                db, sql: "SELECT count(*) AS n, min(signed_at) AS oldest FROM pass_signature WHERE owner = ?", arguments: [owner.rawValue])
            if let seconds = RateWindow.retryAfter(count: recent?["n"] ?? 0, oldest: recent?["oldest"], limit: limit, window: window, now: now) {
                throw MailboxError.passSigningRateLimited(retryAfter: seconds)
            }
            try db.execute(
                sql: "INSERT INTO pass_signature (owner, signed_at) VALUES (?, ?)", arguments: [owner.rawValue, now.unixMillis])
        }
    }
}
