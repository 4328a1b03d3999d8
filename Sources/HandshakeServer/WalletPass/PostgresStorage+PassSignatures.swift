import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``PassSignatureStorage`` on PostgreSQL: the transaction first takes the account's advisory lock
/// (`PostgresLockSpace/passSignatureCount`), so a second instance signing for the same account waits for
/// the first to commit and then counts its signature too.
extension PostgresStorage {
    /// ``PassSignatureStorage/recordPassSignature(owner:now:limit:window:)`` on PostgreSQL, as the extension above describes.
    public func recordPassSignature(owner: NodeID, now: Date, limit: Int, window: TimeInterval) async throws {
        let windowStart = now.addingTimeInterval(-window).unixMillis
        try await transaction { connection in
            try await lock(.passSignatureCount, owner.rawValue, on: connection)
            try await execute(
                "DELETE FROM pass_signature WHERE owner = \(owner.rawValue) AND signed_at <= \(windowStart)", on: connection)
            let recent = try await rows(
                "SELECT count(*) AS n, min(signed_at) AS oldest FROM pass_signature WHERE owner = \(owner.rawValue)", on: connection)
            if let seconds = RateWindow.retryAfter(
                count: try recent.first?.int64("n") ?? 0, oldest: try recent.first?.int64("oldest"), limit: limit, window: window, now: now)
            {
                throw MailboxError.passSigningRateLimited(retryAfter: seconds)
            }
            try await execute(
                "INSERT INTO pass_signature (owner, signed_at) VALUES (\(owner.rawValue), \(now.unixMillis))", on: connection)
        }
    }
}
