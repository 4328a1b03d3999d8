import HandshakeCore

/// Why a message inside the channel could not be read. The session ends on any of these: the peer either
/// speaks another protocol or is not honest, and neither can be reasoned with.
@_spi(Wire) public enum MessageError: HandshakeError, Equatable {
    /// A message type this version does not know.
    case unknownType(UInt8)
    /// A message larger than its type allows.
    case tooLarge(MessageType, bytes: Int, limit: Int)
    /// A message whose payload does not read as its type; the text says why.
    case malformed(MessageType, String)

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .unknownType(let type):
            return "The other device sent a message of a kind this version does not know (type \(type))."
        case .tooLarge(let type, let bytes, let limit):
            return "The other device sent \(type.displayName) of \(bytes) bytes; at most \(limit) are accepted."
        case .malformed(let type, let reason):
            return "The other device sent \(type.displayName) that cannot be read: \(reason)."
        }
    }
}

extension MessageType {
    /// The message's name in sentences, with its article ("an acceptance").
    var displayName: String {
        switch self {
        case .commonFriendsSet, .commonFriendsReply: return "a common-friends message"
        case .request: return "a request"
        case .accept: return "an acceptance"
        case .decline: return "a refusal"
        case .cancel: return "a cancellation"
        case .photo: return "a photo"
        case .note: return "a note"
        case .close: return "a goodbye"
        case .cardVersions: return "the dates of its common friends' cards"
        case .carriedCard: return "a common friend's card"
        case .carryEnd: return "the end of its common friends' cards"
        }
    }
}
