/// What a Handshake device advertises on a local network while its exchange screen is open (DNS-SD over
/// multicast DNS, RFC 6762 / RFC 6763), and nothing more (docs/protocols/nearby-discovery.md).
///
/// The instance name is a random identifier made new for every session, never the Node ID; the TXT record
/// carries the protocol version and, only if the person allows it, a display name. Nothing is advertised
/// while no exchange is open.
@_spi(Wire) public enum NearbyService {
    /// The DNS-SD service type.
    public static let type = "_handshake._tcp"
    /// The domain browsed and advertised in.
    public static let domain = "local"
    /// TXT key: the nearby protocol version (decimal).
    public static let versionKey = "v"
    /// TXT key: the display name, present only when the person allows it.
    public static let nameKey = "n"
    /// How long discovery runs with nobody found before it says so.
    public static let nobodyFoundAfter: Duration = .seconds(30)
}
