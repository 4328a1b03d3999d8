// What a browse reports as it goes: a device appeared, changed, or left, or nobody was found in time. The
// events describe advertisements, not people: a device can vanish without a goodbye (its records then
// expire), and one that reappears under a new session identifier is a new peer.

/// One thing the browser noticed.
@_spi(Wire) public enum DiscoveryEvent: Hashable, Sendable {
    /// A device was found and resolved (instance, port, addresses, TXT).
    case found(NearbyPeer)
    /// A device already reported changed what it advertises (addresses, name, port).
    case updated(NearbyPeer)
    /// A device said goodbye, or its records expired. The value is the peer's ``NearbyPeer/id``.
    case lost(String)
    /// `NearbyService/nobodyFoundAfter` passed with nobody found; the sentence says so for a person.
    case nobodyFound(String)
}
