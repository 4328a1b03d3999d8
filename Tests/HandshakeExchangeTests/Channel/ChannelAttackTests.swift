import Crypto
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// Each attack on the channel, and what the channel does about it.
@Suite("Secure channel: attacks")
struct ChannelAttackTests {
    static let secret = SessionSecret(bytes: [UInt8](repeating: 0x33, count: 32))

    /// A relay that runs one full channel with each victim, as an attacker in the middle would.
    struct Relay {
        var towardInitiator: SecureChannel  // plays responder to the real initiator
        var towardResponder: SecureChannel  // plays initiator to the real responder
        init(secret: SessionSecret?) {
            towardInitiator = SecureChannel(role: .responder, secret: secret)
            towardResponder = SecureChannel(role: .initiator, secret: secret)
        }
    }

    @Test func relayWithoutTheSessionSecretCannotFinish() throws {
        var initiator = SecureChannel(role: .initiator, secret: Self.secret)
        var responder = SecureChannel(role: .responder, secret: Self.secret)
        let wrong = try #require(SessionSecret(bytes: [UInt8](repeating: 0x34, count: 32)))
        var relay = Relay(secret: wrong)
        // The relay answers the initiator itself: the initiator refuses message 2.
        _ = responder.start()
        let message1 = initiator.start()
        #expect(throws: ChannelError.handshakeFailed) { try relay.towardInitiator.receive(message1) }
        // Nor can it start its own handshake with the responder.
        let forged = relay.towardResponder.start()
        #expect(throws: ChannelError.handshakeFailed) { try responder.receive(forged) }
        // A relay that answers message 1 with its own ephemeral key but no secret fails at the initiator.
        var impostor = SecureChannel(role: .responder, secret: wrong)
        var fresh = SecureChannel(role: .initiator, secret: Self.secret)
        let first = fresh.start()
        #expect(throws: ChannelError.handshakeFailed) { try impostor.receive(first) }
    }

    @Test func relayThatForwardsMessage1ButForgesMessage2Fails() throws {
        var initiator = SecureChannel(role: .initiator, secret: Self.secret)
        // Without the secret the relay cannot even read message 1…
        var noise = try NoiseHandshakeState(
            pattern: .nnPSK0, isInitiator: false,
            prologue: ChannelDerivation.prologue(mode: .sessionSecret, commitment: nil),
            preSharedKey: [UInt8](repeating: 1, count: 32))
        let message1 = Array(initiator.start().dropFirst(3))
        #expect(throws: NoiseError.decryptionFailed) { try noise.readMessage(message1) }
        // …and whatever it sends in place of message 2 is refused.
        let forged = FrameReader.frame([0x02] + [UInt8](repeating: 0x42, count: 48))
        #expect(throws: ChannelError.handshakeFailed) { try initiator.receive(forged) }
    }

    @Test func relayWithoutSecretShowsDifferentShortCodes() throws {
        // initiator ⇄ relay (as responder) and relay (as initiator) ⇄ responder: both legs complete, but the
        // two people see different codes (equal only by a one-in-a-million accident, which fixed keys rule out).
        var relay = Relay(secret: nil)
        var left = ChannelPair()
        left.responder = relay.towardInitiator
        try left.connect()
        var right = ChannelPair()
        right.initiator = relay.towardResponder
        try right.connect()
        relay.towardInitiator = left.responder
        relay.towardResponder = right.initiator
        let initiatorCode = try #require(left.initiator.summary?.shortCode)
        let responderCode = try #require(right.responder.summary?.shortCode)
        #expect(left.initiator.summary?.handshakeHash != right.responder.summary?.handshakeHash)
        #expect(initiatorCode != responderCode)
    }

    @Test func relayedSessionsMatchCodesNoMoreOftenThanChance() throws {
        // 200 honest-looking relays: each leg completes, and a match would be a one-in-a-million accident
        // (the chance that any of 200 matches is 0.02 %).
        var matches = 0
        for _ in 0..<200 {
            var left = ChannelPair()
            var right = ChannelPair()
            try left.connect()
            try right.connect()
            if left.initiator.summary?.shortCode == right.responder.summary?.shortCode { matches += 1 }
        }
        #expect(matches == 0)
    }

    @Test func prologueBindsVersionModeAndCommitment() throws {
        // Two ends whose prologues differ in one byte (another version, another mode, another commitment)
        // cannot finish: message 2's tag is computed over a different h. This is what stops a downgrade.
        let base = ChannelDerivation.prologue(mode: .compareCode, commitment: [UInt8](repeating: 1, count: 32))
        for index in [base.count - 34, base.count - 33, base.count - 1] {
            var other = base
            other[index] ^= 1
            var initiator = try NoiseHandshakeState(pattern: .nn, isInitiator: true, prologue: base)
            var responder = try NoiseHandshakeState(pattern: .nn, isInitiator: false, prologue: other)
            _ = try responder.readMessage(initiator.writeMessage())
            let message2 = try responder.writeMessage()
            #expect(throws: NoiseError.decryptionFailed) { try initiator.readMessage(message2) }
        }
    }

    @Test func relayCannotPickItsKeyAfterSeeingTheInitiators() throws {
        // The relay committed to one key toward the initiator; after seeing message 1 it tries to answer with
        // another (as a grinding attacker would). The initiator refuses it.
        var initiator = SecureChannel(role: .initiator, secret: nil)
        var relay = SecureChannel(role: .responder, secret: nil)
        let commit = relay.start()
        let message1 = try initiator.receive(commit)
        guard case .send(let bytes)? = message1.first else { Issue.record("no message 1"); return }
        var grinder = try NoiseHandshakeState(
            pattern: .nn, isInitiator: false,
            prologue: ChannelDerivation.prologue(mode: .compareCode, commitment: Array(commit.dropFirst(3))))
        _ = try grinder.readMessage(Array(bytes.dropFirst(3)))
        let message2 = FrameReader.frame([0x02] + (try grinder.writeMessage()))
        #expect(throws: ChannelError.commitmentMismatch) { try initiator.receive(message2) }
        #expect(initiator.summary == nil)
        #expect(throws: ChannelError.alreadyFailed(.commitmentMismatch)) { try initiator.receive(message2) }
    }

    @Test func commitmentAndMessage2FromDifferentRespondersFail() throws {
        var pair = ChannelPair()
        var other = SecureChannel(role: .responder, secret: nil)
        let realCommit = pair.responder.start()
        _ = other.start()
        let message1 = try pair.initiator.receive(realCommit)
        guard case .send(let bytes)? = message1.first else { Issue.record("no message 1"); return }
        let otherReply = try other.receive(bytes)
        guard case .send(let message2)? = otherReply.first else {
            Issue.record("the other responder should answer (its prologue differs, NN cannot tell yet)"); return
        }
        #expect(throws: ChannelError.commitmentMismatch) { try pair.initiator.receive(message2) }
    }

    @Test func wrongPreSharedKeyFailsAtTheResponder() throws {
        let other = try #require(SessionSecret(bytes: [UInt8](repeating: 0x44, count: 32)))
        var pair = ChannelPair(secret: Self.secret, responderSecret: other)
        #expect(throws: ChannelError.handshakeFailed) { try pair.connect() }
        #expect(pair.responder.failure == .handshakeFailed)
        #expect(pair.initiator.summary == nil && pair.responder.summary == nil)
    }

    @Test func modeMismatchFails() throws {
        // One side has a secret, the other not: a COMMIT reaches a session-secret initiator.
        var initiator = SecureChannel(role: .initiator, secret: Self.secret)
        var responder = SecureChannel(role: .responder, secret: nil)
        _ = initiator.start()
        #expect(throws: ChannelError.frameOutOfOrder(.commit)) { try initiator.receive(responder.start()) }
        // And the other way round: a session-secret message 1 reaches a compare-code responder.
        var secretInitiator = SecureChannel(role: .initiator, secret: Self.secret)
        var plainResponder = SecureChannel(role: .responder, secret: nil)
        _ = plainResponder.start()
        #expect(throws: ChannelError.self) { try plainResponder.receive(secretInitiator.start()) }
    }

    // MARK: Records

    /// An established pair and the wire bytes of three records from the initiator.
    static func threeRecords() throws -> (ChannelPair, [[UInt8]]) {
        var pair = ChannelPair(secret: Self.secret)
        try pair.connect()
        let records = try (1...3).map { try pair.initiator.seal(type: UInt8($0), payload: Array("record \($0)".utf8)) }
        return (pair, records)
    }

    @Test func recordsInOrderArrive() throws {
        var (pair, records) = try Self.threeRecords()
        let received = try records.flatMap { try messages(pair.responder.receive($0)) }
        #expect(received.map(\.type) == [1, 2, 3])
        #expect(received[1].payload == Array("record 2".utf8))
    }

    @Test func replayedRecordEndsTheChannel() throws {
        var (pair, records) = try Self.threeRecords()
        _ = try pair.responder.receive(records[0])
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(records[0]) }
        #expect(throws: ChannelError.alreadyFailed(.decryptionFailed)) { try pair.responder.receive(records[1]) }
    }

    @Test func reorderedRecordEndsTheChannel() throws {
        var (pair, records) = try Self.threeRecords()
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(records[1]) }
        #expect(throws: ChannelError.alreadyFailed(.decryptionFailed)) { try pair.responder.receive(records[0]) }
    }

    @Test func droppedRecordEndsTheChannel() throws {
        var (pair, records) = try Self.threeRecords()
        _ = try pair.responder.receive(records[0])
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(records[2]) }
    }

    @Test func recordsAfterABadOneInTheSameChunkAreNotDelivered() throws {
        var (pair, records) = try Self.threeRecords()
        var bad = records[1]
        bad[bad.count - 1] ^= 0x80
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(records[0] + bad + records[2]) }
        #expect(pair.responder.failure == .decryptionFailed)
        #expect(!pair.responder.isEstablished)
    }

    @Test func truncatedRecordEndsTheChannel() throws {
        var (pair, records) = try Self.threeRecords()
        // A record cut short but reframed with its new length (a truncation the framing cannot see).
        let cut = Array(records[0].dropFirst(2).dropLast(1))
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(FrameReader.frame(cut)) }
        // A record shorter than a tag.
        var (pair2, _) = try Self.threeRecords()
        #expect(throws: ChannelError.decryptionFailed) { try pair2.responder.receive(FrameReader.frame([0x03, 1, 2, 3])) }
    }

    @Test func everyFlippedBitEndsTheChannel() throws {
        let (pair, records) = try Self.threeRecords()
        let record = records[0]
        for index in 3..<record.count {  // every bit after the length and frame type
            for bit in 0..<8 {
                var receiver = pair.responder
                var altered = record
                altered[index] ^= UInt8(1 << bit)
                #expect(throws: ChannelError.decryptionFailed) { try receiver.receive(altered) }
                #expect(throws: ChannelError.alreadyFailed(.decryptionFailed)) { try receiver.receive(record) }
            }
        }
    }

    @Test func alteredFrameTypeOrLength() throws {
        var (pair, records) = try Self.threeRecords()
        var wrongType = records[0]
        wrongType[2] = 0x02
        #expect(throws: ChannelError.frameOutOfOrder(.handshake)) { try pair.responder.receive(wrongType) }
        var (pair2, records2) = try Self.threeRecords()
        var unknown = records2[0]
        unknown[2] = 0x7F
        #expect(throws: ChannelError.unknownFrameType(0x7F)) { try pair2.responder.receive(unknown) }
    }

    @Test func recordFromTheResponderCannotBeReflected() throws {
        var (pair, _) = try Self.threeRecords()
        let own = try pair.responder.seal(type: 1, payload: [1, 2, 3])
        #expect(throws: ChannelError.decryptionFailed) { try pair.responder.receive(own) }
    }

    // MARK: Frames out of place

    @Test func recordBeforeTheHandshakeIsOutOfOrder() throws {
        var responder = SecureChannel(role: .responder, secret: nil)
        _ = responder.start()
        #expect(throws: ChannelError.frameOutOfOrder(.record)) { try responder.receive(FrameReader.frame([0x03] + [UInt8](repeating: 0, count: 20))) }
    }

    @Test func commitAfterTheHandshakeOrTwiceIsOutOfOrder() throws {
        var pair = ChannelPair()
        let commit = pair.responder.start()
        _ = try pair.initiator.receive(commit)
        #expect(throws: ChannelError.frameOutOfOrder(.commit)) { try pair.initiator.receive(commit) }
        var established = ChannelPair()
        try established.connect()
        #expect(throws: ChannelError.frameOutOfOrder(.commit)) { try established.initiator.receive(commit) }
        #expect(throws: ChannelError.frameOutOfOrder(.handshake)) {
            try established.responder.receive(established.initiatorSent[0])
        }
    }

    @Test func commitToTheResponderIsOutOfOrder() {
        var responder = SecureChannel(role: .responder, secret: nil)
        var other = SecureChannel(role: .responder, secret: nil)
        #expect(throws: ChannelError.frameOutOfOrder(.commit)) { try responder.receive(other.start()) }
    }

    @Test func malformedHandshakeFrames() {
        var initiator = SecureChannel(role: .initiator, secret: nil)
        #expect(throws: ChannelError.malformedFrame) { try initiator.receive(FrameReader.frame([0x01] + [UInt8](repeating: 0, count: 31))) }
        var responder = SecureChannel(role: .responder, secret: nil)
        _ = responder.start()
        // Compare-code mode has no secret to blame: the message itself is unusable, and the sentence says so.
        #expect(throws: ChannelError.invalidHandshakeMessage) { try responder.receive(FrameReader.frame([0x02, 1, 2, 3])) }
        #expect(!ChannelError.invalidHandshakeMessage.description.contains("secret"))
        var allZeros = SecureChannel(role: .responder, secret: nil)
        _ = allZeros.start()
        #expect(throws: ChannelError.invalidHandshakeMessage) { try allZeros.receive(FrameReader.frame([0x02] + [UInt8](repeating: 0, count: 32))) }
        #expect(ChannelError.frameOutOfOrder(.record).description.hasPrefix("The other device sent an encrypted record when"))
        var withPayload = SecureChannel(role: .responder, secret: nil)
        _ = withPayload.start()
        let key = Array(Curve25519.KeyAgreement.PrivateKey().publicKey.rawRepresentation)
        #expect(throws: ChannelError.malformedFrame) { try withPayload.receive(FrameReader.frame([0x02] + key + [0xEE])) }
        var empty = SecureChannel(role: .responder, secret: nil)
        #expect(throws: ChannelError.malformedFrame) { try empty.receive([0x00, 0x00]) }
    }

    // MARK: Size bounds

    @Test func oversizedHandshakeFrameIsRefusedFromItsLengthAlone() {
        for role in [ChannelRole.initiator, .responder] {
            for secret in [nil, Self.secret] {
                var channel = SecureChannel(role: role, secret: secret)
                _ = channel.start()
                #expect(throws: ChannelError.frameTooLarge(length: 257, limit: 256)) { try channel.receive([0x01, 0x01]) }
                var limit = SecureChannel(role: role, secret: secret)
                #expect(throws: ChannelError.frameTooLarge(length: 65535, limit: 256)) { try limit.receive([0xFF]  + [0xFF]) }
            }
        }
    }

    @Test func a256ByteFrameIsReadBeforeTheHandshake() throws {
        var initiator = SecureChannel(role: .initiator, secret: nil)
        // 256 bytes: accepted as a frame, then refused for what it is (a COMMIT must be 33 bytes).
        #expect(throws: ChannelError.malformedFrame) { try initiator.receive([0x01, 0x00, 0x01] + [UInt8](repeating: 0, count: 255)) }
    }

    @Test func largeFramesAreAcceptedOnceEstablished() throws {
        var pair = ChannelPair()
        try pair.connect()
        let payload = patternBytes(count: RecordLayer.maximumFragment)
        let wire = try pair.initiator.seal(type: 9, payload: payload)
        #expect(wire.count == 2 + 65535)
        #expect(try messages(pair.responder.receive(wire)) == [ChannelMessage(type: 9, payload: payload)])
    }

    @Test func messageOverTheLimitIsRefused() throws {
        var pair = ChannelPair()
        try pair.connect()
        #expect(throws: ChannelError.messageTooLarge(limit: 131_072)) {
            try pair.initiator.seal(type: 1, payload: [UInt8](repeating: 0, count: 131_073))
        }
        #expect(pair.initiator.failure == nil, "a refused send does not end the channel")
        // A peer with a higher limit than ours: we refuse its message once the fragments pass our bound.
        var small = ChannelPair()
        small.responder = SecureChannel(role: .responder, secret: nil, ephemeralKey: .init(), maximumMessageSize: 1000)
        try small.connect()
        let wire = try small.initiator.seal(type: 1, payload: [UInt8](repeating: 0, count: 1001))
        #expect(throws: ChannelError.messageTooLarge(limit: 1000)) { try small.responder.receive(wire) }
    }

    @Test func fragmentsPastTheLimitAreRefusedBeforeTheMessageEnds() throws {
        var pair = ChannelPair()
        pair.responder = SecureChannel(role: .responder, secret: nil, ephemeralKey: .init(), maximumMessageSize: 100)
        try pair.connect()
        // Hand-made records: fragments of 60 bytes with "more" set; the second passes the bound.
        var sender = try #require(Self.sendCipher(of: pair.initiator))
        let first = FrameReader.frame([0x03] + (try sender.encrypt(ad: [], plaintext: [5, 1] + [UInt8](repeating: 1, count: 60))))
        let second = FrameReader.frame([0x03] + (try sender.encrypt(ad: [], plaintext: [5, 1] + [UInt8](repeating: 1, count: 60))))
        #expect(try pair.responder.receive(first).isEmpty)
        #expect(throws: ChannelError.messageTooLarge(limit: 100)) { try pair.responder.receive(second) }
    }

    @Test func reservedFlagBitsAndChangingTypesAreRefused() throws {
        for (plaintexts, error) in [
            ([[7, 0x02, 1]], ChannelError.badFragmentFlags(0x02)),
            ([[7, 0x81]], ChannelError.badFragmentFlags(0x81)),
            ([[7, 0x01, 1], [8, 0x00, 2]], ChannelError.malformedRecord),
            ([[7]], ChannelError.malformedRecord),
            ([[]], ChannelError.malformedRecord),
        ] as [([[UInt8]], ChannelError)] {
            var pair = ChannelPair()
            try pair.connect()
            var sender = try #require(Self.sendCipher(of: pair.initiator))
            let wire = try plaintexts.flatMap { FrameReader.frame([0x03] + (try sender.encrypt(ad: [], plaintext: $0))) }
            #expect(throws: error) { try pair.responder.receive(wire) }
        }
    }

    /// The cipher an established end seals records with: lets a test write records a correct
    /// implementation would never send.
    static func sendCipher(of channel: SecureChannel) -> NoiseCipherState? {
        channel.outgoingCipher
    }
}
