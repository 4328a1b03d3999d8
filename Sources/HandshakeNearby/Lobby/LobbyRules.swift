// Establishes the numbers that bound the sessions of the list of people nearby (docs/protocols/nearby-discovery.md
// §10, docs/protocols/nearby-common-friends.md "A known leak"): how many run at once, how long one may sit idle,
// how long a connection waits for its device to appear in the list, and how much the common-friends
// intersection may give away before anyone chose. Anyone on the network can connect, and anyone can advertise:
// each bound is what keeps such a device from filling the list, or from testing keys against the person's
// contacts, while never standing in the way of an exchange someone chose.
@_spi(Wire) import HandshakeExchange

/// The bounds of the list's sessions.
@_spi(Wire) public enum LobbyRules {
    /// Sessions open in the list at once. A new one past this closes the one idle the longest: an exchange
    /// someone chose never waits for room.
    public static let capacity = 16
    /// Sessions at once from one address (a connection that arrived from it).
    public static let sessionsPerAddress = 2
    /// A session in the list with nothing happening for this long is closed; the person's row keeps its count,
    /// and choosing them connects again.
    public static let idle: Duration = .seconds(60)
    /// How long a connection from an address no device in the list advertises waits for one to appear
    /// (its announcement may come a moment after its connection) before it is turned away. Nothing is read
    /// or sent meanwhile.
    public static let arrivalGrace: Duration = .seconds(5)
    /// Connections waiting at once for their device to appear; more are turned away at once.
    public static let waitingArrivals = 16
    /// Devices whose common friends are counted while the list is open once; a device is counted at most
    /// once, so the list shows at most this many counts.
    public static let countedDevices = 32
    /// The common-friends terms of a session in the list: withheld until allowed (by ``LobbySessions``, or by
    /// the person choosing or accepting), at most 256 entries each way.
    public static let commonFriends = CommonFriendsTerms(start: .whenAllowed, largestBucket: 256)
}
