import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``PassSignatureStorage`` on SQLite: the purge, the count, the limit's decision (``WindowLimit``) and the
/// insert share one write transaction,
/// and SQLite runs those one at a time, so two racing requests cannot both take the last place.
extension SQLiteStorage {
    /// ``PassSignatureStorage/recordPassSignature(owner:now:limit:)`` on SQLite, as the extension above describes.
    public func recordPassSignature(owner: NodeID, now: Date, limit: WindowLimit) async throws {
        let windowStart = limit.start(endingAt: now).unixMillis
        try await write { db in
            try db.execute(
                sql: "DELETE FROM pass_signature WHERE owner = ? AND signed_at <= ?", arguments: [owner.rawValue, windowStart])
            let recent = try Row.fetchOne(
                db, sql: "SELECT count(*) AS n, min(signed_at) AS oldest FROM pass_signature WHERE owner = ?", arguments: [owner.rawValue])
            try limit.admit(Self.windowCount(recent), now: now)
            try db.execute(
                sql: "INSERT INTO pass_signature (owner, signed_at) VALUES (?, ?)", arguments: [owner.rawValue, now.unixMillis])
        }
    }
}
