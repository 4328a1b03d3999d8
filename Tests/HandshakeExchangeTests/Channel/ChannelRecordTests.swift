import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

@Suite("Secure channel: records and stream splits")
struct ChannelRecordTests {
    static let secret = SessionSecret(bytes: [UInt8](repeating: 0x11, count: 32))

    @Test(arguments: [false, true])
    func handshakeSurvivesEveryTwoWaySplit(withSecret: Bool) throws {
        // Record the whole conversation once, then replay each direction cut at every byte boundary.
        let initiatorKey = try privateKey(hex: String(repeating: "01", count: 32))
        let responderKey = try privateKey(hex: String(repeating: "02", count: 32))
        let secret = withSecret ? Self.secret : nil
        var reference = ChannelPair(secret: secret, initiatorKey: initiatorKey, responderKey: responderKey)
        try reference.connect()
        let toInitiator = reference.responderSent.joined().map { $0 }
        let hash = try #require(reference.initiator.summary?.handshakeHash)
        for cut in 0...toInitiator.count {
            var initiator = SecureChannel(role: .initiator, secret: secret, ephemeralKey: initiatorKey)
            _ = initiator.start()
            var outputs = try initiator.receive(toInitiator[..<cut])
            outputs += try initiator.receive(toInitiator[cut...])
            #expect(initiator.summary?.handshakeHash == hash, "cut at \(cut)")
            #expect(outputs.filter { if case .established = $0 { true } else { false } }.count == 1)
        }
    }

    @Test func handshakeByteByByte() throws {
        var initiator = SecureChannel(role: .initiator, secret: nil)
        var responder = SecureChannel(role: .responder, secret: nil)
        var toInitiator = responder.start()
        var toResponder = initiator.start()
        while !toInitiator.isEmpty || !toResponder.isEmpty {
            for byte in toInitiator {
                for case .send(let bytes) in try initiator.receive([byte]) { toResponder += bytes }
            }
            toInitiator = []
            let pending = toResponder
            toResponder = []
            for byte in pending {
                for case .send(let bytes) in try responder.receive([byte]) { toInitiator += bytes }
            }
        }
        #expect(initiator.summary != nil && initiator.summary == responder.summary)
    }

    @Test func messagesSplitAtEveryByteBoundaryReassemble() throws {
        var pair = ChannelPair(secret: Self.secret)
        try pair.connect()
        let sent = [
            ChannelMessage(type: 0x10, payload: Array("a card would go here".utf8)),
            ChannelMessage(type: 0x11, payload: []),
            ChannelMessage(type: 0xFF, payload: patternBytes(count: 300)),
        ]
        let stream = try sent.flatMap { try pair.initiator.seal(type: $0.type, payload: $0.payload) }
        for cut in 0...stream.count {
            var receiver = pair.responder
            let received = try messages(receiver.receive(stream[..<cut])) + messages(receiver.receive(stream[cut...]))
            #expect(received == sent, "cut at \(cut)")
        }
        // And one byte at a time.
        var receiver = pair.responder
        var received: [ChannelMessage] = []
        for byte in stream { received += try messages(receiver.receive(CollectionOfOne(byte))) }
        #expect(received == sent)
    }

    @Test func a100KilobyteMessageCrossesInSeveralRecords() throws {
        var pair = ChannelPair()
        try pair.connect()
        let payload = patternBytes(count: 100_000, seed: 3)
        let wire = try pair.responder.seal(type: 0x42, payload: payload)
        let records = frames(wire)
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0[2] == 0x03 })
        // Fed in 1000-byte chunks: the message appears once, whole, after the last record.
        var delivered: [ChannelMessage] = []
        var index = 0
        while index < wire.count {
            delivered += try messages(pair.initiator.receive(wire[index..<min(index + 1000, wire.count)]))
            #expect(delivered.isEmpty || index + 1000 >= wire.count)
            index += 1000
        }
        #expect(delivered == [ChannelMessage(type: 0x42, payload: payload)])
    }

    @Test func theLargestMessageCrossesInThreeRecords() throws {
        var pair = ChannelPair()
        try pair.connect()
        let payload = patternBytes(count: NearbyProtocol.maximumMessageSize)
        let wire = try pair.initiator.seal(type: 1, payload: payload)
        #expect(frames(wire).count == 3)
        #expect(try messages(pair.responder.receive(wire)) == [ChannelMessage(type: 1, payload: payload)])
    }

    @Test func emptyMessageIsOneRecord() throws {
        var pair = ChannelPair()
        try pair.connect()
        let wire = try pair.initiator.seal(type: 0, payload: [])
        #expect(frames(wire).count == 1 && wire.count == 2 + 1 + 2 + 16)
        #expect(try messages(pair.responder.receive(wire)) == [ChannelMessage(type: 0, payload: [])])
    }

    @Test func bothDirectionsInterleave() throws {
        var pair = ChannelPair(secret: Self.secret)
        try pair.connect()
        for round in 0..<20 {
            let a = patternBytes(count: round * 37, seed: UInt8(round))
            let b = patternBytes(count: round * 11, seed: UInt8(round + 1))
            let fromInitiator = try pair.initiator.seal(type: UInt8(round), payload: a)
            let fromResponder = try pair.responder.seal(type: UInt8(round + 100), payload: b)
            #expect(try messages(pair.initiator.receive(fromResponder)) == [ChannelMessage(type: UInt8(round + 100), payload: b)])
            #expect(try messages(pair.responder.receive(fromInitiator)) == [ChannelMessage(type: UInt8(round), payload: a)])
        }
    }

    @Test func recordsRightAfterMessage2InOneChunk() throws {
        // The responder may send records in the same write as message 2; the initiator reads them at once,
        // under the established frame limit.
        var initiator = SecureChannel(role: .initiator, secret: nil)
        var responder = SecureChannel(role: .responder, secret: nil)
        let message1 = try initiator.receive(responder.start())
        guard case .send(let bytes)? = message1.first else { Issue.record("no message 1"); return }
        guard case .send(let message2)? = try responder.receive(bytes).first else { Issue.record("no message 2"); return }
        let big = patternBytes(count: 5000)
        let outputs = try initiator.receive(message2 + responder.seal(type: 7, payload: big))
        #expect(outputs.count == 2)
        #expect(messages(outputs) == [ChannelMessage(type: 7, payload: big)])
    }

    @Test func lowerLimitIsKeptAndHigherIsClamped() {
        #expect(SecureChannel(role: .initiator, secret: nil, maximumMessageSize: 500).maximumMessageSize == 500)
        #expect(SecureChannel(role: .initiator, secret: nil, maximumMessageSize: 1 << 30).maximumMessageSize == 131_072)
    }
}
