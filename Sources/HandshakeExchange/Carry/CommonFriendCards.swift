// Establishes what a session needs from the person's contact book to carry newer cards of common friends
// (docs/protocols/nearby.md §6a): the newest card it holds of a contact, by the contact's signing key. The
// book answers; the session asks only about common friends, after the swap.
import HandshakeCore

/// The cards a session may offer of the person's common friends: the book's newest card of each TRUSTED contact.
public protocol CommonFriendCards: Sendable {
    /// The newest card held of the contact whose signing key is `key`, or `nil` when there is none.
    func newestCard(of key: SigningPublicKey) -> SignedCard?
}
