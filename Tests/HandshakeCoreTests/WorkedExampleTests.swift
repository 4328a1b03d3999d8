import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The worked example in docs/formats/card.md, regenerated from its inputs and compared with the committed
/// vector file, so the document cannot drift from the code. To rewrite the vector after an intended format
/// change, run the tests with HANDSHAKE_WRITE_VECTORS=1 and update the document from the file.
@Suite("The worked example of docs/formats/card.md")
struct WorkedExampleTests {
    static func values() throws -> [String: String] {
        let identity = Fixture.identity
        let signed = try Fixture.signedBusinessCard()
        let envelope = try COSESign1(CBORDecoder().decode(signed.bytes), decoder: CBORDecoder())
        return [
            "seed": Fixture.seedBytes.hex,
            "updatedAt": String(Fixture.updatedAt),
            "sigKey": identity.sigKey.hex,
            "encKey": identity.encKey.hex,
            "nodeId": identity.nodeID.rawValue,
            "didKey": identity.didKey.description,
            "payload": envelope.payload.hex,
            "sigStructure": envelope.signedBytes.hex,
            "signature": envelope.signature.hex,
            "cose": signed.bytes.hex,
            "qrText": CardText.qrText(signed),
            "code": CardText.code(signed).joined(separator: "-"),
            "link": CardText.link(signed),
            "pageLink": CardPageLink.link(for: signed, server: URL(string: "https://handshake.example.org")!),
            "seedBackup": SeedBackup.code(for: Fixture.seed).joined(separator: "-"),
        ]
    }

    @Test func matchesTheCommittedVector() throws {
        let values = try Self.values()
        let url = TestFiles.vectors.appendingPathComponent("worked-example.json")
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.prettyPrinted, .sortedKeys])
            try (data + Data("\n".utf8)).write(to: url)
        }
        let committed = try TestFiles.vectorJSON("worked-example.json")
        #expect(Set(committed.keys) == Set(values.keys))
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            #expect(committed[key] as? String == value, "worked example field \(key) changed")
        }
    }

    /// docs/formats/card.md shows every value of the vector (wrapped across lines, so white space and the
    /// typed code's hyphens are ignored in the comparison).
    @Test func theDocumentShowsTheVector() throws {
        let document = TestFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/formats/card.md")
        let text = try String(contentsOf: document, encoding: .utf8).filter { !$0.isWhitespace && $0 != "-" }
        let committed = try TestFiles.vectorJSON("worked-example.json")
        for (key, value) in committed {
            let compact = (value as? String ?? "").filter { !$0.isWhitespace && $0 != "-" }
            #expect(!compact.isEmpty && text.contains(compact), "docs/formats/card.md does not show \(key)")
        }
    }

    @Test func theExampleAsDocumentedVerifies() throws {
        let committed = try TestFiles.vectorJSON("worked-example.json")
        let bytes = try #require([UInt8](hex: committed["cose"] as? String ?? ""))
        let verified = try CardVerifier().verify(bytes, now: Fixture.now)
        #expect(verified.card == Fixture.businessCard())
        for form in [committed["qrText"], committed["code"], committed["link"], committed["pageLink"]] {
            let text = try #require(form as? String)
            #expect(try CardText.read(Array(text.utf8), now: Fixture.now).card.bytes == bytes)
        }
        let seed = try SeedBackup.restore(from: try #require(committed["seedBackup"] as? String))
        #expect(seed.rawRepresentation == Fixture.seedBytes)
    }

    @Test func pythonAgreesWithTheExample() async throws {
        let committed = try TestFiles.vectorJSON("worked-example.json")
        let card = Fixture.businessCard()
        let result = try await python.run("verify_card.py", ["card": committed["cose"] ?? "", "expect": ConformanceTests.expectedFields(card)])
        #expect(result["sigStructure"] as? String == committed["sigStructure"] as? String)
        #expect(result["payload"] as? String == committed["payload"] as? String)
        let identity = try await python.run("identity.py", ["seed": Fixture.seedBytes.hex])
        for key in ["sigKey", "encKey", "nodeId", "didKey"] {
            #expect(identity[key] as? String == committed[key] as? String, "\(key)")
        }
    }
}
