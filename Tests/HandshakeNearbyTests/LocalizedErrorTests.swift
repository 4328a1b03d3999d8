import Foundation
import HandshakeCore
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

/// A host or an address from the network names a device in a sentence: it arrives as a value and is written on
/// one line with its hidden scalars escaped, so a hostile one can neither start a line nor drive a terminal.
@Suite("hosts from the network in nearby sentences")
struct NearbyHostileHostTests {
    static let hostile = "10.0.0.9\n\u{1B}[2JYou won\u{202E}"

    static let sentences: [String] = [
        LobbyRefusal.notInList(address: hostile).description,
        LobbyRefusal.tooManyFromAddress(address: hostile).description,
        NearbyTransportError.cannotConnect(host: hostile, port: 7, reason: hostile).description,
        NearbyTransportError.cannotListen(host: hostile, reason: "in use").description,
        NearbyTransportError.connectionFailed(hostile).description,
        NearbyProblem.unreachable(.cannotConnect(host: hostile, port: 7, reason: "refused")).description,
    ]

    @Test("the value is escaped inside the sentence", arguments: 0..<sentences.count)
    func escaped(_ index: Int) {
        let sentence = Self.sentences[index]
        #expect(!sentence.unicodeScalars.contains { UntrustedText.isInvisibleControl($0) }, "\(sentence)")
        #expect(sentence.contains("10.0.0.9\\u{A}\\u{1B}[2JYou won\\u{202E}"), "\(sentence)")
    }
}
