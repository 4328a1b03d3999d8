import Foundation
@testable import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// The wallet's answer read back by the verifier: selective disclosure, the pairwise holder key, and the
/// identity presented only when allowed.
@Suite("OpenID4VP answer and verification")
struct PresentationRoundTripTests {
    static func verify(
        _ answer: PresentationAnswer, request: AuthorizationRequest, nonce: String = OID4VP.nonce, clientID: String = OID4VP.clientID,
        at time: Date = OID4VP.now.addingTimeInterval(5)
    ) async throws(PresentationError) -> VerifiedPresentation {
        try await PresentationVerifier().verify(vpToken: answer.vpTokenJSON, nonce: nonce, clientID: clientID, query: request.query, now: time)
    }

    /// The claims of the credential inside the answer's presentation for `queryID`, decoded without checks.
    static func payload(_ jwt: String) throws -> [String: Any] {
        let part = try #require(jwt.split(separator: ".").dropFirst().first)
        let bytes = try #require(Base64URL.decode(part))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// The claims of the credential inside the answer's presentation for `queryID`, decoded without checks.
    static func credentialSubject(_ answer: PresentationAnswer, _ queryID: String = "card") throws -> [String: Any] {
        let vp = try #require(answer.vpToken[queryID]?.first)
        let presentation = try #require(try payload(vp)["vp"] as? [String: Any])
        let vc = try #require((presentation["verifiableCredential"] as? [String])?.first)
        let credential = try #require(try payload(vc)["vc"] as? [String: Any])
        return try #require(credential["credentialSubject"] as? [String: Any])
    }

    @Test func answerVerifiesAndDisclosesOnlyAllowedAndAskedFields() async throws {
        let request = try await OID4VP.request()
        #expect(request.credentialRequests.map(\.queryID) == ["card"])
        #expect(request.askedClaims == [.name, .emails])
        // Allowed more than asked: only the asked fields go out.
        let answer = try OID4VP.answer(request, allowed: [.name, .emails, .phones, .company])
        #expect(answer.disclosed == ["card": [.name, .emails]])
        #expect(Set(try Self.credentialSubject(answer).keys) == ["id", "name", "emails"])
        let verified = try await Self.verify(answer, request: request)
        #expect(verified.holder == answer.holder)
        #expect(verified.fields == CardFields(name: "Ada Lovelace", emails: ["ada@example.com"]))
        #expect(verified.handshakeCard == nil)
        #expect(verified.disclosedClaims == [.name, .emails])
        #expect(verified.expires == OID4VP.now.addingTimeInterval(300))
    }

    @Test func aRequiredFieldWithheldSendsNothingAndSaysWhich() async throws {
        let request = try await OID4VP.request()
        #expect(throws: PresentationAnswerError.claimsNotAllowed(queryID: "card", claims: [.emails])) {
            try OID4VP.answer(request, allowed: [.name, .phones])
        }
        let missing = try await OID4VP.request(OID4VP.link(query: OID4VP.query(claims: ["name", "bio"])))
        #expect(throws: PresentationAnswerError.claimsMissing(queryID: "card", claims: [.bio])) {
            try OID4VP.answer(missing, allowed: [.name, .bio])
        }
    }

    @Test func claimSetsPickTheFirstAllowedAlternative() async throws {
        let query = """
            {"credentials":[{"id":"who","format":"jwt_vc_json","meta":{},"claims":[
            {"id":"n","path":["credentialSubject","name"]},{"id":"e","path":["credentialSubject","emails",0]},
            {"id":"p","path":["credentialSubject","phones"]}],"claim_sets":[["n","e"],["n","p"]]}]}
            """
        let request = try await OID4VP.request(OID4VP.link(query: query))
        let answer = try OID4VP.answer(request, allowed: [.name, .phones])
        #expect(answer.disclosed == ["who": [.name, .phones]])
        let verified = try await Self.verify(answer, request: request)
        #expect(verified.fields == CardFields(name: "Ada Lovelace", phones: ["+44 20 7946 0018"]))
    }

    @Test func pairwiseHolderKeysDifferPerVerifierAndRepeatForOne() async throws {
        let first = try await OID4VP.request()
        let otherClient = "redirect_uri:https://other.example/cb"
        var components = URLComponents(string: OID4VP.link(clientID: otherClient))!
        components.queryItems = components.queryItems?.map { $0.name == "response_uri" ? URLQueryItem(name: "response_uri", value: "https://other.example/cb") : $0 }
        let second = try await OID4VP.request(components.url!.absoluteString)
        let a1 = try OID4VP.answer(first)
        let a2 = try OID4VP.answer(first, at: OID4VP.now.addingTimeInterval(100))
        let b = try OID4VP.answer(second)
        #expect(a1.holder == a2.holder)
        #expect(a1.holder != b.holder)
        #expect(a1.holder != Fixture.identity.didKey && b.holder != Fixture.identity.didKey)
        #expect(try OID4VP.answer(first, identity: Fixture.other).holder != a1.holder)
        #expect(a1.holder == Fixture.identity.pairwiseSigningKey(for: OID4VP.clientID).didKey)
        // A pairwise key signs JWS signing inputs only, as the identity's key does.
        let pairwise = Fixture.identity.pairwiseSigningKey(for: OID4VP.clientID)
        #expect(pairwise.signJWS(signingInput: Array("eyJhIjoxfQ.eyJiIjoyfQ".utf8)) != nil)
        #expect(pairwise.signJWS(signingInput: Array("hello".utf8)) == nil)
        #expect(pairwise.signJWS(signingInput: [0x84] + Array("eyJ.x".utf8)) == nil)
        #expect(!"\(pairwise)".contains(Array(pairwise.privateKey.rawRepresentation).hex))
    }

    @Test func theIdentityIsPresentedOnlyWhenAskedAndAllowed() async throws {
        let request = try await OID4VP.request(OID4VP.link(query: OID4VP.query(claims: ["name", "handshakeCard"])))
        #expect(throws: PresentationAnswerError.claimsNotAllowed(queryID: "card", claims: [.handshakeCard])) {
            try OID4VP.answer(request, allowed: [.name, .emails])
        }
        let answer = try OID4VP.answer(request, allowed: [.name, .handshakeCard])
        #expect(answer.holder == Fixture.identity.didKey)
        let verified = try await Self.verify(answer, request: request)
        let card = try #require(verified.handshakeCard)
        #expect(card.card.sigKey == Fixture.identity.sigKey)
        // The card inside carries the allowed fields only.
        #expect(card.card.name == "Ada Lovelace" && card.card.emails.isEmpty && card.card.company == nil)
        #expect(verified.disclosedClaims == [.name, .handshakeCard])
        // A verifier asking by Node ID gets the same.
        let byNodeID = try await OID4VP.request(OID4VP.link(query: OID4VP.query(claims: ["nodeId"])))
        #expect(byNodeID.askedClaims == [.handshakeCard])
    }

    @Test func theVerifierRefusesReplayOtherAudienceAndStaleAnswers() async throws {
        let request = try await OID4VP.request()
        let answer = try OID4VP.answer(request)
        await #expect(throws: PresentationError.wrongNonce) { try await Self.verify(answer, request: request, nonce: "another-nonce") }
        await #expect(throws: PresentationError.wrongAudience(found: [OID4VP.clientID], expected: "redirect_uri:https://other.example/cb")) {
            try await Self.verify(answer, request: request, clientID: "redirect_uri:https://other.example/cb")
        }
        await #expect(throws: PresentationError.expired(OID4VP.now.addingTimeInterval(300))) {
            try await Self.verify(answer, request: request, at: OID4VP.now.addingTimeInterval(400))
        }
        await #expect(throws: PresentationError.notYetValid(OID4VP.now)) {
            try await Self.verify(answer, request: request, at: OID4VP.now.addingTimeInterval(-120))
        }
        let other = try DCQLQuery(json: OID4VP.query(id: "other"))
        await #expect(throws: PresentationError.unexpectedCredential("card")) {
            try await PresentationVerifier().verify(vpToken: answer.vpTokenJSON, nonce: OID4VP.nonce, clientID: OID4VP.clientID, query: other, now: OID4VP.now)
        }
        let tampered = answer.vpTokenJSON.replacingOccurrences(of: "\"]", with: "A\"]")
        await #expect(throws: PresentationError.self) {
            try await PresentationVerifier().verify(vpToken: tampered, nonce: OID4VP.nonce, clientID: OID4VP.clientID, query: request.query, now: OID4VP.now)
        }
    }

    @Test func theFormBodyCarriesTheTokenAndState() async throws {
        let request = try await OID4VP.request()
        let answer = try OID4VP.answer(request)
        var components = URLComponents()
        components.percentEncodedQuery = answer.formBody
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items == ["vp_token": answer.vpTokenJSON, "state": OID4VP.state])
        #expect(PresentationAnswer.declineBody(for: request).hasPrefix("error=access_denied&"))
    }
}
