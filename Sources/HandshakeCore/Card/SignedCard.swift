/// A contact card together with the exact signed bytes it came from, verified.
///
/// The only ways to get one are to sign a card (``CardProfile/issueCard(identity:)``) or to pass bytes
/// through ``CardVerifier``, so holding a `SignedCard` means holding a card whose signature, Node ID and
/// field rules have been checked. The bytes are kept verbatim: they are what gets stored and re-shared,
/// and anyone can verify them again.
public struct SignedCard: Sendable, Hashable {
    /// The COSE_Sign1 bytes: the card in its one true form.
    public let bytes: [UInt8]
    /// The card those bytes carry.
    public let card: ContactCard

    init(bytes: [UInt8], card: ContactCard) {
        self.bytes = bytes
        self.card = card
    }

    /// The Node ID of the card's owner: the name under which a contact book files it.
    public var nodeID: NodeID { card.nodeID }
}
