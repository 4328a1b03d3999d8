import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore
@testable import HandshakeCredentials

/// The worked example in docs/formats/vc-jwt.md, regenerated from its inputs and compared with the committed
/// vector file and with the document, so neither can drift from the code. After an intended format change,
/// run the tests with HANDSHAKE_WRITE_VECTORS=1 and update the document from the file.
@Suite("The worked example of docs/formats/vc-jwt.md")
struct VCJWTWorkedExampleTests {
    static func values() throws -> [String: String] {
        let token = try Fixture.credential()
        let parts = token.split(separator: ".").map(String.init)
        return [
            "didKey": Fixture.identity.didKey.description,
            "kid": Fixture.identity.didKey.verificationMethod,
            "issuedAt": String(Int(Fixture.issuedAt.timeIntervalSince1970)),
            "headerJSON": String(decoding: Base64URL.decode(parts[0])!, as: UTF8.self),
            "claimsJSON": String(decoding: Base64URL.decode(parts[1])!, as: UTF8.self),
            "signature": Base64URL.decode(parts[2])!.hex,
            "token": token,
        ]
    }

    @Test func matchesTheCommittedVector() throws {
        let values = try Self.values()
        let url = TestFiles.vectors.appendingPathComponent("vc-jwt-worked-example.json")
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try (data + Data("\n".utf8)).write(to: url)
        }
        let committed = try TestFiles.vectorJSON("vc-jwt-worked-example.json")
        #expect(Set(committed.keys) == Set(values.keys))
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            #expect(committed[key] as? String == value, "worked example field \(key) changed")
        }
    }

    /// The document shows every value (wrapped across lines, so white space is ignored).
    @Test func theDocumentShowsTheVector() throws {
        let document = TestFiles.repository.appendingPathComponent("docs/formats/vc-jwt.md")
        let text = try String(contentsOf: document, encoding: .utf8).filter { !$0.isWhitespace }
        for (key, value) in try TestFiles.vectorJSON("vc-jwt-worked-example.json") {
            let compact = (value as? String ?? "").filter { !$0.isWhitespace }
            #expect(!compact.isEmpty && text.contains(compact), "docs/formats/vc-jwt.md does not show \(key)")
        }
    }

    @Test func theDocumentedTokenImportsAsTheWorkedExampleCard() async throws {
        let token = try #require(try TestFiles.vectorJSON("vc-jwt-worked-example.json")["token"] as? String)
        let credential = try await VCJWTVerifier().verify(token, now: Fixture.now)
        #expect(credential.handshakeCard == (try Fixture.signedCard()))
    }
}
