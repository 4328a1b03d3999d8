import Foundation
import Testing

/// A card made by an independent Python signer (written from docs/formats/card.md, using `cryptography`
/// and `cbor2`) is accepted by the real `handshake card verify`, and the same card altered is rejected.
@Suite("handshake card verify on a card we did not write")
struct PythonSignedCardTests {
    static let signer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HandshakeCoreTests/Conformance/sign_card.py")

    @Test("a fresh Python-signed card verifies; a flipped byte does not")
    func pythonSignedCard() async throws {
        let cli = try CLI()
        let cardPath = cli.file("python.cbor")
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let request = #"{"updatedAt": \#(now), "name": "Grace Hopper", "company": "Navy", "title": "Rear Admiral", "emails": ["grace@example.com"], "phones": ["+1 555 0100"]}"#
        let signer = try await CLI.runTool("python3", [Self.signer.path, "--write", cardPath.path], stdin: Data(request.utf8))
        try #require(signer.status == 0, "the Python signer failed (run scripts/install-test-tools): \(signer.stderr)")
        let signed = try #require(try JSONSerialization.jsonObject(with: signer.stdoutBytes) as? [String: Any])

        let verdict = try await cli.run("card", "verify", "--json", cardPath.path)
        #expect(verdict.status == 0, "\(verdict.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: verdict.stdoutBytes) as? [String: Any])
        let card = try #require(json["card"] as? [String: Any])
        #expect(card["name"] as? String == "Grace Hopper")
        #expect(card["nodeId"] as? String == signed["nodeId"] as? String)

        var bytes = try Data(contentsOf: cardPath)
        bytes[bytes.count / 2] ^= 0x04
        try bytes.write(to: cardPath)
        #expect(try await cli.run("card", "verify", cardPath.path).status == 1)
    }
}
