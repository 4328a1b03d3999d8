import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// OpenID4VP answers against code we did not write: a verifier and a wallet in Python, written from the
/// OpenID4VP 1.0 text with PyJWT and joserfc (Tests/…/Conformance/oid4vp.py).
@Suite("OpenID4VP interoperability with a Python verifier and wallet")
struct PresentationInteropTests {
    static let query = """
        {"credentials":[{"id":"card","format":"jwt_vc_json","meta":{"type_values":[["VerifiableCredential"]]},\
        "claims":[{"path":["credentialSubject","name"]},{"path":["credentialSubject","emails"]}]}]}
        """

    @Test func aPythonVerifierAcceptsOurAnswer() async throws {
        // Made now: PyJWT checks iat and exp against the real clock.
        let now = Date()
        let request = try await AuthorizationRequest(url: OID4VP.link(query: Self.query), now: now)
        for identity in [Fixture.identity, Fixture.other] {
            let answer = try OID4VP.answer(request, identity: identity, allowed: [.name, .emails, .phones], at: now)
            let result = try await python.run("oid4vp.py", [
                "vp_token": answer.vpTokenJSON, "query": Self.query, "nonce": OID4VP.nonce, "client_id": OID4VP.clientID,
            ], arguments: ["verify"])
            #expect(result["holder"] as? String == answer.holder.description)
            let subject = try #require((result["subjects"] as? [String: Any])?["card"] as? [String: Any])
            // Selective disclosure, as a third party decodes it: the asked and allowed fields, nothing else.
            #expect(Set(subject.keys) == ["id", "name", "emails"])
            #expect(subject["name"] as? String == "Ada Lovelace")
            // The same verifier refuses the answer for another request's nonce or another verifier.
            for (nonce, clientID) in [("another-nonce", OID4VP.clientID), (OID4VP.nonce, "redirect_uri:https://other.example/cb")] {
                await #expect(throws: PythonScript.Failure.self) {
                    try await python.run("oid4vp.py", [
                        "vp_token": answer.vpTokenJSON, "query": Self.query, "nonce": nonce, "client_id": clientID,
                    ], arguments: ["verify"])
                }
            }
        }
    }

    static func pythonWallet(alg: String, attack: String = "", now: Date) async throws -> (token: String, did: String) {
        let made = try await python.run("oid4vp.py", [
            "alg": alg, "secret": [UInt8](repeating: 0x21, count: 32).hex, "other_secret": [UInt8](repeating: 0x37, count: 32).hex,
            "client_id": OID4VP.clientID, "nonce": OID4VP.nonce, "now": Int(now.timeIntervalSince1970), "query_id": "card",
            "attack": attack, "fields": ["name": "Grace Hopper", "emails": ["grace@example.com"], "company": "US Navy"],
        ], arguments: ["wallet"])
        return (try #require(made["vp_token"] as? String), try #require(made["did"] as? String))
    }

    static func verify(_ token: String, now: Date) async throws(PresentationError) -> VerifiedPresentation {
        try await PresentationVerifier().verify(
            vpToken: token, nonce: OID4VP.nonce, clientID: OID4VP.clientID, query: try! DCQLQuery(json: query), now: now)
    }

    @Test(arguments: ["EdDSA", "ES256"])
    func weAcceptAPythonWalletsAnswer(alg: String) async throws {
        let now = OID4VP.now
        let (token, did) = try await Self.pythonWallet(alg: alg, now: now)
        #expect(did.hasPrefix(alg == "ES256" ? "did:key:zDn" : "did:key:z6Mk"))
        let verified = try await Self.verify(token, now: now.addingTimeInterval(10))
        #expect(verified.holder.description == did)
        #expect(verified.fields == CardFields(name: "Grace Hopper", company: "US Navy", emails: ["grace@example.com"]))
        #expect(verified.handshakeCard == nil)
    }

    @Test(arguments: ["EdDSA", "ES256"])
    func weRefuseAPythonWalletsForgeries(alg: String) async throws {
        let now = OID4VP.now
        let later = now.addingTimeInterval(10)
        func refusal(_ attack: String) async throws -> PresentationError? {
            let (token, _) = try await Self.pythonWallet(alg: alg, attack: attack, now: now)
            do {
                _ = try await Self.verify(token, now: later)
                return nil
            } catch {
                #expect(error.localizedDescription.hasSuffix(".") || error.localizedDescription.hasSuffix(")"))
                return error
            }
        }
        #expect(try await refusal("alg_none") == .unsigned)
        #expect(try await refusal("hs256") == .sharedSecretAlgorithm("HS256"))
        #expect(try await refusal("expired") == .expired(now.addingTimeInterval(-600)))
        #expect(try await refusal("old_nonce") == .wrongNonce)
        #expect(try await refusal("other_audience") == .wrongAudience(found: ["redirect_uri:https://evil.example/cb"], expected: OID4VP.clientID))
        guard case .holderMismatch? = try await refusal("subject_mismatch") else {
            Issue.record("a credential of another key was accepted as the presenter's")
            return
        }
    }
}
