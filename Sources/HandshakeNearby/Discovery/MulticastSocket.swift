// The multicast DNS socket, made with plain system calls so every option is set before SwiftNIO takes it
// over: UDP on port 5353 shared with other responders (SO_REUSEADDR, SO_REUSEPORT), group 224.0.0.251 joined
// on one interface only, sends leaving by that interface with TTL 255 (RFC 6762 §11) and looped back (so
// two programs on one host hear each other), and — on Linux — no traffic of groups joined by other sockets
// (IP_MULTICAST_ALL off). It is made in the calling thread's network namespace. IPv6 (ff02::fb) is not done.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens multicast DNS sockets.
enum MulticastSocket {
    /// The multicast DNS port.
    static let port: UInt16 = 5353
    /// The IPv4 multicast DNS group.
    static let group = IPv4Address(224, 0, 0, 251)

    /// A UDP socket bound to 0.0.0.0:5353 that receives and sends the mDNS group on the interface whose
    /// IPv4 address is `interfaceAddress`. The caller owns the descriptor (SwiftNIO closes it with its channel).
    static func open(interfaceAddress: IPv4Address) throws(NearbyDiscoveryError) -> CInt {
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_DGRAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .socket(step: "open a UDP socket", errno: errno) }
        do throws(NearbyDiscoveryError) {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, Int32(1), "share the port (SO_REUSEADDR)")
            try setOption(fd, SOL_SOCKET, SO_REUSEPORT, Int32(1), "share the port (SO_REUSEPORT)")

            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_port = port.bigEndian
            local.sin_addr = in_addr(s_addr: INADDR_ANY)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw NearbyDiscoveryError.socket(step: "bind UDP port 5353", errno: errno) }

            let interface = in_addr(s_addr: inAddr(interfaceAddress))
            let membership = ip_mreq(imr_multiaddr: in_addr(s_addr: inAddr(group)), imr_interface: interface)
            try setOption(fd, protocolIP, IP_ADD_MEMBERSHIP, membership, "join 224.0.0.251 (IP_ADD_MEMBERSHIP)")
            try setOption(fd, protocolIP, IP_MULTICAST_IF, interface, "choose the interface for sending (IP_MULTICAST_IF)")
            try setOption(fd, protocolIP, IP_MULTICAST_TTL, Int32(255), "set the multicast TTL to 255")
            try setOption(fd, protocolIP, IP_MULTICAST_LOOP, Int32(1), "loop multicast back to this host")
            #if os(Linux)
                // IP_MULTICAST_ALL (49): without it off, Linux delivers groups joined by any socket on any interface.
                try setOption(fd, protocolIP, 49, Int32(0), "receive only its own group memberships (IP_MULTICAST_ALL)")
            #endif
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    #if canImport(Darwin)
        private static let protocolIP = IPPROTO_IP
    #else
        private static let protocolIP = Int32(IPPROTO_IP)
    #endif

    private static func inAddr(_ address: IPv4Address) -> in_addr_t {
        let bytes = address.array
        return (UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])).bigEndian
    }

    private static func setOption<Value>(
        _ fd: CInt, _ level: Int32, _ name: Int32, _ value: Value, _ step: String
    ) throws(NearbyDiscoveryError) {
        var value = value
        let result = withUnsafePointer(to: &value) {
            setsockopt(fd, level, name, $0, socklen_t(MemoryLayout<Value>.size))
        }
        guard result == 0 else { throw .socket(step: step, errno: errno) }
    }
}
