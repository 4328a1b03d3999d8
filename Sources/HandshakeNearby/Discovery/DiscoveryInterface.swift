// Which network interface discovery runs on: one named interface, one IPv4 address, or the first interface
// that can multicast and has an IPv4 address other than loopback. Discovery never spreads to every interface at once;
// the address chosen here is the one advertised in A records and the one multicast leaves by. It does not
// check that the interface reaches anyone.

import NIOCore
import NIOPosix

/// The interface an advertiser or browser binds to.
@_spi(Wire) public struct DiscoveryInterface: Sendable, CustomStringConvertible {
    enum Choice: Sendable {
        case automatic
        case name(String)
        case address(IPv4Address)
    }

    let choice: Choice
    /// Makes the socket for an interface address. Tests replace it to make the socket inside a network
    /// namespace of their own; everyone else gets ``MulticastSocket/open(interfaceAddress:)``.
    var makeSocket: @Sendable (IPv4Address) throws -> CInt = { address in try MulticastSocket.open(interfaceAddress: address) }

    /// The first interface that can multicast and has an IPv4 address outside 127.0.0.0/8.
    public static let automatic = DiscoveryInterface(choice: .automatic)

    /// The interface with this name (`eth0`, `en0`, `wlan0`), by its first IPv4 address.
    public static func named(_ name: String) -> DiscoveryInterface { DiscoveryInterface(choice: .name(name)) }

    /// The interface that holds this IPv4 address (`10.213.0.1`; `127.0.0.1` for loopback).
    public static func address(_ address: IPv4Address) -> DiscoveryInterface { DiscoveryInterface(choice: .address(address)) }

    /// The choice in words, for messages and logs.
    public var description: String {
        switch choice {
        case .automatic: "the first interface that can multicast"
        case .name(let name): "interface \(name)"
        case .address(let address): "the interface with address \(address)"
        }
    }

    /// The IPv4 address this choice stands for now.
    func resolveAddress() throws(NearbyDiscoveryError) -> IPv4Address {
        switch choice {
        case .address(let address):
            return address
        case .name(let name):
            guard let address = Self.ipv4Addresses().first(where: { $0.name == name })?.address else {
                throw .noSuchInterface(name)
            }
            return address
        case .automatic:
            guard let address = Self.ipv4Addresses().first(where: { $0.multicast && $0.address.bytes.0 != 127 })?.address else {
                throw .noUsableInterface
            }
            return address
        }
    }

    /// Every interface's IPv4 addresses, in the system's order.
    static func ipv4Addresses() -> [(name: String, address: IPv4Address, multicast: Bool)] {
        let devices = (try? System.enumerateDevices()) ?? []
        return devices.compactMap { device in
            guard case .v4(let v4)? = device.address else { return nil }
            let raw = UInt32(bigEndian: v4.address.sin_addr.s_addr)
            let address = IPv4Address(UInt8(raw >> 24), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF), UInt8(raw & 0xFF))
            return (device.name, address, device.multicastSupported)
        }
    }
}
