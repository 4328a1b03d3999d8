import Crypto
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

@Suite("Secure channel: handshake")
struct ChannelHandshakeTests {
    static let secret = SessionSecret(bytes: [UInt8](repeating: 0x5A, count: 32))

    @Test func compareCodeCompletesWithEqualHashesAndCodes() throws {
        var pair = ChannelPair()
        try pair.connect()
        let initiator = try #require(pair.initiator.summary)
        let responder = try #require(pair.responder.summary)
        #expect(initiator == responder)
        #expect(initiator.handshakeHash.count == 32)
        #expect(initiator.mode == .compareCode)
        let code = try #require(initiator.shortCode)
        #expect(code.count == 6 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
        #expect(pair.initiatorEvents == [.established(initiator)])
        #expect(pair.responderEvents == [.established(responder)])
        // COMMIT, message 1, message 2: three frames, in that order.
        #expect(pair.responderSent.map { $0[2] } == [0x01, 0x02])
        #expect(pair.initiatorSent.map { $0[2] } == [0x02])
        #expect(pair.responderSent[0].count == 2 + 33)
    }

    @Test func sessionSecretCompletesWithEqualHashesAndNoCode() throws {
        var pair = ChannelPair(secret: Self.secret)
        try pair.connect()
        let initiator = try #require(pair.initiator.summary)
        #expect(initiator == pair.responder.summary)
        #expect(initiator.shortCode == nil)
        #expect(initiator.mode == .sessionSecret)
        #expect(pair.initiatorSent.map { $0[2] } == [0x02])
        #expect(pair.responderSent.map { $0[2] } == [0x02])
    }

    @Test func everySessionHasItsOwnHash() throws {
        var first = ChannelPair(secret: Self.secret)
        var second = ChannelPair(secret: Self.secret)
        try first.connect()
        try second.connect()
        #expect(first.initiator.summary?.handshakeHash != second.initiator.summary?.handshakeHash)
    }

    @Test func startGivesItsBytesOnce() {
        var responder = SecureChannel(role: .responder, secret: nil)
        #expect(responder.start().count == 35)
        #expect(responder.start().isEmpty)
        var initiator = SecureChannel(role: .initiator, secret: nil)
        #expect(initiator.start().isEmpty)
        var secretResponder = SecureChannel(role: .responder, secret: Self.secret)
        #expect(secretResponder.start().isEmpty)
        var secretInitiator = SecureChannel(role: .initiator, secret: Self.secret)
        #expect(secretInitiator.start().count == 2 + 1 + 48)
    }

    @Test func nothingIsSealedBeforeTheHandshake() {
        var channel = SecureChannel(role: .initiator, secret: nil)
        #expect(throws: ChannelError.notEstablished) { try channel.seal(type: 1, payload: []) }
        #expect(channel.failure == nil)
    }

    @Test func sessionSecretNeverShowsItsBytes() throws {
        let secret = try #require(SessionSecret(bytes: [UInt8](repeating: 0xAB, count: 32)))
        for text in [String(describing: secret), String(reflecting: secret), "\(secret)"] {
            #expect(!text.lowercased().contains("ab"), "\(text)")
            #expect(!text.contains("171"))
        }
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("171"))
        #expect(SessionSecret(bytes: [UInt8](repeating: 0, count: 31)) == nil)
        #expect(SessionSecret(bytes: [UInt8](repeating: 0, count: 33)) == nil)
    }

    @Test func shortCodeKeepsLeadingZerosAndFollowsTheDefinition() {
        // Search a few hashes for one whose code starts with 0, and check every code against the definition.
        var sawLeadingZero = false
        for seed in 0..<200 {
            let hash = NoiseSuite.hash([UInt8(seed & 0xFF), UInt8(seed >> 8)])
            let code = ChannelDerivation.shortCode(handshakeHash: hash)
            #expect(code.count == 6)
            let digest = Array(SHA256.hash(data: NearbyProtocol.shortCodeLabel + hash))
            let value = digest.prefix(8).reduce(UInt64(0)) { $0 * 256 + UInt64($1) }
            #expect(UInt64(code) == value % 1_000_000)
            if code.hasPrefix("0") { sawLeadingZero = true }
        }
        #expect(sawLeadingZero)
    }

    @Test func prologueAndCommitmentFollowTheDoc() {
        let key = [UInt8](repeating: 9, count: 32)
        let commitment = ChannelDerivation.commitment(toEphemeralKey: key)
        #expect(commitment == Array(SHA256.hash(data: Array("handshake nearby v1 commitment".utf8) + [0] + key)))
        #expect(ChannelDerivation.prologue(mode: .compareCode, commitment: commitment)
            == Array("handshake nearby v1 prologue".utf8) + [0, 1, 0] + commitment)
        #expect(ChannelDerivation.prologue(mode: .sessionSecret, commitment: nil)
            == Array("handshake nearby v1 prologue".utf8) + [0, 1, 1])
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equal([UInt8](), []))
    }

    @Test func everyErrorIsASentence() {
        let errors: [ChannelError] = [
            .frameTooLarge(length: 300, limit: 256), .malformedFrame, .unknownFrameType(9), .frameOutOfOrder(.record),
            .commitmentMismatch, .handshakeFailed, .invalidHandshakeMessage, .decryptionFailed, .badFragmentFlags(2), .malformedRecord,
            .messageTooLarge(limit: 10), .notEstablished, .recordLimitReached, .alreadyFailed(.decryptionFailed),
        ]
        for error in errors {
            let text = error.description
            #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
            #expect(!text.contains("`"), "no command names: \(text)")
        }
    }
}
