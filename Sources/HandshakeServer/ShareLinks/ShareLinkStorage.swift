import Foundation
import HandshakeCore

/// The queries behind share links: create within the hourly limit, resolve, revoke.
///
/// Using a link (burning it) is not here: it happens in the same transaction as the friend request it
/// carries, in ``FriendRequestStorage/sendFriendRequest(_:now:)``.
public protocol ShareLinkStorage: Sendable {
    /// Stores a new link for `owner` unless `owner` already created `limit` links in the `window` before
    /// `now`; then it throws `MailboxError/rateLimited(retryAfter:)` with the seconds until the oldest
    /// of them leaves the window. The count and the insert are one transaction.
    func createShareLink(tokenHash: [UInt8], owner: NodeID, now: Date, expiresAt: Date, limit: Int, window: TimeInterval) async throws
    /// The link with this token hash and its owner's published card, in one query: what resolving reads.
    func resolveShareLink(tokenHash: [UInt8]) async throws -> (link: ShareLinkRecord, ownerCard: [UInt8]?)?
    /// Revokes `owner`'s link with this token hash; `false` if `owner` has no such link. Revoking twice
    /// is not an error.
    func revokeShareLink(tokenHash: [UInt8], owner: NodeID, now: Date) async throws -> Bool
}
