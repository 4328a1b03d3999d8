// Establishes one session opened with someone in the list before either person chose: its channel opens
// and its common friends are found while the list is on screen, so the list can show the count beside each
// person (the seed's discovery screen), and choosing them, or their request, makes this session the
// exchange with no connection left to open. It does not sign or send a card while it only sits in the
// list: the coordinator adopts it first, and from then on drives it like any other session. Every such
// session is with a device in the list: one this device connected to, or the one advertising the address a
// connection came from.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// A session with a person in the list, waiting to be chosen (docs/protocols/nearby-discovery.md §10).
@MainActor
final class LobbyConnection {
    let session: ExchangeSession
    /// The instance name of the device in the list it is with.
    let peerID: String
    /// The address the connection came from, when the other device connected.
    let remote: String?
    /// Whether the person chose this session (or accepted its request): the coordinator drives it then.
    var adopted = false
    /// The common friends, as the session last reported them.
    var commonFriends: CommonFriendsStatus = .pending
    /// The states to handle, in order: the session's own, and the current one again on adoption.
    var feed: AsyncStream<SessionState>.Continuation?
    /// The last state the coordinator handled after adoption, so a state fed twice is handled once.
    var lastHandled: SessionState?

    init(session: ExchangeSession, peerID: String, remote: String?) {
        self.session = session
        self.peerID = peerID
        self.remote = remote
    }

    /// The key of this session in the list's bounds (`LobbySessions`).
    var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// Whether this connection is with `peer`.
    func isWith(_ peer: NearbyPeer) -> Bool {
        peerID == peer.id
    }
}

extension NearbyPeer {
    /// Whether `address`, as a connection reports where it came from, is one this device advertises.
    func isAt(_ address: String) -> Bool {
        addresses.contains { $0.description == address }
    }
}
