// What the browser learned about one advertised Handshake device: where to connect and what it chose to
// show. None of it is authenticated — multicast DNS has no signatures — so a peer's display name is a hint for
// the person choosing, and who is really there is settled by the secure channel, never by these fields.

/// A device found on the local network, resolved to what a connection needs.
public struct NearbyPeer: Hashable, Sendable {
    /// The advertised instance name (the session's random identifier for a Handshake device; for a foreign
    /// advertiser, whatever label it used).
    public var id: String
    /// The display name from the TXT record, if the other person chose to show one.
    public var displayName: String?
    /// The protocol version from the TXT record (`v`); nil when the record has none or it is not a number.
    public var version: Int?
    /// The rendezvous of the token or short code the device waits for (TXT `t` or `c`), if any.
    @_spi(Wire) public var rendezvous: NearbyRendezvous?
    /// The host's IPv4 addresses, from its A records.
    @_spi(Wire) public var addresses: [IPv4Address]
    /// The TCP port the exchange listens on (SRV).
    public var port: UInt16
    /// The host name the SRV record points at.
    public var host: String

    /// The start of ``id`` that stands for a person who shows no name ("Someone (k3x9qa)"): its first six
    /// Unicode scalars, never six `Character`s (a foreign label's "a" and 500 marks is one Character). Text
    /// from outside all the same: a front end escapes it as it escapes any.
    public var shortID: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: id.unicodeScalars.prefix(6))
        return String(view)
    }

    /// A peer as a list shows it, with no address to reach it at: for an app's previews. The browser finds
    /// the real ones.
    public init(id: String, displayName: String?) {
        self.init(id: id, displayName: displayName, version: nil, addresses: [], port: 0, host: "")
    }

    /// A peer from its parts, as the browser resolves it.
    @_spi(Wire) public init(
        id: String, displayName: String?, version: Int?, rendezvous: NearbyRendezvous? = nil, addresses: [IPv4Address], port: UInt16,
        host: String
    ) {
        self.id = id
        self.displayName = displayName
        self.version = version
        self.rendezvous = rendezvous
        self.addresses = addresses
        self.port = port
        self.host = host
    }
}
