import Foundation
@_spi(Wire) @testable import HandshakeNearby
import Testing

/// Every error of HandshakeNearby is a `LocalizedError`: `localizedDescription` is its sentence.
@Suite("nearby errors an app can show")
struct NearbyLocalizedErrorTests {
    static let errors: [any Error & CustomStringConvertible] = [
        LinkError.packetTooLarge(300, limit: 182),
        DNSMessageError.messageTooLarge(size: 70_000),
        NearbyDiscoveryError.noSuchInterface("eth9"),
        NearbyTransportError.cannotConnect(host: "192.0.2.1", port: 7, reason: "refused"),
        NearbyProblem.unreachable(.cannotConnect(host: "192.0.2.1", port: 7, reason: "refused")),
        NearbyProblem.cardNotSent(.notNow(.request)),
        NearbyProblem.meetingNotRecorded(reason: "disk I/O error"),
    ]

    @Test("localizedDescription is the sentence of description", arguments: 0..<errors.count)
    func localizedDescription(_ index: Int) {
        let error = Self.errors[index]
        #expect(error.localizedDescription == error.description)
        #expect(!error.description.isEmpty)
    }
}
