import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Session token: the NFC tap's NDEF record")
struct SessionTokenTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func token(endpoints: [SessionTokenEndpoint] = SessionTokenTests.endpoints, expiry: UInt64 = 1_800_000_060) throws -> SessionToken {
        try SessionToken(rendezvous: [UInt8](0x00...0x0F), secret: try #require(SessionSecret(bytes: [UInt8](0x41...0x60))),
                         expiry: expiry, endpoints: endpoints)
    }

    static let endpoints: [SessionTokenEndpoint] = [
        SessionTokenEndpoint(address: [192, 168, 1, 20], port: 47800),
        SessionTokenEndpoint(address: [0xFE, 0x80] + [UInt8](repeating: 0, count: 13) + [1], port: 47800),
    ].compactMap { $0 }

    @Test func roundTrip() throws {
        for endpoints in [[], Self.endpoints, Array(repeating: Self.endpoints[0], count: 4)] {
            let token = try Self.token(endpoints: endpoints)
            let read = try SessionToken(ndefMessage: token.ndefMessage, at: Self.now)
            #expect(read == token)
            #expect(read.secret.bytes == [UInt8](0x41...0x60))
            #expect(read.endpoints == endpoints)
        }
        #expect(Self.endpoints.map(\.description) == ["192.168.1.20:47800", "[fe80:0:0:0:0:0:0:1]:47800"])
        #expect(try Self.token().rendezvousText == "000102030405060708090a0b0c0d0e0f")
    }

    @Test func issuedTokensLiveAtMostAMinute() throws {
        let token = try SessionToken.issue(at: Self.now)
        #expect(token.expiry == 1_800_000_060)
        #expect(try SessionToken(ndefMessage: token.ndefMessage, at: Self.now.addingTimeInterval(59.5)) == token)
        #expect(throws: SessionTokenError.self) { try SessionToken.issue(at: Self.now, lifetime: 61) }
        #expect(throws: SessionTokenError.self) { try SessionToken.issue(at: Self.now, lifetime: 0) }
        let other = try SessionToken.issue(at: Self.now)
        #expect(other.rendezvous != token.rendezvous && other.secret.bytes != token.secret.bytes)
    }

    @Test func expiredAndOverlongTokensAreRefusedWithASentence() throws {
        let message = try Self.token().ndefMessage
        #expect(throws: SessionTokenError.expired(secondsAgo: 0)) { try SessionToken(ndefMessage: message, at: Self.now.addingTimeInterval(60)) }
        #expect(throws: SessionTokenError.expired(secondsAgo: 12)) { try SessionToken(ndefMessage: message, at: Self.now.addingTimeInterval(72)) }
        #expect(SessionTokenError.expired(secondsAgo: 12).description == "The session token expired 12 seconds ago; tap again.")
        let late = try Self.token(expiry: 1_800_000_121).ndefMessage
        #expect(throws: SessionTokenError.expiresTooLate(secondsAhead: 121)) { try SessionToken(ndefMessage: late, at: Self.now) }
        #expect(try SessionToken(ndefMessage: try Self.token(expiry: 1_800_000_120).ndefMessage, at: Self.now).expiry == 1_800_000_120)
    }

    @Test func descriptionHidesTheSecret() throws {
        let token = try Self.token()
        let secretHex = [UInt8](0x41...0x60).hex
        for text in [String(describing: token), String(reflecting: token), String(describing: Mirror(reflecting: token).children.map(\.value))] {
            #expect(!text.contains(secretHex) && !text.contains("ABCDEFGH") && !text.contains("65, 66"))
        }
    }

    @Test func ndeflibParsesOurMessage() async throws {
        let token = try Self.token()
        let result = try await python.run("ndef_token.py", ["parse": token.ndefMessage.hex])
        let records = try #require(result["records"] as? [[String: Any]])
        #expect(records.count == 1)
        #expect(records.first?["type"] as? String == "urn:nfc:ext:handshake.app:session")
        #expect(records.first?["payload"] as? String == token.payload.hex)
        #expect(records.first?["id"] as? String == "")
    }

    @Test func weReadMessagesNdeflibBuilds() async throws {
        let token = try Self.token()
        let cases: [[[String: String]]] = [
            [["type": "urn:nfc:ext:handshake.app:session", "payload": token.payload.hex]],
            // Other records around ours, an ID, a type in another case, and a long (non-short) record before it.
            [["type": "urn:nfc:wkt:U", "payload": "04" + Array("example.com".utf8).hex],
             ["type": "urn:nfc:ext:Handshake.App:Session", "id": "tap", "payload": token.payload.hex],
             ["type": "application/octet-stream", "payload": [UInt8](repeating: 7, count: 300).hex]],
        ]
        for build in cases {
            let result = try await python.run("ndef_token.py", ["build": build])
            let bytes = try #require((result["built"] as? String).flatMap { [UInt8](hex: $0) })
            #expect(try SessionToken(ndefMessage: bytes, at: Self.now) == token)
        }
        // Two of ours: refused rather than guessed.
        let twice = try await python.run("ndef_token.py", ["build": [
            ["type": "urn:nfc:ext:handshake.app:session", "payload": token.payload.hex],
            ["type": "urn:nfc:ext:handshake.app:session", "payload": token.payload.hex]]])
        let twiceBytes = try #require((twice["built"] as? String).flatMap { [UInt8](hex: $0) })
        #expect(throws: SessionTokenError.multipleSessionRecords) { try SessionToken(ndefMessage: twiceBytes, at: Self.now) }
    }

    @Test func malformedMessagesGiveTypedErrors() throws {
        let good = try Self.token().ndefMessage
        let payload = try Self.token().payload
        let type = Array("handshake.app:session".utf8)
        func record(_ header: UInt8 = 0xD4, type: [UInt8] = type, payload: [UInt8]) -> [UInt8] {
            [header, UInt8(type.count), UInt8(payload.count)] + type + payload
        }
        let cases: [([UInt8], SessionTokenError)] = [
            ([], .empty),
            ([UInt8](repeating: 0, count: 1025), .tooLarge(limit: 1024)),
            ([0xD4], .truncated),
            (Array(good.dropLast()), .truncated),
            (record(0x54, payload: payload), .malformedRecord("the first record lacks the message-begin flag")),
            (record(0x94, payload: payload), .truncated),  // no message-end flag and nothing after
            (record(0x94, payload: payload) + record(0xD4, payload: payload), .malformedRecord("a record after the first has the message-begin flag")),
            (record(0xF4, payload: payload), .chunkedRecord),
            (record(0xD7, payload: payload), .malformedRecord("a record has the reserved type name format 7")),
            (good + [0], .trailingBytes),
            ([0xD0, 0x00, 0x01, 0x00], .malformedRecord("an empty record has a type, an ID or a payload")),
            ([0xD4, 0x00, 0x00], .malformedRecord("a record of type name format 4 has no type")),
            ([0xD5, 0x01, 0x00, 0x41], .malformedRecord("a record of unknown type has a type")),
            (record(type: Array("handshake.app:sessions".utf8), payload: payload), .noSessionRecord),
            (record(0xD2, type: type, payload: payload), .noSessionRecord),  // the right name under another TNF
            (record(payload: [2] + payload.dropFirst()), .unsupportedVersion(2)),
            (record(payload: []), .malformedPayload("it is empty")),
            (record(payload: Array(payload.prefix(40))), .malformedPayload("it ends inside the secret")),
            (record(payload: Array(payload.prefix(57)) + [5]), .malformedPayload("it lists 5 endpoints, more than 4")),
            (record(payload: Array(payload.prefix(57)) + [1, 0x05]), .malformedPayload("endpoint 1 has the unknown address family 5")),
            (record(payload: Array(payload.prefix(57)) + [1, 0x04, 1, 2, 3, 4, 0, 0]), .malformedPayload("endpoint 1 has port 0")),
            (record(payload: Array(payload.prefix(57)) + [1, 0x04, 1, 2, 3]), .malformedPayload("it ends inside the endpoint 1")),
            (record(payload: payload + [0]), .malformedPayload("it has 1 bytes after the last field")),
            ([0xC4, 0x15, 0xFF, 0xFF, 0xFF, 0xFF] + type, .truncated),  // a long record claiming 4 GB
        ]
        for (bytes, expected) in cases {
            #expect(throws: expected, "\(Array(bytes.prefix(8)).hex)") { try SessionToken.decode(ndefMessage: bytes) }
        }
    }

    @Test func theTokenSecretOpensTheChannelAndNothingElseDoes() throws {
        let token = try SessionToken.issue(endpoints: Self.endpoints, at: Self.now)
        let read = try SessionToken(ndefMessage: token.ndefMessage, at: Self.now.addingTimeInterval(2))
        var reader = SecureChannel(role: .initiator, secret: read.secret)
        var issuer = SecureChannel(role: .responder, secret: token.secret)
        var back: [UInt8] = []
        for case .send(let bytes) in try issuer.receive(reader.start()) { back += bytes }
        _ = try reader.receive(back)
        #expect(reader.isEstablished && issuer.isEstablished)

        // A device that did not read the tag (another secret) cannot open a channel with the issuer.
        let stranger = try SessionToken.issue(at: Self.now)
        var outsider = SecureChannel(role: .initiator, secret: stranger.secret)
        var issuer2 = SecureChannel(role: .responder, secret: token.secret)
        #expect(throws: ChannelError.handshakeFailed) { try issuer2.receive(outsider.start()) }
    }

    @Test func endpointsAreChecked() {
        #expect(SessionTokenEndpoint(address: [1, 2, 3], port: 1) == nil)
        #expect(SessionTokenEndpoint(address: [1, 2, 3, 4], port: 0) == nil)
        #expect(SessionTokenEndpoint(address: [UInt8](repeating: 0, count: 16), port: 1)?.host == "0:0:0:0:0:0:0:0")
        #expect(throws: SessionTokenError.self) {
            try SessionToken(rendezvous: [1], secret: try #require(SessionSecret(bytes: [UInt8](repeating: 0, count: 32))), expiry: 0)
        }
        #expect(throws: SessionTokenError.self) {
            try SessionToken(rendezvous: [UInt8](repeating: 0, count: 16), secret: try #require(SessionSecret(bytes: [UInt8](repeating: 0, count: 32))),
                             expiry: 0, endpoints: Array(repeating: Self.endpoints[0], count: 5))
        }
    }
}
