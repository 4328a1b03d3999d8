import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Protocol labels")
struct NearbyProtocolTests {
    static let labels = [
        NearbyProtocol.prologueLabel, NearbyProtocol.commitmentLabel, NearbyProtocol.shortCodeLabel,
        NearbyProtocol.commonFriendsElementLabel,
    ]

    @Test func labelsAreNulTerminatedASCII() {
        for label in Self.labels {
            #expect(label.last == 0)
            #expect(label.dropLast().allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        }
    }

    @Test func noLabelIsAPrefixOfAnother() {
        for (i, a) in Self.labels.enumerated() {
            for (j, b) in Self.labels.enumerated() where i != j {
                #expect(!b.starts(with: a), "\(String(decoding: a, as: UTF8.self)) is a prefix of \(String(decoding: b, as: UTF8.self))")
            }
        }
    }
}
