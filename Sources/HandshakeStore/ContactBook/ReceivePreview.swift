import HandshakeCore

/// What adding a verified card would do, shown to the person before anything is stored.
public enum ReceivePreview: Sendable, Equatable {
    /// Someone new. `possibleMatches` are contacts whose email or phone the card shares: the person may
    /// want to merge (a new identity of someone already known, or an address-book entry now verified).
    case new(SignedCard, possibleMatches: [Contact])
    /// A newer card of a known contact; `changes` lists the fields that differ.
    case update(Contact, SignedCard, changes: CardChanges)
    /// The same or an older card than the stored one: nothing to do (a replay is harmless).
    case notNewer(Contact)
    /// A different key for a known Node ID: refused.
    case keyConflict(Contact)
    /// The card of a blocked contact: ignored.
    case blocked(Contact)
}
