import Crypto
import Foundation
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// The worked example of docs/protocols/nearby-channel.md: regenerated here and compared with the doc's
/// text, and recomputed independently by `Conformance/noise_worked_example.py`.
@Suite("Secure channel: worked example")
struct ChannelWorkedExampleTests {
    static let initiatorPrivate = [UInt8](0x01...0x20)
    static let responderPrivate = [UInt8](0x21...0x40)
    static let secret = [UInt8](0x41...0x60)
    static let records: [(from: ChannelRole, type: UInt8, payload: [UInt8])] = [
        (.initiator, 0x01, Array("hello".utf8)),
        (.responder, 0x01, Array("hi".utf8)),
    ]

    struct Frame {
        let from: ChannelRole
        let bytes: [UInt8]
        /// For a RECORD: its plaintext, type ‖ flags ‖ fragment.
        var plaintext: [UInt8]? = nil
    }

    struct Transcript {
        let mode: ChannelMode
        let prologue: [UInt8]
        let commitment: [UInt8]?
        let frames: [Frame]
        let summary: ChannelSummary
    }

    static func transcript(_ mode: ChannelMode) throws -> Transcript {
        let secret = mode == .sessionSecret ? SessionSecret(bytes: Self.secret) : nil
        let initiatorKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: initiatorPrivate)
        let responderKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: responderPrivate)
        var ends: [ChannelRole: SecureChannel] = [
            .initiator: SecureChannel(role: .initiator, secret: secret, ephemeralKey: initiatorKey),
            .responder: SecureChannel(role: .responder, secret: secret, ephemeralKey: responderKey),
        ]
        var frames: [Frame] = []
        var queue: [Frame] = []
        for role in [ChannelRole.responder, .initiator] {
            let first = ends[role]?.start() ?? []
            if !first.isEmpty { queue.append(Frame(from: role, bytes: first)) }
        }
        while !queue.isEmpty {
            let frame = queue.removeFirst()
            frames.append(frame)
            let receiver: ChannelRole = frame.from == .initiator ? .responder : .initiator
            for case .send(let bytes) in try ends[receiver]?.receive(frame.bytes) ?? [] {
                queue.append(Frame(from: receiver, bytes: bytes))
            }
        }
        for record in records {
            let receiver: ChannelRole = record.from == .initiator ? .responder : .initiator
            let wire = try #require(try ends[record.from]?.seal(type: record.type, payload: record.payload))
            frames.append(Frame(from: record.from, bytes: wire, plaintext: [record.type, 0] + record.payload))
            #expect(messages(try ends[receiver]?.receive(wire) ?? []) == [ChannelMessage(type: record.type, payload: record.payload)])
        }
        let summary = try #require(ends[.initiator]?.summary)
        #expect(summary == ends[.responder]?.summary)
        let commitment = mode == .compareCode
            ? ChannelDerivation.commitment(toEphemeralKey: Array(responderKey.publicKey.rawRepresentation)) : nil
        return Transcript(mode: mode, prologue: ChannelDerivation.prologue(mode: mode, commitment: commitment),
                          commitment: commitment, frames: frames, summary: summary)
    }

    /// The doc's text for one mode: a fenced block, 32 bytes of hex per line.
    static func markdown(_ transcript: Transcript) -> String {
        func hex(_ bytes: [UInt8]) -> String {
            stride(from: 0, to: bytes.count, by: 32).map { "    " + Array(bytes[$0..<min($0 + 32, bytes.count)]).hex }
                .joined(separator: "\n")
        }
        let initiatorPublic = (try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: initiatorPrivate))
            .map { Array($0.publicKey.rawRepresentation) } ?? []
        let responderPublic = (try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: responderPrivate))
            .map { Array($0.publicKey.rawRepresentation) } ?? []
        var lines = ["```text"]
        lines += ["initiator ephemeral private key", hex(initiatorPrivate)]
        lines += ["initiator ephemeral public key", hex(initiatorPublic)]
        lines += ["responder ephemeral private key", hex(responderPrivate)]
        lines += ["responder ephemeral public key", hex(responderPublic)]
        if transcript.mode == .sessionSecret { lines += ["session secret (the PSK)", hex(secret)] }
        if let commitment = transcript.commitment { lines += ["commitment", hex(commitment)] }
        lines += ["prologue (\(transcript.prologue.count) bytes)", hex(transcript.prologue)]
        var handshakeDone = false
        for (index, frame) in transcript.frames.enumerated() {
            let type = switch ChannelFrameType(rawValue: frame.bytes[2]) {
            case .commit: "COMMIT"
            case .handshake: "HANDSHAKE"
            case .record: "RECORD"
            case nil: "?"
            }
            if frame.bytes[2] == ChannelFrameType.record.rawValue && !handshakeDone {
                handshakeDone = true
                lines += ["handshake hash h", hex(transcript.summary.handshakeHash)]
                lines += ["short code: \(transcript.summary.shortCode ?? "none (session-secret mode)")"]
            }
            let direction = frame.from == .initiator ? "initiator → responder" : "responder → initiator"
            if let plaintext = frame.plaintext { lines += ["record plaintext (type ‖ flags ‖ fragment)", hex(plaintext)] }
            lines += ["frame \(index + 1), \(direction), \(type), \(frame.bytes.count) bytes", hex(frame.bytes)]
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    static let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocols/nearby-channel.md")

    @Test(arguments: [ChannelMode.compareCode, .sessionSecret])
    func docShowsTheRegeneratedExample(_ mode: ChannelMode) throws {
        let text = Self.markdown(try Self.transcript(mode))
        let doc = (try? String(contentsOf: Self.docURL, encoding: .utf8)) ?? ""
        let found = doc.contains(text)
        if !found {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-channel-example-\(mode.rawValue).md")
            try? text.write(to: out, atomically: true, encoding: .utf8)
            Issue.record("docs/protocols/nearby-channel.md lacks the regenerated example; it is in \(out.path)")
        }
    }

    @Test(arguments: [ChannelMode.compareCode, .sessionSecret])
    func pythonRecomputesTheExample(_ mode: ChannelMode) async throws {
        let transcript = try Self.transcript(mode)
        let result = try await python.run("noise_worked_example.py", [
            "mode": mode == .compareCode ? "compare-code" : "session-secret",
            "initiator_ephemeral": Self.initiatorPrivate.hex,
            "responder_ephemeral": Self.responderPrivate.hex,
            "secret": mode == .sessionSecret ? Self.secret.hex : NSNull(),
            "records": Self.records.map { ["from": $0.from == .initiator ? "initiator" : "responder", "type": Int($0.type), "payload": $0.payload.hex] },
        ])
        #expect(result["prologue"] as? String == transcript.prologue.hex)
        #expect((result["commitment"] as? String) == transcript.commitment?.hex)
        #expect(result["handshake_hash"] as? String == transcript.summary.handshakeHash.hex)
        #expect((result["short_code"] as? String) == transcript.summary.shortCode)
        let frames = try #require(result["frames"] as? [[String: Any]])
        #expect(frames.map { $0["hex"] as? String ?? "" } == transcript.frames.map(\.bytes.hex))
        #expect(frames.map { $0["from"] as? String ?? "" } == transcript.frames.map { $0.from == .initiator ? "initiator" : "responder" })
    }
}
