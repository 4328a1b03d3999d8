// Establishes when a published card replaces the one an account holds, once for every backend: only a card
// signed by the account's own key (or by a key it moved to) and strictly newer, so an old card replayed by anyone (even its owner's
// stale device) cannot roll it back. A backend reads what it holds so that no other publish changes it
// meanwhile, asks here, and writes.
import Foundation
import HandshakeCore
import HandshakeMailbox

/// What an account holds when a new card arrives, as a backend read it inside the publishing transaction.
public struct HeldCard: Sendable, Equatable {
    /// The key the account signed in with.
    public var sigKey: [UInt8]
    /// The held card's `updatedAt` (Unix milliseconds); `nil` when the account has published none.
    public var updatedAt: UInt64?

    /// An account with `sigKey` holding a card of `updatedAt`, or none.
    public init(sigKey: [UInt8], updatedAt: UInt64?) {
        (self.sigKey, self.updatedAt) = (sigKey, updatedAt)
    }
}

/// The rule of publishing a card.
public enum CardReplacement {
    /// Whether `card` (already verified, and its owner's) may replace what `account` holds (`nil`: no
    /// account yet): the account's key or a key its moves (card.md, key 17) vouch for from the account's, and
    /// no card yet or an older one. `MailboxError.cardNotNewer` otherwise; `MailboxError.cardNotYours` for a
    /// moved card offered to an account that does not exist.
    public static func admit(_ card: SignedCard, as account: NodeID, replacing held: HeldCard?) throws(MailboxError) {
        guard let held else {
            if card.nodeID != account { throw .cardNotYours }
            return
        }
        let signer = Array(card.card.sigKey.rawRepresentation)
        let vouched = card.card.moves.contains { $0.oldKey.rawRepresentation == held.sigKey }
        guard held.sigKey == signer || vouched else { throw .cardNotNewer }
        if let updatedAt = held.updatedAt, updatedAt >= card.card.updatedAt { throw .cardNotNewer }
    }
}
