import Foundation
import GRDB

/// ``PurgeStorage`` on SQLite: one write transaction.
extension SQLiteStorage {
    /// ``PurgeStorage/purge(_:)`` on SQLite.
    public func purge(_ cutoffs: PurgeCutoffs) async throws -> PurgeCounts {
        try await write { db in
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
            // Last, so the rows deleted above no longer hold an account back.
            try db.execute(
                sql: """
                    DELETE FROM account WHERE card IS NULL AND created_at < ?
                      AND NOT EXISTS (SELECT 1 FROM session WHERE session.node_id = account.node_id AND session.expires_at > ?)
                      AND NOT EXISTS (SELECT 1 FROM friend_request WHERE friend_request.sender = account.node_id OR friend_request.receiver = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM contact WHERE contact.owner = account.node_id OR contact.contact = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM share_link WHERE share_link.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM verifier_request WHERE verifier_request.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM pass_signature WHERE pass_signature.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM event WHERE event.account = account.node_id)
                    """,
                arguments: [cutoffs.cardlessAccountsBefore.unixMillis, cutoffs.expiredBefore.unixMillis])
            counts.cardlessAccounts = db.changesCount
            return counts
        }
    }
}
