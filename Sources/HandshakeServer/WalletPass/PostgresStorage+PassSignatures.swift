import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``PassSignatureStorage`` on PostgreSQL, the limit decided by ``WindowLimit``: the transaction first takes the account's advisory lock
/// (`PostgresLockSpace/passSignatureCount`), so a second instance signing for the same account waits for
/// the first to commit and then counts its signature too.
extension PostgresStorage {
    /// ``PassSignatureStorage/recordPassSignature(owner:now:limit:)`` on PostgreSQL, as the extension above describes.
    public func recordPassSignature(owner: NodeID, now: Date, limit: WindowLimit) async throws {
        let windowStart = limit.start(endingAt: now).unixMillis
        try await transaction { connection in
            try await lock(.passSignatureCount, owner.rawValue, on: connection)
            try await execute(
                "DELETE FROM pass_signature WHERE owner = \(owner.rawValue) AND signed_at <= \(windowStart)", on: connection)
            let recent = try await rows(
                "SELECT count(*) AS n, min(signed_at) AS oldest FROM pass_signature WHERE owner = \(owner.rawValue)", on: connection)
            try limit.admit(try Self.windowCount(recent.first), now: now)
            try await execute(
                "INSERT INTO pass_signature (owner, signed_at) VALUES (\(owner.rawValue), \(now.unixMillis))", on: connection)
        }
    }
}
