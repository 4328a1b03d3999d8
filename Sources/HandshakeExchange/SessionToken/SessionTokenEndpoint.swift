// Where the issuer of a session token listens: an IPv4 or IPv6 address and a TCP port, carried in the token
// so a reader can connect without browsing. It says where to connect; it proves nothing (the secret does).

/// An address and port at which the token's issuer accepts the exchange's TCP connection.
public struct SessionTokenEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The address: 4 bytes (IPv4) or 16 bytes (IPv6), network order.
    public let address: [UInt8]
    /// The TCP port, never 0.
    public let port: UInt16

    /// An endpoint, or nil unless `address` holds 4 or 16 bytes and `port` is not 0.
    public init?(address: [UInt8], port: UInt16) {
        guard address.count == 4 || address.count == 16, port != 0 else { return nil }
        self.address = address
        self.port = port
    }

    /// The address as text: dotted decimal for IPv4, eight groups of hexadecimal for IPv6 (not shortened).
    public var host: String {
        if address.count == 4 { return address.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    /// `host:port`, with IPv6 addresses in brackets.
    public var description: String { address.count == 4 ? "\(host):\(port)" : "[\(host)]:\(port)" }
}
