// Establishes which IP addresses an exchange may connect to. An address from outside (a share link made by
// someone else) must not turn this device into a way in to the networks it sits on: its own loopback
// services, a home router, a cloud's metadata service at 169.254.169.254. The rule is checked on the
// addresses the name resolved to, every one of them, and the connection is made to an address that was
// checked, so a name that resolves differently the second time (DNS rebinding) gains nothing.
//
// What it does not decide: which policy an address gets (the caller does: a share link's rule is
// HandshakeMailbox's `ShareLink.resolution(registered:)`).

/// The kind of network an IP address belongs to.
package enum NetworkAddressScope: String, Sendable, Hashable, CaseIterable {
    /// This machine: 127.0.0.0/8, ::1.
    case loopback
    /// A private network: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, carrier-grade NAT 100.64.0.0/10,
    /// unique local fc00::/7 and the old site-local fec0::/10.
    case privateNetwork
    /// The link alone: 169.254.0.0/16 (where clouds put their metadata service), fe80::/10.
    case linkLocal
    /// Addresses nothing should be sent to: 0.0.0.0/8 and :: (which reach this machine on Linux),
    /// multicast, broadcast and the reserved 240.0.0.0/4.
    case unusable
    /// Everything else: the internet.
    case publicInternet

    /// The scope of `bytes`, 4 of IPv4 or 16 of IPv6. An IPv6 address that carries an IPv4 one (mapped
    /// `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) has the IPv4 address's scope.
    package init(_ bytes: [UInt8]) {
        if bytes.count == 4 {
            self = Self.ipv4(bytes)
        } else if bytes.count == 16 {
            self = Self.ipv6(bytes)
        } else {
            self = .unusable
        }
    }

    private static func ipv4(_ b: [UInt8]) -> Self {
        switch (b[0], b[1]) {
        case (127, _): .loopback
        case (0, _): .unusable
        case (10, _), (172, 16...31), (192, 168), (100, 64...127): .privateNetwork
        case (169, 254): .linkLocal
        case (224...255, _): .unusable  // multicast, reserved, broadcast
        default: .publicInternet
        }
    }

    private static func ipv6(_ b: [UInt8]) -> Self {
        let zeros = b.prefix(10).allSatisfy { $0 == 0 }
        if zeros, b[10] == 0xFF, b[11] == 0xFF { return ipv4(Array(b[12...])) }  // ::ffff:a.b.c.d
        if b.prefix(12) == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return ipv4(Array(b[12...])) }  // NAT64
        if b[0] == 0x20, b[1] == 0x02 { return ipv4(Array(b[2..<6])) }  // 6to4
        if b.prefix(15).allSatisfy({ $0 == 0 }) {
            return b[15] == 1 ? .loopback : .unusable  // ::1, and :: or the old ::a.b.c.d
        }
        if zeros, b[10] == 0, b[11] == 0 { return .unusable }  // IPv4-compatible, deprecated
        switch (b[0], b[1] & 0xC0) {
        case (0xFF, _): return .unusable  // multicast
        case (0xFE, 0x80): return .linkLocal
        case (0xFE, 0xC0): return .privateNetwork
        default: return b[0] & 0xFE == 0xFC ? .privateNetwork : .publicInternet
        }
    }

    /// What a sentence calls it.
    package var phrase: String {
        switch self {
        case .loopback: "this machine's own address"
        case .privateNetwork: "an address on a private network"
        case .linkLocal: "a link-local address"
        case .unusable: "an address that is not for connecting to"
        case .publicInternet: "an internet address"
        }
    }
}

/// The addresses an exchange may connect to.
package struct ReachableAddresses: Sendable, Hashable {
    /// The scopes allowed.
    package let scopes: Set<NetworkAddressScope>
    /// Why the others are not, as the end of a sentence ("…: a share link leads there only when …").
    package let reason: String

    package init(scopes: Set<NetworkAddressScope>, reason: String) {
        self.scopes = scopes
        self.reason = reason
    }

    /// Any address: a server the person chose themselves (registered with, or typed).
    package static let any = ReachableAddresses(scopes: Set(NetworkAddressScope.allCases), reason: "")

    /// Whether `bytes` may be connected to.
    package func allows(_ bytes: [UInt8]) -> Bool {
        scopes.contains(NetworkAddressScope(bytes))
    }
}
