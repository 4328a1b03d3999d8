// What the one receive rule did with a card (``ContactBook/receive(_:source:answer:now:)``), for the front
// end to report in its own words.

import HandshakeCore

/// What receiving a card did. Only ``added(_:)``, ``merged(_:into:)`` and ``updated(_:changes:previous:)``
/// stored something.
public enum ReceiveOutcome: Sendable, Equatable {
    /// A new contact, as stored.
    case added(Contact)
    /// The card became the new identity of an existing contact: the contact as stored, and as it was
    /// before the merge.
    case merged(Contact, into: Contact)
    /// A newer card of a known contact replaced its card: the contact as stored (its local fields
    /// untouched), the fields that changed, and the contact as it was before.
    case updated(Contact, changes: CardChanges, previous: Contact)
    /// The card is the one the book has for this contact, or older: nothing changed.
    case alreadyHave(Contact)
    /// The contact is blocked: the card was ignored.
    case ignoredBlocked(Contact)
    /// The card claims a known contact's Node ID with a different key: refused, nothing stored.
    case refusedKeyConflict(Contact)
    /// The person said to ignore it: nothing stored.
    case ignored

    /// The contact the card is about, when the book has one now.
    public var contact: Contact? {
        switch self {
        case .added(let contact), .merged(let contact, _), .updated(let contact, _, _), .alreadyHave(let contact),
             .ignoredBlocked(let contact), .refusedKeyConflict(let contact):
            contact
        case .ignored:
            nil
        }
    }
}
