/// Why a message inside the channel could not be read. The session ends on any of these: the peer either
/// speaks another protocol or is not honest, and neither can be reasoned with.
public enum MessageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownType(UInt8)
    case tooLarge(MessageType, bytes: Int, limit: Int)
    case malformed(MessageType, String)

    public var description: String {
        switch self {
        case .unknownType(let type):
            return "The other device sent a message of a kind this version does not know (type \(type))."
        case .tooLarge(let type, let bytes, let limit):
            return "The other device sent a \(type.displayName) of \(bytes) bytes; at most \(limit) are accepted."
        case .malformed(let type, let reason):
            return "The other device sent a \(type.displayName) that cannot be read: \(reason)."
        }
    }
}

extension MessageType {
    /// The message's name in sentences.
    var displayName: String {
        switch self {
        case .commonFriendsSet, .commonFriendsReply: return "common-friends message"
        case .request: return "request"
        case .accept: return "acceptance"
        case .decline: return "refusal"
        case .cancel: return "cancellation"
        case .note: return "note"
        case .close: return "goodbye"
        }
    }
}
