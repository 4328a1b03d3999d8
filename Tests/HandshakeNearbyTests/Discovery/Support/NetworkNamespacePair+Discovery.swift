import HandshakeTestSupport

@_spi(Wire) @testable import HandshakeNearby

// The namespace pair as the discovery tests use it: typed addresses, and an interface whose multicast socket
// is made inside one of the namespaces.
extension NetworkNamespacePair {
    /// The first host's address, on its veth end.
    var firstAddress: IPv4Address { IPv4Address(10, 213, 0, 1) }
    /// The second host's address.
    var secondAddress: IPv4Address { IPv4Address(10, 213, 0, 2) }

    /// An interface choice whose socket is made inside `namespace` on `address`.
    func interface(in namespace: String, address: IPv4Address) -> DiscoveryInterface {
        var interface = DiscoveryInterface.address(address)
        interface.makeSocket = { address in
            try Self.inside(namespace) { try MulticastSocket.open(interfaceAddress: address) }
        }
        return interface
    }
}
