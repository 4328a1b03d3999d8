// Establishes the one place the mailbox's rules are applied, over any backend: routes call it for every
// change a rule decides, and it hands each backend the rule to ask inside its transaction. The storage
// protocols stay narrow (read facts, write rows, keep them true under concurrency); no backend decides.
import Foundation
import HandshakeCore
import HandshakeMailbox

/// The mailbox's rules, written once and applied over any ``MailboxStorage`` (the shape of a service over a
/// repository protocol with a PostgreSQL and a SQLite implementation).
///
/// Where each rule is written:
/// - a friend request's target, its limits, contacts and pending requests, who sees and answers it:
///   ``FriendRequestRules``;
/// - a share link's state (own, revoked, used, expired): `ShareLinkRecord.refusal(at:by:)`;
/// - the hourly limits (share links, pass signatures, requests sent and received): ``WindowLimit``;
/// - a card replacing a published one: ``CardReplacement``;
/// - a share link needs a published card: here.
///
/// What must be atomic stays in each backend's transaction: the backend reads the facts a rule needs so that
/// they stay true until it writes (SQLite's single writer; PostgreSQL's row locks and advisory locks, across
/// instances), asks the rule between the reads and the writes, and rolls back on a refusal.
public struct MailboxRules: Sendable {
    /// Where everything is kept.
    public let storage: any MailboxStorage
    /// The numbers the rules enforce.
    public let policy: MailboxPolicy

    /// The rules of `policy` over `storage`.
    public init(storage: any MailboxStorage, policy: MailboxPolicy) {
        (self.storage, self.policy) = (storage, policy)
    }

    /// The friend-request rules with the policy's limits.
    public var friendRequests: FriendRequestRules { FriendRequestRules(limits: policy.friendRequests) }
    /// Share links one account may create in the policy's window.
    public var shareLinkLimit: WindowLimit { WindowLimit(.shareLinks, limit: policy.shareLinksPerWindow, window: policy.shareLinkWindow) }
    /// Wallet passes the server signs for one account in the policy's window.
    public var passSignatureLimit: WindowLimit {
        WindowLimit(.passSignatures, limit: policy.passSignaturesPerWindow, window: policy.passSignatureWindow)
    }

    // MARK: Friend requests

    /// Sends `draft` if ``friendRequests`` admit it (and, by link, uses the link up), or throws their refusal.
    public func sendFriendRequest(_ draft: NewFriendRequest, now: Date) async throws -> FriendRequest {
        try await storage.sendFriendRequest(draft, now: now, rules: friendRequests)
    }

    /// The request with this id, if `account` is one of its two sides; `MailboxError.unknownRequest` otherwise.
    public func friendRequest(id: String, visibleTo account: NodeID) async throws -> FriendRequest {
        try friendRequests.visible(try await storage.friendRequest(id: id), to: account)
    }

    /// Gives `answer` from `account` to the request with this id, if it is theirs to give and the request is
    /// pending; on accept, both become contacts.
    public func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date) async throws -> FriendRequest {
        try await storage.answerFriendRequest(id: id, by: account, answer: answer, now: now, rules: friendRequests)
    }

    // MARK: Share links

    /// Stores a link with this token hash for `owner`, who must have published a card (a link leads people to
    /// it), within ``shareLinkLimit``.
    /// - Returns: when the link stops being usable.
    public func createShareLink(tokenHash: [UInt8], owner: NodeID, now: Date) async throws -> Date {
        guard try await storage.account(owner)?.card != nil else { throw MailboxError.cardRequired }
        let expiresAt = now.addingTimeInterval(policy.shareLinkLifetime)
        try await storage.createShareLink(tokenHash: tokenHash, owner: owner, now: now, expiresAt: expiresAt, limit: shareLinkLimit)
        return expiresAt
    }

    // MARK: Accounts and wallet passes

    /// Publishes `card` (verified, and `card`'s owner's) as the card of `account` (by default the card's own
    /// Node ID; an older key's account when the card's moves vouch for it from there) if ``CardReplacement``
    /// allows it.
    public func publishCard(_ card: SignedCard, as account: NodeID? = nil, now: Date) async throws {
        try await storage.publishCard(card, as: account ?? card.nodeID, now: now)
    }

    /// Counts one wallet-pass signature for `owner`, within ``passSignatureLimit``; counted before signing,
    /// so a signature that then fails still counts, which errs on the side of less.
    public func recordPassSignature(owner: NodeID, now: Date) async throws {
        try await storage.recordPassSignature(owner: owner, now: now, limit: passSignatureLimit)
    }
}
