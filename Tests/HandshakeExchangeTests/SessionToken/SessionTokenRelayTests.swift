import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The relay a token names (docs/protocols/nearby-relay.md, nearby-bootstrap.md §2.2 and §2.6): its origin
/// read in one shape only, its record beside the token's (which ndeflib reads, and which a reader that knows
/// no relay ignores), the room name from the secret (Python's hmac recomputes it), and the token as QR text.
@Suite("Session token: the relay")
struct SessionTokenRelayTests {
    static let relay = try! RelayServer(origin: "https://mailbox.example")

    static func token(relay: RelayServer? = SessionTokenRelayTests.relay) throws -> SessionToken {
        let plain = try SessionTokenTests.token()
        return try SessionToken(rendezvous: plain.rendezvous, secret: plain.secret, expiry: plain.expiry, endpoints: plain.endpoints, relay: relay)
    }

    @Test("an origin is read in its one shape: scheme, host, optional port, nothing after", arguments: [
        ("https://mailbox.example", "https://mailbox.example", 443),
        ("HTTPS://Mailbox.Example/", "https://mailbox.example", 443),
        ("http://10.213.9.1:8080", "http://10.213.9.1:8080", 8080),
        ("http://[fe80::1]:80", "http://[fe80::1]", 80),
        ("http://[::FFFF:10.0.0.1]:8080", "http://[::ffff:10.0.0.1]:8080", 8080),
        ("https://[2001:db8:0:0:0:0:0:1]", "https://[2001:db8:0:0:0:0:0:1]", 443),
        ("http://[::]", "http://[::]", 80),
        ("https://mailbox.example:443", "https://mailbox.example", 443),
    ])
    func origins(text: String, origin: String, port: Int) throws {
        let relay = try RelayServer(origin: text)
        #expect(relay.origin == origin && relay.port == port)
        #expect(try RelayServer(origin: relay.origin) == relay, "the origin reads back as itself")
    }

    @Test("anything else is refused with a sentence naming it, escaped", arguments: [
        "", "mailbox.example", "ftp://mailbox.example", "https://mailbox.example/v1", "https://user@mailbox.example", "https://mailbox.example?x=1",
        "https://mailbox.example#f", "https://mailbox.example:0", "https://mailbox.example:65536", "https://mailbox.example:80a", "https://-bad.example",
        "https://mail box.example", "https://mailbox.example\u{202E}", "https://[::1", "http://[1000000.]", "http://[1.2.3.4]", "http://[1:2:3:4:5:6:7:8:9]", "http://[1::2::3]", "http://[:]", "http://[:1]",
        "http://[12345::]", "http://[::1.2.3.256]", "http://[::01.2.3.4]", "https://" + String(repeating: "a", count: 260), "https://bücher.example",
    ])
    func notOrigins(text: String) {
        #expect(throws: RelayServerError.notAnOrigin(text)) { try RelayServer(origin: text) }
        let sentence = RelayServerError.notAnOrigin(text).description
        #expect(sentence.hasSuffix("with nothing after.") && !sentence.unicodeScalars.contains("\u{202E}"))
    }

    @Test("the room name is HMAC-SHA256 of the label under the secret, cut to 16 bytes (Python's hmac agrees)")
    func roomName() async throws {
        let token = try Self.token()
        let result = try await Tool.run(arguments: [
            "python3", "-c",
            "import hmac,hashlib,sys; print(hmac.new(bytes.fromhex(sys.argv[1]), b'handshake relay room v1', hashlib.sha256).hexdigest()[:32])",
            token.secret.bytes.hex,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(token.relayRoom.text == result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(token.relayRoom.text.count == 32 && token.relayRoom.text.allSatisfy(\.isHexDigit))
        #expect(!token.relayRoom.text.contains(token.secret.bytes.hex.prefix(8)), "the name is not the secret")
    }

    @Test("a short code's room is HMAC-SHA256 of its own label keyed by the rendezvous part (Python's hmac agrees)")
    func codeRoomName() async throws {
        for rendezvous in ["7KQ", "000", "ZZZ"] {
            let result = try await Tool.run(arguments: [
                "python3", "-c",
                "import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), b'handshake relay code room v1', hashlib.sha256).hexdigest()[:32])",
                rendezvous,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(RelayRoom(rendezvous: rendezvous).text == result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(RelayRoom(rendezvous: "7KQ") != RelayRoom(rendezvous: "7KR"))
    }

    @Test("the typing device waits for SHOWN before it sends anything, and refuses anything else first")
    func theShownFrame() async throws {
        let (typed, shown) = PipeTransport.pair()
        let waiting = Task { try await ShortCodeConnection.awaitShown(over: typed) }
        try await ShortCodeConnection.announceShown(over: shown)
        try await shown.send([0xAB])
        guard case .shown(let resumed) = try await waiting.value else {
            Issue.record("SHOWN was not heard")
            return
        }
        var iterator = resumed.incoming.makeAsyncIterator()
        #expect(try await iterator.next() == [0xAB], "the bytes after SHOWN are the exchange's")

        let (other, sender) = PipeTransport.pair()
        let refused = Task { try await ShortCodeConnection.awaitShown(over: other) }
        // CPace message A where SHOWN belongs: someone else typing the same three characters.
        try await sender.send([0x00, 0x35, 0x04])
        await #expect(throws: ShortCodeError.unexpectedMessage(type: 0x04)) { try await refused.value }
        let (closed, closer) = PipeTransport.pair()
        let ended = Task { try await ShortCodeConnection.awaitShown(over: closed) }
        await closer.close()
        guard case .ended(nil) = try await ended.value else {
            Issue.record("a room that closes first gives nothing")
            return
        }
    }

    @Test("the relay rides in a record of its own: read back, read by ndeflib, and a token without it unchanged")
    func record() async throws {
        let token = try Self.token()
        #expect(try SessionToken(ndefMessage: token.ndefMessage, at: SessionTokenTests.now) == token)
        #expect(try SessionTokenTests.token().ndefMessage == (try Self.token(relay: nil)).ndefMessage, "no relay, no second record")
        let parsed = try await python.run("ndef_token.py", ["parse": token.ndefMessage.hex])
        let records = try #require(parsed["records"] as? [[String: Any]])
        #expect(records.map { $0["type"] as? String } == ["urn:nfc:ext:handshake.app:session", "urn:nfc:ext:handshake.app:relay"])
        #expect(records.last?["payload"] as? String == Array("https://mailbox.example".utf8).hex)
        #expect(token.description.contains("relay https://mailbox.example") && !token.description.contains(token.secret.bytes.hex))
    }

    @Test("a relay record that is not an origin, or two of them, refuse the token: its writer waits to be met there")
    func badRecords() async throws {
        let session = try SessionTokenTests.token().payload.hex
        for (payloads, sentence) in [
            ([Array("https://mailbox.example/steal".utf8)], "its relay is not a server's address"),
            ([[0xFF, 0xFE]], "its relay is not a server's address"),
            ([Array("https://a.example".utf8), Array("https://b.example".utf8)], "it names two relays"),
        ] {
            let built = try await python.run("ndef_token.py", ["build": [["type": "urn:nfc:ext:handshake.app:session", "payload": session]]
                + payloads.map { ["type": "urn:nfc:ext:handshake.app:relay", "payload": $0.hex] }])
            let bytes = try #require((built["built"] as? String).flatMap { [UInt8](hex: $0) })
            #expect(throws: SessionTokenError.malformedRelay(sentence)) { try SessionToken(ndefMessage: bytes, at: SessionTokenTests.now) }
            #expect(SessionTokenError.malformedRelay(sentence).description == "The session token is damaged: \(sentence).")
        }
    }

    @Test("the token as QR text: HT1: and Base45 of its message, read back in any case; anything else refused")
    func qrText() throws {
        let token = try Self.token()
        #expect(token.qrText.hasPrefix("HT1:"))
        #expect(token.qrText.dropFirst(4).allSatisfy { "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".contains($0) }, "QR alphanumeric mode")
        #expect(try SessionToken(qrText: token.qrText, at: SessionTokenTests.now) == token)
        #expect(try SessionToken(qrText: "ht1:" + token.qrText.dropFirst(4) + "\n", at: SessionTokenTests.now) == token)
        #expect(throws: SessionTokenError.self) { try SessionToken(qrText: "HS1:" + token.qrText.dropFirst(4), at: SessionTokenTests.now) }
        #expect(throws: SessionTokenError.malformedPayload("its QR text is not Base45")) { try SessionToken(qrText: "HT1:~~~", at: SessionTokenTests.now) }
        #expect(throws: SessionTokenError.self) { try SessionToken(qrText: "HT1:" + String(repeating: "0", count: 5000), at: SessionTokenTests.now) }
    }
}

/// The relay's worked examples (docs/protocols/nearby-relay.md §2, nearby-bootstrap.md §2.6), regenerated and
/// compared with the docs' text.
@Suite("Session token: the relay's worked examples")
struct RelayWorkedExampleTests {
    static func roomMarkdown(_ token: SessionToken) -> String {
        let hex = BootstrapDocText.hexLines
        let label = Array("handshake relay room v1".utf8)
        let mac = HMACForDocs.sha256(key: token.secret.bytes, label)
        return [
            "```text", "secret", hex(token.secret.bytes), "label (\"handshake relay room v1\", \(label.count) bytes)", hex(label),
            "HMAC-SHA256(key: secret, message: label)", hex(mac), "room: its first 16 bytes, as hexadecimal", "    " + token.relayRoom.text,
            "path", "    /v1/relay/" + token.relayRoom.text, "```",
        ].joined(separator: "\n")
    }

    static func qrMarkdown(_ token: SessionToken) -> String {
        let hex = BootstrapDocText.hexLines
        var lines = ["```text", "the token of §2.5 without endpoints, its relay \(token.relay?.origin ?? "")"]
        lines += ["NDEF message (\(token.ndefMessage.count) bytes: the session record, then the relay record)", hex(token.ndefMessage)]
        lines += ["QR text (\(token.qrText.count) characters)"]
        lines += stride(from: 0, to: token.qrText.count, by: 64).map { offset in
            "    " + String(token.qrText.dropFirst(offset).prefix(64))
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    @Test func docsShowTheRegeneratedExamples() throws {
        let token = try SessionTokenRelayTests.token()
        BootstrapDocText.expect("docs/protocols/nearby-relay.md", contains: Self.roomMarkdown(token), name: "relay-room-example")
        let bare = try SessionToken(
            rendezvous: token.rendezvous, secret: token.secret, expiry: token.expiry, endpoints: [], relay: SessionTokenRelayTests.relay)
        BootstrapDocText.expect("docs/protocols/nearby-bootstrap.md", contains: Self.qrMarkdown(bare), name: "session-token-qr-example")
    }
}

/// The HMAC the worked example shows, computed here from swift-crypto directly (the library's own is
/// checked against Python's hmac above).
enum HMACForDocs {
    static func sha256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}
