import HandshakeCore

/// What a session knows of the common friends: still being worked out, found (the keys of our own TRUSTED
/// contacts the other person also trusts), or not available, with why.
public enum CommonFriendsStatus: Sendable, Equatable {
    /// Still being worked out; the screen can say so.
    case pending
    /// Our own contacts' signing keys, in no particular order; the app maps them to names.
    case found([SigningPublicKey])
    /// Could not be found; the text says why (the other device does not offer it, or it failed).
    case unavailable(String)

    /// The common friends' keys, empty until found.
    public var keys: [SigningPublicKey] {
        if case .found(let keys) = self { return keys }
        return []
    }
}
