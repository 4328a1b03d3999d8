import Foundation
import PostgresNIO

/// ``PurgeStorage`` on PostgreSQL: each table in its own statement, which counts what it deleted.
///
/// A request's statement may run 3 s; a clean-up after days away may have far more to delete, so each of its
/// statements runs in a transaction of its own that allows a minute (and the client waits 70 s for it).
extension PostgresStorage {
    /// ``PurgeStorage/purge(_:)`` on PostgreSQL.
    public func purge(_ cutoffs: PurgeCutoffs) async throws -> PurgeCounts {
        func delete(_ query: PostgresQuery) async throws -> Int {
            try await transaction(within: .seconds(70)) { connection in
                try await execute("SET LOCAL statement_timeout = '60s'", on: connection)
                return Int(try await rows(query, on: connection).first?.int64("n") ?? 0)
            }
        }
        let (expired, links, events, passes, cardless) = (
            cutoffs.expiredBefore.unixMillis, cutoffs.linksExpiredBefore.unixMillis, cutoffs.eventsBefore.unixMillis,
            cutoffs.passSignaturesBefore.unixMillis, cutoffs.cardlessAccountsBefore.unixMillis
        )
        var counts = PurgeCounts()
        counts.challenges = try await delete("WITH d AS (DELETE FROM auth_challenge WHERE expires_at < \(expired) RETURNING 1) SELECT count(*) AS n FROM d")
        counts.sessions = try await delete("WITH d AS (DELETE FROM session WHERE expires_at < \(expired) RETURNING 1) SELECT count(*) AS n FROM d")
        counts.shareLinks = try await delete("WITH d AS (DELETE FROM share_link WHERE expires_at < \(links) RETURNING 1) SELECT count(*) AS n FROM d")
        counts.presentationRequests = try await delete(
            "WITH d AS (DELETE FROM verifier_request WHERE expires_at < \(links) RETURNING 1) SELECT count(*) AS n FROM d")
        counts.events = try await delete("WITH d AS (DELETE FROM event WHERE created_at < \(events) RETURNING 1) SELECT count(*) AS n FROM d")
        counts.passSignatures = try await delete(
            "WITH d AS (DELETE FROM pass_signature WHERE signed_at < \(passes) RETURNING 1) SELECT count(*) AS n FROM d")
        // Last, so the rows deleted above no longer hold an account back. A card published meanwhile is seen
        // (the row is re-checked under its lock), and so is a row made to refer to the account.
        counts.cardlessAccounts = try await delete(
            """
            WITH d AS (
                DELETE FROM account WHERE card IS NULL AND created_at < \(cardless)
                      AND NOT EXISTS (SELECT 1 FROM session WHERE session.node_id = account.node_id AND session.expires_at > \(expired))
                      AND NOT EXISTS (SELECT 1 FROM friend_request WHERE friend_request.sender = account.node_id OR friend_request.receiver = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM contact WHERE contact.owner = account.node_id OR contact.contact = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM share_link WHERE share_link.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM verifier_request WHERE verifier_request.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM pass_signature WHERE pass_signature.owner = account.node_id)
                      AND NOT EXISTS (SELECT 1 FROM event WHERE event.account = account.node_id)
                RETURNING 1
            ) SELECT count(*) AS n FROM d
            """)
        return counts
    }
}
