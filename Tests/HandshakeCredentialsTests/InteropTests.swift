import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// VC-JWTs against JOSE code we did not write: joserfc and PyJWT (Tests/…/Conformance/vc_jwt.py).
@Suite("VC-JWT interoperability with joserfc and PyJWT")
struct InteropTests {
    @Test func ourCredentialsVerifyInJoserfcAndPyJWT() async throws {
        // Issued now: PyJWT and joserfc check nbf, iat and exp against the real clock.
        for identity in [Fixture.identity, Fixture.other] {
            let token = try VCJWTIssuer.issue(try Fixture.signedCard(identity), identity: identity, now: Date(), expires: Date().addingTimeInterval(600))
            let result = try await python.run("vc_jwt.py", ["token": token], arguments: ["verify"])
            let claims = try #require(result["claims"] as? [String: Any])
            #expect(claims["iss"] as? String == identity.didKey.description)
            #expect(result["keyType"] as? String == "Ed25519")
            let subject = (claims["vc"] as? [String: Any])?["credentialSubject"] as? [String: Any]
            #expect(subject?["name"] as? String == "Ada Lovelace")
        }
    }

    @Test(arguments: ["EdDSA", "Ed25519", "ES256"])
    func credentialsMadeByJoserfcAndPyJWTImport(alg: String) async throws {
        let secret = [UInt8](repeating: 0x11, count: 32).hex
        let now = Date()
        let made = try await python.run("vc_jwt.py", [
            "alg": alg, "secret": secret, "now": Int(now.timeIntervalSince1970),
            "fields": ["name": "Grace Hopper", "emails": ["grace@example.com"], "company": "US Navy"],
        ], arguments: ["make"])
        let did = try #require(made["did"] as? String)
        #expect(did.hasPrefix(alg == "ES256" ? "did:key:zDn" : "did:key:z6Mk"))
        let tokens = ["joserfc", "pyjwt"].compactMap { made[$0] as? String }
        #expect(tokens.count == (alg == "Ed25519" ? 1 : 2))  // PyJWT does not know RFC 9864's Ed25519 yet
        for token in tokens {
            let credential = try await VCJWTVerifier().verify(token, now: now)
            #expect(credential.issuer.description == did)
            #expect(credential.algorithm.rawValue == alg)
            #expect(credential.fields == CardFields(name: "Grace Hopper", company: "US Navy", emails: ["grace@example.com"]))
            let routed = try await ScanRouter().read(Array(token.utf8), now: now)
            #expect(routed.status == .verified)
        }
    }

    /// VC Data Model 2.0 (VC-JOSE-COSE): ours verify in both libraries, read from that spec alone.
    @Test func ourDataModel2CredentialsVerifyInJoserfcAndPyJWT() async throws {
        let identity = Fixture.identity
        let card = try Fixture.signedCard(identity)
        let token = try VCJWTIssuer.issue(card, identity: identity, now: Date(), expires: Date().addingTimeInterval(600), dataModel: .v2)
        let result = try await python.run("vc_jwt.py", ["token": token], arguments: ["verify2"])
        let claims = try #require(result["claims"] as? [String: Any])
        #expect(claims["issuer"] as? String == identity.didKey.description)
        #expect((claims["validFrom"] as? String)?.hasSuffix("Z") == true && claims["validUntil"] != nil)
        #expect((claims["credentialSubject"] as? [String: Any])?["name"] as? String == "Ada Lovelace")
        #expect((result["header"] as? [String: Any])?["typ"] as? String == "vc+jwt")
        // And back: the card inside, verified.
        let credential = try await VCJWTVerifier().verify(token, now: Date())
        #expect(credential.dataModel == .v2 && credential.handshakeCard == card)
    }

    /// A 2.0 credential made by joserfc (issuer as an object, `cty: vc`) is read, with its fields and times.
    @Test(arguments: ["EdDSA", "ES256"])
    func dataModel2CredentialsMadeByJoserfcImport(alg: String) async throws {
        let now = Date()
        let made = try await python.run("vc_jwt.py", [
            "alg": alg, "secret": [UInt8](repeating: 0x22, count: 32).hex, "now": Int(now.timeIntervalSince1970), "version": 2,
            "fields": ["name": "Grace Hopper", "emails": ["grace@example.com"]],
        ], arguments: ["make"])
        let token = try #require(made["joserfc"] as? String)
        let credential = try await VCJWTVerifier().verify(token, now: now)
        #expect(credential.issuer.description == made["did"] as? String)
        #expect(credential.dataModel == .v2)
        #expect(credential.fields == CardFields(name: "Grace Hopper", emails: ["grace@example.com"]))
        #expect(credential.notBefore == Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
        #expect(credential.expires == credential.notBefore?.addingTimeInterval(3600))
        let routed = try await ScanRouter().read(Array(token.utf8), now: now)
        #expect(routed.status == .verified)
        // Past its validUntil: refused as expired, as a 1.1 credential past exp.
        await #expect(throws: VCJWTError.self) { try await VCJWTVerifier().verify(token, now: now.addingTimeInterval(7200)) }
    }
}
