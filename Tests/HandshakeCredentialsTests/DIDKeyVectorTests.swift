import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// The W3C CCG did:key test vectors (Vectors/did-key-vectors.json, copied from w3c-ccg/did-method-key)
/// resolve to the keys they name, and the keys Handshake derives from their seeds give the same DIDs.
@Suite("did:key test vectors of the W3C CCG")
struct DIDKeyVectorTests {
    static func entries(_ key: String) throws -> [[String: String]] {
        try #require(try TestFiles.vectorJSON("did-key-vectors.json")[key] as? [[String: String]])
    }

    @Test func ed25519VectorsResolveToTheirKeys() throws {
        let entries = try Self.entries("ed25519")
        #expect(entries.count == 5)
        for entry in entries {
            let did = try DIDKey(parsing: entry["did"]!)
            let expected = try #require(Base58.decode(entry["publicKeyBase58"]!))
            #expect(did == .ed25519(expected))
            #expect(did.description == entry["did"])
            // The vectors' seeds are Ed25519 private keys: the public key derived from each is the DID's.
            let seed = try #require(HexBytes(entry["seed"]!))
            let publicKey = try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey
            #expect(Array(publicKey.rawRepresentation) == expected)
            #expect(did.verificationMethod == entry["did"]! + "#" + entry["did"]!.dropFirst(8))
        }
    }

    @Test func p256VectorsResolveToTheirKeys() throws {
        let entries = try Self.entries("p256")
        #expect(entries.count == 2)
        for entry in entries {
            let did = try DIDKey(parsing: entry["did"]!)
            guard case .p256(let compressed) = did else {
                Issue.record("\(entry["did"]!) did not resolve to a P-256 key")
                continue
            }
            let key = try P256.Signing.PublicKey(compressedRepresentation: compressed)
            let x963 = Array(key.x963Representation)  // 0x04 ‖ x ‖ y
            #expect(Array(x963[1...32]) == Base64URL.decode(entry["x"]!))
            #expect(Array(x963[33...64]) == Base64URL.decode(entry["y"]!))
            // The private scalar in the vector signs an ES256 credential that imports under this DID.
            let privateKey = try P256.Signing.PrivateKey(rawRepresentation: try #require(Base64URL.decode(entry["d"]!)))
            #expect(Array(privateKey.publicKey.compressedRepresentation) == compressed)
        }
    }

    @Test func aVectorKeySignsACredentialThatImports() async throws {
        let entry = try Self.entries("p256")[0]
        let privateKey = try P256.Signing.PrivateKey(rawRepresentation: try #require(Base64URL.decode(entry["d"]!)))
        let did = entry["did"]!
        let token = Forge.token(header: Forge.header(alg: "ES256", did: did), claims: Forge.claims(did: did), key: .p256(privateKey))
        let credential = try await VCJWTVerifier().verify(token, now: Fixture.now)
        #expect(credential.issuer.description == did)
    }

    @Test func otherCurvesInTheVectorsAreRefused() throws {
        for entry in try Self.entries("refused") {
            #expect(throws: DIDKey.ParseError.unsupportedKeyType) { try DIDKey(parsing: entry["did"]!) }
        }
    }
}

/// Bytes from hexadecimal text.
func HexBytes(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
        guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
        bytes.append(byte)
        index = next
    }
    return bytes
}
