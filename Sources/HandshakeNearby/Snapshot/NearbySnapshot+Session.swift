// Establishes what a screen of a nearby exchange shows about the session whatever the screen: who it is with
// (as the list showed them, before any card), the 6-digit code both screens show when no secret was shared,
// and the common friends by name as the session found them. The names are the person's own contacts' names,
// looked up in their book: nothing the other device sent.
import HandshakeCore

extension NearbySnapshot {
    /// The session with the other device, as every screen after the channel opened shows it.
    public struct Session: Sendable, Equatable {
        /// The person in the list the session is with; `nil` when there was no list (a token, a code, an
        /// address).
        public var peer: NearbyPeer?
        /// The 6 digits both screens show; `nil` when an NFC tap or a typed code made the channel.
        public var shortCode: String?
        /// The common friends.
        public var commonFriends: NearbyCommonFriends

        /// A session as screens show it.
        public init(peer: NearbyPeer?, shortCode: String?, commonFriends: NearbyCommonFriends) {
            self.peer = peer
            self.shortCode = shortCode
            self.commonFriends = commonFriends
        }
    }
}

/// The common friends of a session, by name.
public enum NearbyCommonFriends: Sendable, Equatable {
    /// Still being found: the cards never wait for them.
    case pending
    /// Found: the names of the person's own contacts the other person trusts too, sorted (empty: none).
    case found([String])
    /// Could not be found; the sentence says why.
    case unavailable(String)

    /// The names found; empty until found.
    public var names: [String] {
        if case .found(let names) = self { return names }
        return []
    }
}
