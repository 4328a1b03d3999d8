import Foundation
import HandshakeCore
import HandshakeMailbox

/// A share link as stored: whose it is, when it was made, and whether it can still be used.
///
/// The token itself is not kept, only its SHA-256 (`SecretToken/hash(_:)`): whoever reads the
/// database cannot use the links in it. A link is usable while it is unused, unrevoked and unexpired;
/// resolving it does not use it, sending a friend request with it does, once.
public struct ShareLinkRecord: Sendable, Equatable {
    /// SHA-256 of the token text.
    public let tokenHash: [UInt8]
    /// The account that created the link.
    public let owner: NodeID
    /// When it was created.
    public let createdAt: Date
    /// When it stops being usable.
    public let expiresAt: Date
    /// When a friend request used it, if one did.
    public let usedAt: Date?
    /// When its owner revoked it, if they did.
    public let revokedAt: Date?

    /// The refusal a use of this link at `now` by `user` gets, or `nil` if the link is usable.
    ///
    /// The order matters to the person reading the message: a link they own is "your own" whatever its
    /// state; a revoked link is reported as revoked even after it would have expired.
    func refusal(at now: Date, by user: NodeID?) -> MailboxError? {
        if let user, user == owner { return .ownLink }
        if revokedAt != nil { return .linkRevoked }
        if usedAt != nil { return .linkUsed }
        if now >= expiresAt { return .linkExpired }
        return nil
    }
}
