import Foundation
import GRDB

/// ``PurgeStorage`` on SQLite: one write transaction.
extension SQLiteStorage {
    /// ``PurgeStorage/purge(_:)`` on SQLite.
    public func purge(_ cutoffs: PurgeCutoffs) async throws -> PurgeCounts {
        try await writer.write { db in
            func delete(_ sql: String, _ before: Date) throws -> Int {
                try db.execute(sql: sql, arguments: [before.unixMillis])
                return db.changesCount
            }
            var counts = PurgeCounts()
            counts.challenges = try delete("DELETE FROM auth_challenge WHERE expires_at < ?", cutoffs.expiredBefore)
            counts.sessions = try delete("DELETE FROM session WHERE expires_at < ?", cutoffs.expiredBefore)
            counts.shareLinks = try delete("DELETE FROM share_link WHERE expires_at < ?", cutoffs.linksExpiredBefore)
            counts.presentationRequests = try delete("DELETE FROM verifier_request WHERE expires_at < ?", cutoffs.linksExpiredBefore)
            counts.events = try delete("DELETE FROM event WHERE created_at < ?", cutoffs.eventsBefore)
            counts.passSignatures = try delete("DELETE FROM pass_signature WHERE signed_at < ?", cutoffs.passSignaturesBefore)
            return counts
        }
    }
}
