import Crypto
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("did:key")
struct DIDKeyTests {
    @Test func ed25519RoundTrip() throws {
        for identity in [Fixture.identity, Fixture.other, Identity.generate()] {
            let text = identity.didKey.description
            #expect(text.hasPrefix("did:key:z6Mk"))
            #expect(try DIDKey(parsing: text) == .ed25519(identity.sigKey.rawRepresentation))
            #expect(try DIDKey(parsing: text + "#" + text.dropFirst(8)) == .ed25519(identity.sigKey.rawRepresentation))
        }
    }

    /// Found by FuzzIdentifiers: splitting on "#" dropped the empty part before a leading "#", so the
    /// fragment was read as the identifier.
    @Test("a did:key given only as a fragment is not a did:key")
    func leadingFragment() {
        let text = Fixture.identity.didKey.description
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "#" + text) }
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "##" + text + "#key-1") }
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "#did:key:zDnaepsL7AXenJkVYdkh5KuKsSU7Ykh7kyXaLLU7auN9FWSiZ") }
    }

    @Test func p256KeysFromSwiftCryptoAreAccepted() throws {
        for _ in 0..<8 {
            let compressed = Array(P256.Signing.PrivateKey().publicKey.compressedRepresentation)
            let text = "did:key:z" + Base58.encode([0x80, 0x24] + compressed)
            #expect(text.hasPrefix("did:key:zDn"))
            let parsed = try DIDKey(parsing: text)
            #expect(parsed == .p256(compressed: compressed))
            #expect(parsed.description == text)
        }
    }

    @Test func refusals() {
        let key = Fixture.identity.sigKey.rawRepresentation
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "did:web:example.com") }
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "did:key:m7QFu") }
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "") }
        #expect(throws: DIDKey.ParseError.notDIDKey) { try DIDKey(parsing: "#") }
        #expect(throws: DIDKey.ParseError.tooLong(limit: 128)) { try DIDKey(parsing: "did:key:z" + String(repeating: "2", count: 130)) }
        #expect(throws: DIDKey.ParseError.notBase58) { try DIDKey(parsing: "did:key:z0OIl") }
        #expect(throws: DIDKey.ParseError.unsupportedKeyType) { try DIDKey(parsing: "did:key:z" + Base58.encode([0xE7, 0x01] + [2] + key)) }
        #expect(throws: DIDKey.ParseError.wrongKeyLength(keyType: "Ed25519", bytes: 31, expected: 32)) {
            try DIDKey(parsing: "did:key:z" + Base58.encode([0xED, 0x01] + key.dropLast()))
        }
        // 0x02 ‖ 0xff…: x is not below the field prime, so no point.
        #expect(throws: DIDKey.ParseError.invalidKey) { try DIDKey(parsing: "did:key:z" + Base58.encode([0x80, 0x24, 0x02] + [UInt8](repeating: 0xFF, count: 32))) }
        #expect(throws: DIDKey.ParseError.wrongKeyLength(keyType: "P-256", bytes: 32, expected: 33)) {
            try DIDKey(parsing: "did:key:z" + Base58.encode([0x80, 0x24] + [UInt8](repeating: 0x02, count: 32)))
        }
        let uncompressed = [0x04] + Array(P256.Signing.PrivateKey().publicKey.x963Representation.dropFirst())
        #expect(throws: DIDKey.ParseError.uncompressedP256) { try DIDKey(parsing: "did:key:z" + Base58.encode([0x80, 0x24] + uncompressed)) }
        #expect(DIDKey.ParseError.tooLong(limit: 128).description == "This did:key is longer than any key's identifier (at most 128 characters), so it was not read.")
    }
}
