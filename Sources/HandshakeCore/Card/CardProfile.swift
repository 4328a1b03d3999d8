import Foundation

/// The owner's own card as they edit it, with the sharing profile that decides which fields go out.
///
/// The profile holds every field the owner filled in; each issued card holds only the shared ones and is
/// signed afresh. Every edit — of a field or of the sharing profile — moves ``card``'s `updatedAt`
/// strictly forward, so receivers always take the newest card and ignore replays of older ones.
public struct CardProfile: Sendable, Equatable {
    /// All of the owner's fields, shared or not.
    public private(set) var card: ContactCard
    /// The optional fields that issued cards carry.
    public private(set) var sharedFields: Set<CardField>

    /// A new profile for `identity`, sharing every field by default.
    public init(identity: Identity, now: Date) {
        card = ContactCard(sigKey: identity.sigKey, encKey: identity.encKey, updatedAt: Self.millis(now))
        sharedFields = Set(CardField.allCases)
    }

    /// A profile restored from storage; its fields are checked again and its keys must be the identity's.
    ///
    /// The size of the whole card is not checked here: a profile saved before ``edit(now:_:)`` checked it
    /// must still load, or its owner could not shorten it. Such a profile can issue a card larger than
    /// ``CardLimits/signedCardBytes``, and ``issueCard(identity:)`` refuses to hand such a card out.
    public init(card: ContactCard, sharedFields: Set<CardField>, namesServer: Bool = true, identity: Identity) throws(CardFieldError) {
        try card.fields.validate()
        var card = card
        card.sigKey = identity.sigKey
        card.encKey = identity.encKey
        self.card = card
        self.sharedFields = sharedFields
        self.namesServer = namesServer
    }

    /// Applies `change` to the fields. Nothing changes unless the result passes every field rule and,
    /// signed with every field shared, fits in ``CardLimits/signedCardBytes``
    /// (``CardFieldError/cardTooLarge(bytes:)`` otherwise).
    public mutating func edit(now: Date, _ change: (inout ContactCard) throws(CardFieldError) -> Void) throws(CardFieldError) {
        var edited = card
        try change(&edited)
        try edited.fields.validate()
        edited.sigKey = card.sigKey
        edited.encKey = card.encKey
        edited.updatedAt = Self.nextUpdate(after: card.updatedAt, now: now)
        // The whole card, not only the fields shared today: sharing more later needs no edit, and an
        // issued card holds a subset of these fields, so it can only be smaller.
        try edited.validateSignedSize()
        card = edited
    }

    /// Chooses which optional fields issued cards carry.
    public mutating func share(_ fields: Set<CardField>, now: Date) {
        guard fields != sharedFields else { return }
        sharedFields = fields
        card.updatedAt = Self.nextUpdate(after: card.updatedAt, now: now)
    }

    /// Whether issued cards name the owner's mailbox server (``ContactCard/server``), so that contacts can
    /// fetch the newest card there: on until the owner turns it off.
    public private(set) var namesServer = true

    /// Sets the server issued cards name (when ``namesServer``), and whether they name one at all; the card's
    /// `updatedAt` moves forward when what it carries changes.
    public mutating func setServer(_ server: ServerOrigin?, named: Bool? = nil, now: Date) {
        let names = named ?? namesServer
        let carried = names ? server : nil
        namesServer = names
        guard carried != card.server else { return }
        card.server = carried
        card.updatedAt = Self.nextUpdate(after: card.updatedAt, now: now)
    }

    /// This profile moved to `newIdentity`: the same fields, shared as before, signed by the new key, with a
    /// ``KeyMove`` signed by `oldIdentity` (this profile's own) added to the moves the card already carried,
    /// so that a contact who knew any of those keys takes the new card as this person's. Dated strictly after
    /// the old card, as an update is.
    /// - Throws: ``CardFieldError/cardTooLarge(bytes:)`` when the card with the move no longer fits.
    @_spi(Wire) public func moved(from oldIdentity: Identity, to newIdentity: Identity, now: Date) throws(CardFieldError) -> CardProfile {
        precondition(oldIdentity.nodeID == card.nodeID, "a profile moves only from its own identity")
        var moved = self
        let updatedAt = Self.nextUpdate(after: card.updatedAt, now: now)
        let move = KeyMove.sign(from: oldIdentity, to: newIdentity.sigKey, at: updatedAt)
        moved.card.sigKey = newIdentity.sigKey
        moved.card.encKey = newIdentity.encKey
        moved.card.updatedAt = updatedAt
        moved.card.moves = KeyMoves.chain(card.moves, then: move)
        try moved.card.validateSignedSize()
        return moved
    }

    /// The card others receive: the shared fields only, freshly signed by `identity`.
    ///
    /// The one place a card is issued: every front end and `HandshakeAccount.issueCard(now:)` (HandshakeStore)
    /// come here. A card no receiver would accept is never handed out: a profile loaded from storage may be
    /// larger than ``CardLimits/signedCardBytes`` (see ``init(card:sharedFields:namesServer:identity:)``).
    /// - Throws: ``CardFieldError/cardTooLarge(bytes:)`` when the signed card exceeds the limit.
    public func issueCard(identity: Identity) throws(CardFieldError) -> SignedCard {
        precondition(identity.nodeID == card.nodeID, "a profile issues cards only with its own identity")
        let shared = card.keeping(only: sharedFields)
        let envelope = COSESign1.sign(payload: CardSchema.encode(shared), with: identity.signRaw)
        guard envelope.encoded.count <= CardLimits.signedCardBytes else { throw .cardTooLarge(bytes: envelope.encoded.count) }
        return SignedCard(bytes: envelope.encoded, card: shared)
    }

    static func millis(_ date: Date) -> UInt64 {
        UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Now, or one millisecond after the previous update if the clock has not moved past it.
    static func nextUpdate(after previous: UInt64, now: Date) -> UInt64 {
        max(millis(now), previous + 1)
    }
}
