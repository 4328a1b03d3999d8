import Testing

@_spi(Wire) @testable import HandshakeNearby

@Suite("The advertised service")
struct NearbyServiceTests {
    /// RFC 6763 §7: an underscore, 1–15 characters of letters, digits and hyphens, then the protocol.
    @Test func serviceTypeIsAValidDNSSDName() {
        let parts = NearbyService.type.split(separator: ".")
        #expect(parts.count == 2 && parts[1] == "_tcp")
        let name = parts[0].dropFirst()
        #expect(parts[0].first == "_" && (1...15).contains(name.count))
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
    }
}
