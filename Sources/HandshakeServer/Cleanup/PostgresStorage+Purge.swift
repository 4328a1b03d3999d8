import Foundation
import PostgresNIO

/// ``PurgeStorage`` on PostgreSQL: each table in its own statement, which counts what it deleted.
extension PostgresStorage {
    /// ``PurgeStorage/purge(_:)`` on PostgreSQL.
    public func purge(_ cutoffs: PurgeCutoffs) async throws -> PurgeCounts {
        func delete(_ query: PostgresQuery) async throws -> Int {
            Int(try await rows(query).first?.int64("n") ?? 0)
        }
        let (expired, links, events, passes) = (
            cutoffs.expiredBefore.unixMillis, cutoffs.linksExpiredBefore.unixMillis, cutoffs.eventsBefore.unixMillis,
            cutoffs.passSignaturesBefore.unixMillis
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
        return counts
    }
}
