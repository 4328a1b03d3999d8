import Foundation
import HandshakeCore
import HandshakeMailbox

/// The server's half of the receive pipeline: a card arriving from an account is verified by
/// HandshakeCore's `CardVerifier` and must belong to that account.
///
/// What it establishes: the bytes are a well-formed card, signed by the key whose Node ID is the
/// authenticated account's, or by a key the account's key moved to. What it does not: whether the card is newer than one stored — publishing
/// checks that in its update — or anything about the person behind the key.
struct AccountCardVerifier: Sendable {
    let clock: any MailboxClock
    let verifier = CardVerifier()

    /// The verified card from base64url text in a JSON body.
    func verify(base64URL text: String, owner: NodeID) throws(MailboxError) -> SignedCard {
        guard let bytes = Base64URL.decode(text) else { throw .badRequest("`card` is not base64url text.") }
        return try verify(bytes, owner: owner)
    }

    /// The verified card from its COSE_Sign1 bytes.
    func verify(_ bytes: [UInt8], owner: NodeID) throws(MailboxError) -> SignedCard {
        let card: SignedCard
        do throws(CardRejection) {
            card = try verifier.verify(bytes, now: clock.now())
        } catch {
            throw .cardRejected(error.description)
        }
        // A card of a new key the owner's key vouched for (card.md, key 17) is the owner's newest card.
        guard card.nodeID == owner || card.card.movedFrom.contains(owner) else { throw .cardNotYours }
        return card
    }
}
