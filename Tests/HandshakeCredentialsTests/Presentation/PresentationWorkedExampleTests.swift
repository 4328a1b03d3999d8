import Foundation
@testable import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// The worked example in docs/protocols/openid4vp.md, regenerated from its inputs (the card worked example's
/// seed and card, a fixed request, nonce and time) and compared with the committed vector file and with the
/// document. After an intended change, run the tests with HANDSHAKE_WRITE_VECTORS=1 and update the document
/// from the file.
@Suite("The worked example of docs/protocols/openid4vp.md")
struct PresentationWorkedExampleTests {
    static let vector = "openid4vp-worked-example.json"

    static func values() async throws -> [String: String] {
        let link = OID4VP.link()
        let request = try await AuthorizationRequest(url: link, now: OID4VP.now)
        let answer = try OID4VP.answer(request, allowed: [.name, .emails, .phones])
        let vp = try #require(answer.vpToken["card"]?.first)
        let vpParts = vp.split(separator: ".").map(String.init)
        let vpClaims = String(decoding: try #require(Base64URL.decode(vpParts[1])), as: UTF8.self)
        let presentation = try #require(try JSONSerialization.jsonObject(with: Data(vpClaims.utf8)) as? [String: Any])
        let vc = try #require(((presentation["vp"] as? [String: Any])?["verifiableCredential"] as? [String])?.first)
        let vcParts = vc.split(separator: ".").map(String.init)
        let pairwise = Fixture.identity.pairwiseSigningKey(for: OID4VP.clientID)
        return [
            "requestLink": link,
            "clientID": OID4VP.clientID,
            "nonce": OID4VP.nonce,
            "now": String(Int(OID4VP.now.timeIntervalSince1970)),
            "pairwiseInfo": (PairwiseSigningKey.label + [0] + Array(OID4VP.clientID.utf8)).hex,
            "pairwiseSecret": Array(pairwise.privateKey.rawRepresentation).hex,
            "holder": pairwise.didKey.description,
            "vcHeaderJSON": String(decoding: try #require(Base64URL.decode(vcParts[0])), as: UTF8.self),
            "vcClaimsJSON": String(decoding: try #require(Base64URL.decode(vcParts[1])), as: UTF8.self),
            "vpClaimsJSON": vpClaims,
            "vpSignature": try #require(Base64URL.decode(vpParts[2])).hex,
            "vpTokenJSON": answer.vpTokenJSON,
            "formBody": answer.formBody,
        ]
    }

    @Test func matchesTheCommittedVector() async throws {
        let values = try await Self.values()
        let url = TestFiles.vectors.appendingPathComponent(Self.vector)
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try (data + Data("\n".utf8)).write(to: url)
        }
        let committed = try TestFiles.vectorJSON(Self.vector)
        #expect(Set(committed.keys) == Set(values.keys))
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            #expect(committed[key] as? String == value, "worked example field \(key) changed")
        }
    }

    /// The document shows every value but the long ones that are made of values it shows (wrapped across
    /// lines, so white space is ignored).
    @Test func theDocumentShowsTheVector() throws {
        let document = TestFiles.repository.appendingPathComponent("docs/protocols/openid4vp.md")
        let text = try String(contentsOf: document, encoding: .utf8).filter { !$0.isWhitespace }
        for (key, value) in try TestFiles.vectorJSON(Self.vector) where !["vpTokenJSON", "formBody"].contains(key) {
            let compact = (value as? String ?? "").filter { !$0.isWhitespace }
            #expect(!compact.isEmpty && text.contains(compact), "docs/protocols/openid4vp.md does not show \(key)")
        }
    }

    /// The pairwise derivation, redone by Python's cryptography from the document's recipe.
    @Test func pythonDerivesTheSamePairwiseKey() async throws {
        for clientID in [OID4VP.clientID, "decentralized_identifier:did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp", "redirect_uri:https://ünïcode.example/cb"] {
            let derived = try await python.run("oid4vp.py", ["seed": Array(0...31).map { UInt8($0) }.hex, "client_id": clientID], arguments: ["pairwise"])
            let ours = Fixture.identity.pairwiseSigningKey(for: clientID)
            #expect(derived["secret"] as? String == Array(ours.privateKey.rawRepresentation).hex)
            #expect(derived["did"] as? String == ours.didKey.description)
        }
    }

    @Test func theDocumentedAnswerVerifies() async throws {
        let values = try TestFiles.vectorJSON(Self.vector)
        let token = try #require(values["vpTokenJSON"] as? String)
        let request = try await AuthorizationRequest(url: try #require(values["requestLink"] as? String), now: OID4VP.now)
        let verified = try await PresentationVerifier().verify(
            vpToken: token, nonce: request.nonce, clientID: request.clientID.description, query: request.query, now: OID4VP.now)
        #expect(verified.holder.description == values["holder"] as? String)
    }
}
