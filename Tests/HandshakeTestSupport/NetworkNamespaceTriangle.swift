// Three hosts on one machine for tests of the relay: two devices, each in a network namespace of its own, with
// no route between them and no shared link (so no multicast), and a server in a third that both reach: its
// address 10.213.9.1 sits on its loopback, the first device reaches it over a veth pair (10.213.1.0/24), the
// second over another (10.213.2.0/24). The server's namespace does not forward, so the devices never reach
// each other: what the conference Wi-Fi that isolates its clients does. Made fresh for a test and removed
// after it; needs root and iproute2, and fails loudly without them.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Two device namespaces and a server namespace between them, removed by ``remove()``.
public final class NetworkNamespaceTriangle: Sendable {
    /// The namespaces' names (as ``NetworkNamespacePair``'s, ending in `a`, `b` and `s`).
    public let first: String
    public let second: String
    public let server: String
    /// The server's address, which both devices reach and nothing else does.
    public let serverHost = "10.213.9.1"
    /// The devices' own addresses, on their links to the server.
    public let firstHost = "10.213.1.2"
    public let secondHost = "10.213.2.2"

    public init() throws {
        let made = NetworkNamespacePair.pairsMade.wrappingAdd(1, ordering: .relaxed).oldValue
        let tag = NetworkNamespacePair.hex(Int(getpid()) & 0xFF_FFFF, digits: 6) + NetworkNamespacePair.hex(made & 0xFF, digits: 2)
        first = "hsd\(tag)a"
        second = "hsd\(tag)b"
        server = "hsd\(tag)s"
        guard getuid() == 0 else { throw NetworkNamespacePair.Failure(description: "network namespace tests need root (ip netns)") }
        NetworkNamespacePair.removeLeftovers()
        let ip = NetworkNamespacePair.ip
        do {
            for namespace in [first, second, server] { try ip(["netns", "add", namespace]) }
            for (device, address, serverAddress, link) in [(first, firstHost, "10.213.1.1", "1"), (second, secondHost, "10.213.2.1", "2")] {
                let deviceEnd = "\(device)v", serverEnd = "\(server)\(link)"
                try ip(["link", "add", deviceEnd, "type", "veth", "peer", "name", serverEnd])
                try ip(["link", "set", deviceEnd, "netns", device])
                try ip(["link", "set", serverEnd, "netns", server])
                try ip(["-n", device, "addr", "add", "\(address)/24", "dev", deviceEnd])
                try ip(["-n", server, "addr", "add", "\(serverAddress)/24", "dev", serverEnd])
                try ip(["-n", device, "link", "set", deviceEnd, "up"])
                try ip(["-n", server, "link", "set", serverEnd, "up"])
                try ip(["-n", device, "link", "set", "lo", "up"])
                try ip(["-n", device, "route", "add", "\(serverHost)/32", "via", serverAddress])
            }
            try ip(["-n", server, "link", "set", "lo", "up"])
            try ip(["-n", server, "addr", "add", "\(serverHost)/32", "dev", "lo"])
        } catch {
            remove()
            throw error
        }
    }

    /// Deletes the three namespaces (the veth pairs go with them). Safe to call twice.
    public func remove() {
        for namespace in [first, second, server] { try? NetworkNamespacePair.ip(["netns", "del", namespace]) }
    }

    /// The argument list that runs `arguments` inside `namespace`.
    public func command(in namespace: String, _ arguments: [String]) -> [String] {
        ["ip", "netns", "exec", namespace] + arguments
    }
}
