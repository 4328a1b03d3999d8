import Foundation
import HandshakeTestSupport
import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The worked example of docs/protocols/nearby.md ("Worked example"): the messages of one exchange, bound
/// to the session-secret handshake of docs/protocols/nearby-channel.md's example. Regenerated here and
/// compared with the doc's text; checked independently by `Conformance/nearby_messages.py` (cbor2 and
/// cryptography).
@Suite("Session messages: worked example")
struct MessagesWorkedExampleTests {
    static func messages() throws -> (hash: [UInt8], messages: [(from: ChannelRole, message: SessionMessage)]) {
        let hash = try ChannelWorkedExampleTests.transcript(.sessionSecret).summary.handshakeHash
        let adaOffer = SessionBinding.offer(card: SessionPair.adaCard, identity: SessionPair.ada, handshakeHash: hash, ownRole: .initiator)
        let bobOffer = SessionBinding.offer(card: SessionPair.bobCard, identity: SessionPair.bob, handshakeHash: hash, ownRole: .responder)
        return (hash, [
            (.initiator, .request(adaOffer, kind: .exchange)),
            (.responder, .accept(bobOffer)),
            (.initiator, .note("Lovely to meet you!")),
            // The carry (§6a): Carol is their common friend; Bob holds her older card, Ada her newer one.
            (.responder, .cardVersions([CardVersion(key: CardCarryTests.carol.sigKey, updatedAt: CardCarryTests.carolOld.card.updatedAt)])),
            (.initiator, .carriedCard(CardCarryTests.carolNew.bytes)),
            (.initiator, .carryEnd),
            (.responder, .close),
        ])
    }

    static func markdown() throws -> String {
        let (hash, messages) = try messages()
        var lines = [
            "Ada's seed is 32 bytes of `a1`, Bob's 32 bytes of `b0`; each card carries only a name and is dated",
            "`updatedAt` = \(SessionPair.adaCard.card.updatedAt). Ada is the initiator. Handshake hash (session-secret example of",
            "nearby-channel.md):", "", "```", hash.hex, "```", "",
            "Their common friend Carol's seed is 32 bytes of `c0`; Bob holds her card dated \(CardCarryTests.carolOld.card.updatedAt) (title",
            "\"Engineer\"), Ada her newer one dated \(CardCarryTests.carolNew.card.updatedAt) (title \"Chief engineer\"), which she carries",
            "after the note.", "",
        ]
        for (from, message) in messages {
            lines.append("\(from == .initiator ? "Ada → Bob" : "Bob → Ada"): type `0x\(String(format: "%02x", message.type.rawValue))` (\(message.type)), payload:")
            lines += ["", "```"]
            let hex = message.payload.hex
            stride(from: 0, to: hex.count, by: 96).forEach { start in
                let from = hex.index(hex.startIndex, offsetBy: start)
                lines.append(String(hex[from..<(hex.index(from, offsetBy: 96, limitedBy: hex.endIndex) ?? hex.endIndex)]))
            }
            lines += ["```", ""]
        }
        return lines.joined(separator: "\n")
    }

    static let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocols/nearby.md")

    @Test func docShowsTheRegeneratedExample() throws {
        let text = try Self.markdown()
        let doc = (try? String(contentsOf: Self.docURL, encoding: .utf8)) ?? ""
        if !doc.contains(text) {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-messages-example.md")
            try? text.write(to: out, atomically: true, encoding: .utf8)
            Issue.record("docs/protocols/nearby.md lacks the regenerated example; it is in \(out.path)")
        }
    }

    @Test("cbor2 and cryptography read every payload and verify both bindings")
    func pythonChecksTheExample() async throws {
        let (hash, messages) = try Self.messages()
        let result = try await python.run("nearby_messages.py", [
            "handshake_hash": hash.hex,
            "messages": messages.map { ["from": $0.from == .initiator ? "initiator" : "responder", "type": Int($0.message.type.rawValue), "payload": $0.message.payload.hex] },
        ])
        #expect(result["checked"] as? Int == 7)
        #expect((result["carried"] as? [[Any]])?.count == 1)
        #expect(result["bindings"] as? Int == 2)
    }

    @Test("the Python check catches a binding signed for the other role")
    func pythonCatchesAWrongRole() async throws {
        let (hash, _) = try Self.messages()
        let wrong = SessionBinding.offer(card: SessionPair.adaCard, identity: SessionPair.ada, handshakeHash: hash, ownRole: .responder)
        await #expect(throws: PythonScript.Failure.self) {
            try await python.run("nearby_messages.py", ["handshake_hash": hash.hex, "messages": [
                ["from": "initiator", "type": 0x10, "payload": SessionMessage.request(wrong, kind: .exchange).payload.hex],
            ]])
        }
    }
}
