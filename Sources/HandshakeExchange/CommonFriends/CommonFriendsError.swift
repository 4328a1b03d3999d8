import HandshakeCore

/// Why the common-friends exchange refused a message from the other device, or a call out of turn.
///
/// Every refusal from the peer ends the exchange without an answer: a refused set gets no reply, so a
/// malformed or probing message teaches its sender nothing. Each description is a sentence a person can
/// read on the screen that ends the session.
@_spi(Wire) public enum CommonFriendsError: HandshakeError, Equatable {
    /// The message is too short to hold its two-byte count.
    case missingCount(byteCount: Int)
    /// A set message announced a number of entries that is not one of `CommonFriendsBuckets/sizes`.
    case notABucket(count: Int)
    /// A set message is a bucket larger than this session compares (a session in the list of people nearby
    /// compares at most 256 entries each way: docs/protocols/nearby-common-friends.md, "A known leak").
    case setTooLarge(count: Int, limit: Int)
    /// A reply announced a number of entries other than the number in the set it answers.
    case replyCountMismatch(expected: Int, received: Int)
    /// The message's length does not match its count: cut short, or with bytes after its last entry.
    case lengthMismatch(count: Int, expectedBytes: Int, receivedBytes: Int)
    /// An entry is not the reduced encoding of a curve coordinate (bit 255 set, or at least 2^255 − 19).
    case nonCanonicalEntry(position: Int)
    /// An entry appears twice in one message.
    case duplicateEntry(position: Int)
    /// An entry of the peer's set is a point of low order, which blinding turns into zero.
    case lowOrderEntry(position: Int)
    /// The peer sent a second set in the same exchange.
    case secondSet
    /// The peer sent a second reply in the same exchange.
    case secondReply
    /// The peer sent a reply before this device had sent the set it would answer.
    case replyBeforeOwnSet
    /// The peer sent its reply before its own set (a side always sends its set first).
    case replyBeforePeerSet
    /// This device was asked to answer the peer's set before it had sent its own (a local ordering mistake).
    case ownSetNotSent

    /// A sentence to show the person whose common friends could not be found.
    public var description: String {
        switch self {
        case .missingCount(let byteCount):
            return "The other device's list of contacts was \(byteCount) byte\(byteCount == 1 ? "" : "s") long, too short to say how many entries it holds."
        case .notABucket(let count):
            return "The other device sent a list of \(count) contacts; a list must hold 16, 32, 64, and so on up to 4096 entries."
        case .setTooLarge(let count, let limit):
            return "The other device sent a list of \(count) contacts to compare; with someone found in the list of people nearby, at most \(limit) are compared."
        case .replyCountMismatch(let expected, let received):
            return "The other device answered \(received) of our contacts, but we sent it \(expected)."
        case .lengthMismatch(let count, let expectedBytes, let receivedBytes):
            return "The other device's list announced \(count) entries (\(expectedBytes) bytes) but was \(receivedBytes) bytes long."
        case .nonCanonicalEntry(let position):
            return "Entry \(position + 1) of the other device's list is not a valid curve point encoding."
        case .duplicateEntry(let position):
            return "Entry \(position + 1) of the other device's list repeats an earlier entry."
        case .lowOrderEntry(let position):
            return "Entry \(position + 1) of the other device's list is a weak curve point that would reveal nothing honest."
        case .secondSet:
            return "The other device sent its list of contacts a second time in the same session."
        case .secondReply:
            return "The other device answered our list of contacts a second time in the same session."
        case .replyBeforeOwnSet:
            return "The other device answered a list of contacts we had not sent."
        case .replyBeforePeerSet:
            return "The other device answered our list of contacts before sending its own."
        case .ownSetNotSent:
            return "This device tried to answer the other device's list of contacts before sending its own."
        }
    }
}
