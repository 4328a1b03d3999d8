import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

@Suite("VC-JWT cards: export and import")
struct VCJWTTests {
    @Test func aCardExportedAsACredentialImportsAsTheSameVerifiedCard() async throws {
        let signed = try Fixture.signedCard()
        let token = try Fixture.credential()
        let credential = try await VCJWTVerifier().verify(token, now: Fixture.now)
        #expect(credential.handshakeCard == signed)
        #expect(credential.issuer == Fixture.identity.didKey)
        #expect(credential.algorithm == .eddsa)
        #expect(credential.fields == signed.card.fields.credentialClaims)
        #expect(credential.notBefore == Fixture.issuedAt)
    }

    @Test func theHeaderAndClaimsAreTheDocumentedOnes() throws {
        let token = try Fixture.credential()
        let parts = token.split(separator: ".").map { Base64URL.decode($0)! }
        let header = try JSONSerialization.jsonObject(with: Data(parts[0])) as! [String: String]
        let did = Fixture.identity.didKey.description
        #expect(header == ["alg": "EdDSA", "typ": "JWT", "kid": did + "#" + did.dropFirst(8)])
        let claims = try JSONSerialization.jsonObject(with: Data(parts[1])) as! [String: Any]
        #expect(claims["iss"] as? String == did)
        #expect(claims["sub"] as? String == did)
        #expect(claims["nbf"] as? Int == Int(Fixture.issuedAt.timeIntervalSince1970))
        #expect(claims["iat"] as? Int == Int(Fixture.issuedAt.timeIntervalSince1970))
        #expect(claims["exp"] == nil)
        let vc = claims["vc"] as! [String: Any]
        #expect(vc["type"] as? [String] == ["VerifiableCredential", "HandshakeContactCard"])
        let subject = vc["credentialSubject"] as! [String: Any]
        #expect(subject["id"] as? String == did)
        #expect(subject["name"] as? String == "Ada Lovelace")
        #expect(subject["handshakeCard"] as? String == Base64URL.encode(try Fixture.signedCard().bytes))
        #expect(parts[2].count == 64)
    }

    @Test func theSameInputsGiveTheSameToken() throws {
        #expect(try Fixture.credential() == Fixture.credential())
    }

    @Test func onlyYourOwnCardIsExported() throws {
        let theirs = try Fixture.signedCard(Fixture.other)
        #expect(throws: VCJWTError.notYourCard) { try VCJWTIssuer.issue(theirs, identity: Fixture.identity, now: Fixture.now) }
    }

    @Test func identitySignsOnlyJWSSigningInputs() {
        let identity = Fixture.identity
        #expect(identity.signJWS(signingInput: Array("eyJhIjoxfQ.eyJiIjoyfQ".utf8)) != nil)
        for refused in ["", "hello", "eyJhIjoxfQ", "eyJ.a.b", "eyJhIjoxfQ.e yJ", "h\u{0}abc.def", "\u{84}abc.d"] {
            #expect(identity.signJWS(signingInput: Array(refused.utf8)) == nil, "\(refused)")
        }
        #expect(identity.signJWS(signingInput: [0x84, 0x6A] + Array("eyJ.x".utf8)) == nil)
    }

    @Test func ed25519AndES256CredentialsFromOtherWalletsImport() async throws {
        let ed = Curve25519.Signing.PrivateKey()
        let p256 = P256.Signing.PrivateKey()
        for (alg, key) in [("EdDSA", Forge.Key.ed25519(ed)), ("Ed25519", .ed25519(ed)), ("ES256", .p256(p256))] {
            let token = Forge.token(header: Forge.header(alg: alg, did: key.did), claims: Forge.claims(did: key.did), key: key)
            let credential = try await VCJWTVerifier().verify(token, now: Fixture.now)
            #expect(credential.algorithm.rawValue == alg)
            #expect(credential.issuer.description == key.did)
            #expect(credential.fields.name == "Grace Hopper")
            #expect(credential.handshakeCard == nil)
        }
    }

    @Test func aKidOfJustTheDIDIsAcceptedAndNoKidToo() async throws {
        let key = Forge.Key.ed25519(Curve25519.Signing.PrivateKey())
        for header in [["alg": "EdDSA", "kid": key.did], ["alg": "EdDSA"]] {
            let token = Forge.token(header: header, claims: Forge.claims(did: key.did), key: key)
            _ = try await VCJWTVerifier().verify(token, now: Fixture.now)
        }
    }

    @Test func aPresentationCarryingTheCardImportsIt() async throws {
        let token = try Fixture.credential()
        let did = Fixture.identity.didKey.description
        let header = Forge.json(["alg": "EdDSA", "typ": "JWT", "kid": did + "#" + did.dropFirst(8)])
        let claims = Forge.json(["iss": did, "nbf": Int(Fixture.issuedAt.timeIntervalSince1970), "vp": ["type": ["VerifiablePresentation"], "verifiableCredential": [token]]])
        let input = header + "." + claims
        let vp = input + "." + Base64URL.encode(Fixture.identity.signJWS(signingInput: Array(input.utf8))!)
        let result = try await ScanRouter().read(Array(vp.utf8), now: Fixture.now)
        #expect(result.route == .credential(try await VCJWTVerifier().verify(token, now: Fixture.now)))
    }
}
