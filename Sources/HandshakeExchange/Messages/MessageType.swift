/// The type byte of every message inside the secure channel (docs/protocols/nearby.md, "Messages").
///
/// A receiver reads the type first and decodes the payload as that type alone: it never guesses a type by
/// trying decoders. An unknown type ends the session, since a peer speaking another dialect of version 1
/// cannot be trusted to mean what we would read.
@_spi(Wire) public enum MessageType: UInt8, Sendable, CaseIterable {
    /// Common friends, round 1: the sender's blinded, padded set.
    case commonFriendsSet = 0x01
    /// Common friends, round 2: the receiver's set blinded again, in the order received.
    case commonFriendsReply = 0x02
    /// "I choose you": the sender's card and its session binding.
    case request = 0x10
    /// The answer to a request: yes, with the answerer's card and binding (none in a one-way exchange).
    case accept = 0x11
    /// The answer to a request: no.
    case decline = 0x12
    /// The requester takes its request back (the person, or 60 s without an answer).
    case cancel = 0x13
    /// The small photo a device in the list of people nearby shows beside its name, before anyone chooses.
    case photo = 0x14
    /// The sender's one ephemeral note, after the cards are swapped.
    case note = 0x20
    /// The sender leaves the session.
    case close = 0x30
    /// After the swap: the dates of the cards the sender holds of the common friends (the carry).
    case cardVersions = 0x40
    /// After the swap: a common friend's card, newer than the one the other side said it holds.
    case carriedCard = 0x41
    /// After the swap: the sender has sent every newer card it will for the other side's versions.
    case carryEnd = 0x42
}
