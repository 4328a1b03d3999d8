// Establishes where two devices meet when no network carries them from one to the other: a mailbox server's
// relay (docs/protocols/nearby-relay.md), named by its origin alone, `https://mailbox.example` or
// `http://10.0.0.1:8080`. A session token carries it (nearby-bootstrap.md §2.2), so it is text from outside:
// it is read in this one shape, or not at all (no path, query, fragment or user), and the device connects
// only to `{origin}/v1/relay/{room}`.
import HandshakeCore

/// A mailbox server's relay, by its origin.
public struct RelayServer: Sendable, Hashable, CustomStringConvertible {
    /// The longest origin a token carries, in bytes.
    public static let longestOrigin = ServerOrigin.longest

    /// The server, by its origin.
    public let server: ServerOrigin
    /// Whether the relay is reached over TLS (`https`, so `wss`).
    public var secure: Bool { server.secure }
    /// The host: a DNS name (lowercase), an IPv4 address, or an IPv6 address without its brackets.
    public var host: String { server.host }
    /// The port; 443 or 80 when the origin names none.
    public var port: Int { server.port }

    /// The relay at `origin` (`http` or `https`, a host, an optional port, an optional `/`: HandshakeCore's `ServerOrigin`),
    /// or why it is not one: the sentence names the origin, quoted and escaped.
    public init(origin: String) throws(RelayServerError) {
        guard let server = ServerOrigin(origin) else { throw .notAnOrigin(origin) }
        self.server = server
    }

    /// The origin, as a token carries it.
    public var origin: String { server.origin }

    /// What an HTTP request's `Host` names (`ServerOrigin.authority`).
    public var authority: String { server.authority }

    /// The path of `room`'s relay connection on this server.
    @_spi(Wire) public func path(of room: RelayRoom) -> String { "/v1/relay/" + room.text }

    /// The origin.
    public var description: String { origin }
}

/// Why a text does not name a relay.
public enum RelayServerError: HandshakeError, Equatable {
    /// Not `http(s)://host[:port]` (the text as given).
    case notAnOrigin(String)

    /// The sentence, the text a value.
    public var description: String {
        switch self {
        case .notAnOrigin(let text):
            "\(UntrustedText.quoted(text)) is not a server's address: write it as https://host or http://host:port, with nothing after."
        }
    }
}
