// An IPv4 address as discovery finds and reports it (a peer's addresses, the interface to use). The DNS
// codec reads and writes it in A records; it is public because apps see it, unlike the codec.

/// An IPv4 address.
@_spi(Wire) public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, network order.
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// The address `a.b.c.d`.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) { bytes = (a, b, c, d) }

    /// Parses dotted-quad text such as `10.213.0.1`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { $0.count <= 3 && $0.allSatisfy(\.isASCII) ? UInt8($0) : nil }
        guard values.count == 4 else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// The bytes as an array.
    public var array: [UInt8] { [bytes.0, bytes.1, bytes.2, bytes.3] }

    /// The address in dotted-decimal form.
    public var description: String { "\(bytes.0).\(bytes.1).\(bytes.2).\(bytes.3)" }

    /// Addresses are equal when their four bytes are.
    public static func == (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.array == rhs.array }
    /// Hashes the four bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }
}
