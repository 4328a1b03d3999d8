// The worked example of docs/formats/contact-export.md, regenerated from its inputs and compared with the
// document, so the document can never drift from the code.

import Foundation
import HandshakeStore
import HandshakeTestSupport
import Testing

/// After an intended format change, run the test with HANDSHAKE_WRITE_VECTORS=1: it rewrites the
/// document's ```json block, and the change shows in the diff.
@Suite("The worked example of docs/formats/contact-export.md")
struct ContactExportWorkedExampleTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/formats/contact-export.md")

    /// The document's text before, inside and after its first ```json block.
    static func parts(_ text: String) throws -> (before: String, block: String, after: String) {
        let open = "```json\n"
        let start = try #require(text.range(of: open), "docs/formats/contact-export.md has no ```json block")
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        return (String(text[..<start.upperBound]), String(text[start.upperBound..<end.lowerBound]), String(text[end.lowerBound...]))
    }

    @Test("the document shows the export of the worked example's book, byte for byte")
    func documentShowsTheExport() throws {
        let export = try ContactExportFixture.export(try ContactExportFixture.book(), .json)
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let (before, _, after) = try Self.parts(text)
            text = before + export + after
            try Data(text.utf8).write(to: Self.document)
        }
        #expect(try Self.parts(text).block == export)
    }
}
