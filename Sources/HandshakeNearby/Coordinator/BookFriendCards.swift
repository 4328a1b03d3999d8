// Establishes where a session finds the cards it may carry of common friends: the account's contact book,
// the contact of a signing key and its current card (docs/protocols/nearby.md §6a).
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// The book's current card of each contact, by signing key, for the carry.
struct BookFriendCards: CommonFriendCards {
    let book: ContactBook

    func newestCard(of key: SigningPublicKey) -> SignedCard? {
        guard let contact = try? book.contact(withSigningKey: key) else { return nil }
        return try? book.card(of: contact.id)
    }
}
