import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The worked example of docs/protocols/nearby-common-friends.md: small sets, fixed random streams, every
/// value in hex. Regenerated here and looked up in the document, so the document cannot drift from the code.
/// To rewrite the example after an intended change, run the tests with
/// HANDSHAKE_PSI_EXAMPLE_OUT=/some/file.md and paste that file's text into the document.
enum CommonFriendsWorkedExample {
    static let keysA = [PSIKeys.repeated(0x01), PSIKeys.repeated(0x02), PSIKeys.repeated(0x03)]
    static let keysB = [PSIKeys.repeated(0x04), PSIKeys.repeated(0x03), PSIKeys.repeated(0x02)]
    static let seedA = "worked example A"
    static let seedB = "worked example B"

    /// The example as the document shows it, value by value.
    static func text() throws -> String {
        let run = try PSIRun(keysA, keysB, seedA: seedA, seedB: seedB)
        var randomA = SeededRandom(seedA), randomB = SeededRandom(seedB)
        func message(_ name: String, _ bytes: [UInt8]) -> String {
            "\(name) = \(Array(bytes.prefix(2)).hex)\n" + PSIKeys.entries(bytes).map { "  " + $0.hex }.joined(separator: "\n")
        }
        let elements = (1...4).map { byte in
            "u(K\(byte)) = \(FriendElement.hashing(sigKey: PSIKeys.repeated(UInt8(byte)), sessionSalt: PSIKeys.salt).bytes.hex)"
        }
        return ([
            "a = \(randomA.randomBytes(32).hex)",
            "b = \(randomB.randomBytes(32).hex)",
        ] + elements + [
            message("set(A)", run.setA),
            message("set(B)", run.setB),
            message("reply(A)", run.replyA),
            message("reply(B)", run.replyB),
            "common(A) = " + run.resultA.commonKeys.map { "K\($0[0])" }.joined(separator: ", "),
            "common(B) = " + run.resultB.commonKeys.map { "K\($0[0])" }.joined(separator: ", "),
        ]).joined(separator: "\n")
    }
}

@Suite("Common friends: the worked example")
struct CommonFriendsWorkedExampleTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocols/nearby-common-friends.md")

    @Test func theDocumentShowsTheRegeneratedExample() throws {
        let example = try CommonFriendsWorkedExample.text()
        if let out = ProcessInfo.processInfo.environment["HANDSHAKE_PSI_EXAMPLE_OUT"] {
            try example.write(toFile: out, atomically: true, encoding: .utf8)
        }
        let document = try String(contentsOf: Self.document, encoding: .utf8).filter { !$0.isWhitespace }
        // Each value, white space ignored (the document may wrap or indent it differently).
        for line in example.split(separator: "\n") where line.contains("=") {
            let name = line.split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
            let start = example.range(of: String(line))!
            let rest = example[start.lowerBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("  ") }
            let value = (String(line) + rest.joined()).filter { !$0.isWhitespace }
            let shown = document.contains(value)
            #expect(shown, "the document does not show \(name) as the code computes it")
        }
    }

    @Test func theExampleFindsTheCommonKeys() throws {
        let run = try PSIRun(
            CommonFriendsWorkedExample.keysA, CommonFriendsWorkedExample.keysB,
            seedA: CommonFriendsWorkedExample.seedA, seedB: CommonFriendsWorkedExample.seedB)
        #expect(run.resultA.commonKeys == [PSIKeys.repeated(2), PSIKeys.repeated(3)])
        #expect(run.resultB.commonKeys == [PSIKeys.repeated(3), PSIKeys.repeated(2)])
    }
}
