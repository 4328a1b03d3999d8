// Establishes how a person moves to a new key and stays the same contact in everyone's book: a new identity is
// made, the old key vouches for it (HandshakeCore's `KeyMove`, carried in the new card's key 17), and the new
// card keeps every field and sharing choice. In two steps, so nothing is replaced before the new card reached
// where it must (the old key's account on the server signs in with the old key, which is gone once replaced).
import Foundation
@_spi(Wire) import HandshakeCore

/// A move to a new key, made but not yet kept: ``HandshakeAccount/completeMove(_:)`` keeps it.
public struct PendingKeyMove: Sendable {
    /// The identity the account moves from, which signed the move.
    public let oldIdentity: Identity
    /// The identity it moves to.
    public let newIdentity: Identity
    /// The new key's profile: the same fields and sharing, with the move.
    public let profile: CardProfile

    /// The new key's card as others receive it, with the move that vouches for it.
    /// - Throws: `CardFieldError/cardTooLarge(bytes:)`.
    public func issueCard() throws -> SignedCard {
        try profile.issueCard(identity: newIdentity)
    }
}

extension HandshakeAccount {
    /// A move of this account to a fresh key, signed by the current one. Stores nothing.
    /// - Throws: `CardFieldError/cardTooLarge(bytes:)` when the card with the move no longer fits; the profile
    ///   store's error.
    public func prepareMove(now: Date = Date()) throws -> PendingKeyMove {
        let newIdentity = Identity.generate()
        let profile = try profile(now: now).moved(from: identity, to: newIdentity, now: now)
        return PendingKeyMove(oldIdentity: identity, newIdentity: newIdentity, profile: profile)
    }

    /// Keeps `move`: the new key replaces this account's (its old backup code no longer restores this
    /// account's newest card; the new one does), the card is the moved one, and the book stays as it is.
    /// - Throws: ``StoreError`` when the seed or profile cannot be written; an account that moved meanwhile
    ///   refuses another move made before it.
    public func completeMove(_ move: PendingKeyMove) throws -> HandshakeAccount {
        guard move.oldIdentity.nodeID == identity.nodeID, try storage.seedStore.loadSeed() == identity.seed else {
            throw StoreError.identityChanged
        }
        try storage.seedStore.saveSeed(move.newIdentity.seed, replacing: true)
        try storage.profileStore.save(move.profile)
        return HandshakeAccount(identity: move.newIdentity, book: book, storage: storage)
    }
}
