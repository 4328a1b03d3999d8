// Establishes where two devices meet when no network carries them from one to the other: a mailbox server's
// relay (docs/protocols/nearby-relay.md), named by its origin alone, `https://mailbox.example` or
// `http://10.0.0.1:8080`. A session token carries it (nearby-bootstrap.md §2.2), so it is text from outside:
// it is read in this one shape, or not at all (no path, query, fragment or user), and the device connects
// only to `{origin}/v1/relay/{room}`.
import HandshakeCore

/// A mailbox server's relay, by its origin.
public struct RelayServer: Sendable, Hashable, CustomStringConvertible {
    /// The longest origin a token carries, in bytes.
    public static let longestOrigin = 255

    /// Whether the relay is reached over TLS (`https`, so `wss`).
    public let secure: Bool
    /// The host: a DNS name (lowercase), an IPv4 address, or an IPv6 address without its brackets.
    public let host: String
    /// The port; 443 or 80 when the origin names none.
    public let port: Int

    /// The relay at `origin` (`http` or `https`, a host, an optional port, an optional `/`), or why it is not
    /// one: the sentence names the origin, quoted and escaped.
    public init(origin: String) throws(RelayServerError) {
        guard !origin.isEmpty, origin.utf8.count <= Self.longestOrigin, origin.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .notAnOrigin(origin)
        }
        var rest = Substring(origin)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.lowercased().hasPrefix("https://") {
            secure = true
            rest = rest.dropFirst(8)
        } else if rest.lowercased().hasPrefix("http://") {
            secure = false
            rest = rest.dropFirst(7)
        } else {
            throw .notAnOrigin(origin)
        }
        var hostPart = rest, portPart: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .notAnOrigin(origin) }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .notAnOrigin(origin) }
                portPart = after.dropFirst()
            }
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .notAnOrigin(origin) }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                hostPart = rest[..<colon]
                portPart = rest[rest.index(after: colon)...]
            }
            let labels = hostPart.split(separator: ".", omittingEmptySubsequences: false)
            guard !hostPart.isEmpty, labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }) else { throw .notAnOrigin(origin) }
        }
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy(\.isASCII), portPart.allSatisfy(\.isNumber),
                let number = Int(portPart), (1...65535).contains(number)
            else { throw .notAnOrigin(origin) }
            port = number
        } else {
            port = secure ? 443 : 80
        }
        host = hostPart.lowercased()
    }

    /// The origin, as a token carries it: the scheme, then ``authority``.
    public var origin: String { (secure ? "https://" : "http://") + authority }

    /// The host (an IPv6 address in brackets) and the port when it is not the scheme's own: what an HTTP
    /// request's `Host` names.
    public var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + (port == (secure ? 443 : 80) ? "" : ":\(port)")
    }

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
