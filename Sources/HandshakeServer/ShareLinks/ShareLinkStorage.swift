import Foundation
import HandshakeCore

/// The queries behind share links: create within the hourly limit, resolve, revoke.
///
/// Using a link (burning it) is not here: it happens in the same transaction as the friend request it
/// carries, in ``FriendRequestStorage/sendFriendRequest(_:now:rules:)``. Nor are the rules: the limit is a
/// ``WindowLimit`` the backend asks between its count and its insert.
public protocol ShareLinkStorage: Sendable {
    /// Stores a new link for `owner` if `limit` admits one more, counting `owner`'s links made in its window
    /// before `now`; otherwise it throws the refusal `limit` gives. The count and the insert are one
    /// transaction, and the count includes every link committed before it on any instance.
    func createShareLink(tokenHash: [UInt8], owner: NodeID, now: Date, expiresAt: Date, limit: WindowLimit) async throws
    /// The link with this token hash and its owner's published card, in one query: what resolving reads.
    func resolveShareLink(tokenHash: [UInt8]) async throws -> (link: ShareLinkRecord, ownerCard: [UInt8]?)?
    /// Revokes `owner`'s link with this token hash; `false` if `owner` has no such link. Revoking twice
    /// is not an error.
    func revokeShareLink(tokenHash: [UInt8], owner: NodeID, now: Date) async throws -> Bool
}
