import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// Tokens an attacker makes. Each is refused with its own error, whose sentence a person can read.
@Suite("VC-JWT attacks are refused")
struct VCJWTAttackTests {
    static let ed = Curve25519.Signing.PrivateKey()
    static let did = Forge.Key.ed25519(ed).did

    func refusal(_ token: String, now: Date = Fixture.now) async -> VCJWTError? {
        do {
            _ = try await VCJWTVerifier().verify(token, now: now)
            return nil
        } catch {
            #expect(!error.description.isEmpty && error.description.hasSuffix("."), "\(error)")
            #expect(!error.description.contains("handshake "), "a library sentence names a command: \(error)")
            return error
        }
    }

    @Test func algNoneIsRefused() async {
        for alg in ["none", "None", "NONE"] {
            let token = Forge.token(header: ["alg": alg, "typ": "JWT"], claims: Forge.claims(did: Self.did), key: .none)
            #expect(await refusal(token) == .unsigned)
        }
    }

    @Test func hs256WithThePublicKeyAsTheSecretIsRefused() async {
        // The classic algorithm confusion: the verifier's public key used as an HMAC secret.
        let publicKey = Array(Self.ed.publicKey.rawRepresentation)
        for alg in ["HS256", "HS384", "HS512"] {
            let token = Forge.token(header: Forge.header(alg: alg, did: Self.did), claims: Forge.claims(did: Self.did), key: .hmac(publicKey))
            #expect(await refusal(token) == .sharedSecretAlgorithm(alg))
        }
    }

    @Test func unknownAlgorithmsAreRefused() async {
        for alg in ["RS256", "ES384", "PS256", "ML-DSA-65", "eddsa", ""] {
            let token = Forge.token(header: Forge.header(alg: alg, did: Self.did), claims: Forge.claims(did: Self.did), key: .ed25519(Self.ed))
            #expect(await refusal(token) == .unsupportedAlgorithm(alg))
        }
    }

    @Test func anAlgorithmThatDoesNotFitTheKeyIsRefused() async {
        let p256 = Forge.Key.p256(P256.Signing.PrivateKey())
        let es256OnEd = Forge.token(header: Forge.header(alg: "ES256", did: Self.did), claims: Forge.claims(did: Self.did), key: .ed25519(Self.ed))
        #expect(await refusal(es256OnEd) == .algorithmDoesNotMatchKey(alg: "ES256", keyType: "Ed25519"))
        let edOnP256 = Forge.token(header: Forge.header(alg: "EdDSA", did: p256.did), claims: Forge.claims(did: p256.did), key: p256)
        #expect(await refusal(edOnP256) == .algorithmDoesNotMatchKey(alg: "EdDSA", keyType: "P-256"))
    }

    @Test func expiredAndNotYetValidAreRefused() async {
        let start = Int(Fixture.issuedAt.timeIntervalSince1970)
        let expired = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: Forge.claims(did: Self.did, nbf: start - 7200, exp: start - 3600), key: .ed25519(Self.ed))
        #expect(await refusal(expired) == .expired(Date(timeIntervalSince1970: TimeInterval(start - 3600))))
        let early = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: Forge.claims(did: Self.did, nbf: start + 86400), key: .ed25519(Self.ed))
        #expect(await refusal(early) == .notYetValid(Date(timeIntervalSince1970: TimeInterval(start + 86400))))
        // Within the minute of clock skew both are accepted.
        let justExpired = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: Forge.claims(did: Self.did, nbf: start - 60, exp: start + 30), key: .ed25519(Self.ed))
        #expect(await refusal(justExpired) == nil)
        #expect(await refusal(try! Fixture.credential(at: Fixture.now.addingTimeInterval(30))) == nil)
    }

    @Test func aKidNamingAnotherKeyIsRefused() async {
        let other = Forge.Key.ed25519(Curve25519.Signing.PrivateKey()).did
        for kid in [other, other + "#" + other.dropFirst(8), Self.did + "#z6MkOther", "#" + Self.did.dropFirst(8), "https://example.com/keys/1"] {
            let token = Forge.token(header: ["alg": "EdDSA", "kid": kid], claims: Forge.claims(did: Self.did), key: .ed25519(Self.ed))
            #expect(await refusal(token) == .keyIDMismatch(kid: kid, issuer: Self.did))
        }
    }

    @Test func aSignatureByAnotherKeyIsRefused() async {
        let token = Forge.token(header: Forge.header(alg: "EdDSA", did: Self.did), claims: Forge.claims(did: Self.did), key: .ed25519(Curve25519.Signing.PrivateKey()))
        #expect(await refusal(token) == .badSignature)
    }

    @Test func aChangedClaimBreaksTheSignature() async throws {
        let token = try Fixture.credential()
        var parts = token.split(separator: ".").map(String.init)
        var claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as! [String: Any]
        var vc = claims["vc"] as! [String: Any]
        var subject = vc["credentialSubject"] as! [String: Any]
        subject["name"] = "Mallory"
        vc["credentialSubject"] = subject
        claims["vc"] = vc
        parts[1] = Forge.json(claims)
        #expect(await refusal(parts.joined(separator: ".")) == .badSignature)
    }

    @Test func critHeadersAreRefused() async {
        let token = Forge.token(header: ["alg": "EdDSA", "crit": ["b64"], "b64": false], claims: Forge.claims(did: Self.did), key: .ed25519(Self.ed))
        #expect(await refusal(token) == .criticalHeader)
    }

    @Test func issuersThatAreNotDIDKeysAreRefused() async {
        for issuer in ["https://issuer.example", "did:web:example.com", "did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme"] {
            let token = Forge.token(header: ["alg": "EdDSA"], claims: Forge.claims(did: issuer), key: .ed25519(Self.ed))
            let error = await refusal(token)
            #expect(error == .issuerNotDIDKey(issuer) || error == .invalidIssuer(.unsupportedKeyType), "\(String(describing: error))")
        }
    }

    @Test func aCredentialAboutSomeoneElseIsRefused() async {
        var claims = Forge.claims(did: Self.did)
        claims["sub"] = "did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp"
        let token = Forge.token(header: ["alg": "EdDSA"], claims: claims, key: .ed25519(Self.ed))
        #expect(await refusal(token) == .subjectIsNotIssuer(subject: "did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp", issuer: Self.did))
    }

    @Test func someoneElsesHandshakeCardInsideIsRefused() async throws {
        // Mallory wraps Ada's genuine signed card in a credential Mallory signs.
        var claims = Forge.claims(did: Self.did)
        var vc = claims["vc"] as! [String: Any]
        var subject = vc["credentialSubject"] as! [String: Any]
        subject["handshakeCard"] = Base64URL.encode(try Fixture.signedCard().bytes)
        vc["credentialSubject"] = subject
        claims["vc"] = vc
        let token = Forge.token(header: ["alg": "EdDSA"], claims: claims, key: .ed25519(Self.ed))
        #expect(await refusal(token) == .embeddedCardFromAnotherKey)
    }

    @Test func aMemberNamedTwiceIsRefusedNotReadOneWay() async throws {
        // Foundation's JSONDecoder keeps the first of two members and Python's json (PyJWT, joserfc) the last:
        // read either way, the same signed token would name one issuer or algorithm here and another there.
        let header = Forge.json(Forge.header(alg: "EdDSA", did: Self.did))
        let claims = try #require(String(data: JSONSerialization.data(withJSONObject: Forge.claims(did: Self.did), options: [.sortedKeys]), encoding: .utf8))
        let twiceInClaims = "{\"iss\":\"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK\"," + claims.dropFirst()
        let twiceInHeader = #"{"alg":"EdDSA","alg":"ES256","kid":"\#(Self.did)"}"#
        let twiceInSubject = claims.replacingOccurrences(of: #""name":"Grace Hopper""#, with: #""name":"Grace Hopper","name":"Ada Lovelace""#)
        #expect(twiceInSubject != claims)
        for (header, claims, refusal) in [
            (header, Base64URL.encode(Array(twiceInClaims.utf8)), VCJWTError.malformedClaims("the name \"iss\" appears twice in one object, at byte 83")),
            (Base64URL.encode(Array(twiceInHeader.utf8)), Forge.json(Forge.claims(did: Self.did)), .malformedHeader("the name \"alg\" appears twice in one object, at byte 15")),
            (header, Base64URL.encode(Array(twiceInSubject.utf8)), nil),
        ] {
            let input = header + "." + claims
            let token = input + "." + Base64URL.encode(Array(try Self.ed.signature(for: Array(input.utf8))))
            let refused = await self.refusal(token)
            #expect(refused != nil)
            if let refusal { #expect(refused == refusal) }
            #expect(refused?.description.contains("appears twice in one object") == true, "\(String(describing: refused))")
        }
    }

    @Test func oversizedAndMalformedTokensAreRefusedBeforeDecoding() async {
        let big = "eyJ" + String(repeating: "A", count: VCJWTVerifier.maxTokenBytes) + ".e.e"
        #expect(await refusal(big) == .tooLarge(bytes: big.utf8.count, limit: VCJWTVerifier.maxTokenBytes))
        #expect(await refusal("eyJhbGciOiJFZERTQSJ9.eyJ9") == .notCompactJWT)
        #expect(await refusal("eyJ!!.eyJ.sig") == .notCompactJWT)
        #expect(await refusal(Forge.json(["typ": "JWT"]) + "." + Forge.json(["a": 1]) + ".AA") == .malformedHeader("it must be a JSON object with a string \"alg\""))
        let notVC = Forge.token(header: ["alg": "EdDSA"], claims: ["iss": Self.did], key: .ed25519(Self.ed))
        #expect(await refusal(notVC) == .notACredential)
    }

    /// VC Data Model 2.0 tokens are read into the same checks: a payload with another context, or JWT claims
    /// that contradict the credential, are refused by name before anything else is believed.
    @Test func dataModel2PayloadsThatContradictThemselvesAreRefused() async throws {
        let identity = Fixture.identity
        let did = identity.didKey.description
        func token(_ payload: [String: Any]) throws -> String {
            let header = try JSONSerialization.data(withJSONObject: ["alg": "EdDSA", "typ": "vc+jwt", "kid": identity.didKey.verificationMethod])
            let body = try JSONSerialization.data(withJSONObject: payload)
            let input = Base64URL.encode([UInt8](header)) + "." + Base64URL.encode([UInt8](body))
            return input + "." + Base64URL.encode(identity.signJWS(signingInput: Array(input.utf8)) ?? [])
        }
        let good: [String: Any] = [
            "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"], "issuer": did,
            "validFrom": "2026-11-25T09:00:00Z", "credentialSubject": ["id": did, "name": "Ada Lovelace"],
        ]
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-29
        let read = try await VCJWTVerifier().verify(try token(good), now: now)
        #expect(read.dataModel == .v2 && read.fields.name == "Ada Lovelace" && read.notBefore == ISO8601DateFormatter().date(from: "2026-11-25T09:00:00Z"))

        var oldContext = good
        oldContext["@context"] = ["https://www.w3.org/2018/credentials/v1"]
        let contextRefusal = await refusal(try token(oldContext), now: now)
        #expect(contextRefusal?.description.contains("https://www.w3.org/ns/credentials/v2 (VC Data Model 2.0)") == true, "\(contextRefusal.map { "\($0)" } ?? "accepted")")
        var otherIss = good
        otherIss["iss"] = Self.did.description
        #expect(await refusal(try token(otherIss), now: now) != nil)
        var otherTime = good
        otherTime["nbf"] = 1_700_000_000
        #expect(await refusal(try token(otherTime), now: now) != nil)
        var badTime = good
        badTime["validFrom"] = "yesterday"
        #expect(await refusal(try token(badTime), now: now)?.description.contains("2026-11-25T09:00:00Z") == true)
        var future = good
        future["validFrom"] = "2027-01-01T00:00:00+01:00"
        guard case .notYetValid? = await refusal(try token(future), now: now) else { Issue.record("validFrom ahead is not yet valid"); return }
    }
}
