import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The short code's worked example of docs/protocols/nearby-bootstrap.md: regenerated here and compared
/// with the doc's text, and recomputed with PyPI's `cpace` package by `Conformance/pake_worked_example.py`.
@Suite("Short code: worked example")
struct ShortCodeWorkedExampleTests {
    static let code = ShortCode(digits: [7, 19, 23, 2, 20, 9, 29, 4, 13])
    static let binding = Array("hs-example".utf8)
    static let sid = [UInt8](0x51...0x60)
    static let ya = [UInt8](0x01...0x20)
    static let yb = [UInt8](0x21...0x40)

    struct Transcript {
        let frameA: [UInt8]
        let frameB: [UInt8]
        let secretA: [UInt8]
        let secretB: [UInt8]
    }

    static func transcript() throws -> Transcript {
        var book = ShortCodeBook()
        book.insert(code, issuedAt: Date(timeIntervalSince1970: 1_800_000_000))
        var initiator = ShortCodeInitiator(code: code, channelBinding: binding, scalar: ya, sid: sid)
        var responder = ShortCodeResponder(rendezvous: code.rendezvous, channelBinding: binding, scalar: yb)
        let frameA = initiator.start()
        let b = try #require(try responder.receive(frameA, book: &book, at: Date(timeIntervalSince1970: 1_800_000_010)))
        let a = try #require(try initiator.receive(b.reply))
        return Transcript(frameA: frameA, frameB: b.reply, secretA: a.secret.bytes, secretB: b.secret.bytes)
    }

    static func markdown(_ t: Transcript) throws -> String {
        let ci = ShortCodePAKE.channelIdentifier(rendezvous: code.rendezvous, binding: binding)
        let g = CPace.generator(prs: code.password, ci: ci, sid: sid)
        let shareA = try #require(CPace.scalarMultiply(ya, g)), shareB = try #require(CPace.scalarMultiply(yb, g))
        let k = try #require(CPace.scalarMultiply(ya, shareB))
        let isk = CPace.intermediateSessionKey(sid: sid, k: k, ya: shareA, adA: NearbyProtocol.shortCodeTypedLabel,
                                               yb: shareB, adB: NearbyProtocol.shortCodeShownLabel)
        let tag = ShortCodePAKE.responderTag(sid: sid, isk: isk, share: shareB)
        let hex = BootstrapDocText.hexLines
        var lines = ["```text", "code shown and typed: \(code.displayText())", "rendezvous part: \(code.rendezvous)"]
        lines += ["PRS (the password part in ASCII)", hex(code.password)]
        lines += ["channel binding (\"\(String(decoding: binding, as: UTF8.self))\")", hex(binding)]
        lines += ["CI (\(ci.count) bytes)", hex(ci)]
        lines += ["sid (chosen by the typing device)", hex(sid)]
        lines += ["generator g", hex(g)]
        lines += ["typing device's scalar ya", hex(ya), "Ya", hex(shareA)]
        lines += ["frame 1, typing → showing, CPACE_A, \(t.frameA.count) bytes", hex(t.frameA)]
        lines += ["showing device's scalar yb", hex(yb), "Yb", hex(shareB)]
        lines += ["K (never leaves either device)", hex(k)]
        lines += ["ISK", hex(isk)]
        lines += ["confirmation tag Tb", hex(tag)]
        lines += ["frame 2, showing → typing, CPACE_B, \(t.frameB.count) bytes", hex(t.frameB)]
        lines += ["session secret (the channel's PSK)", hex(t.secretA)]
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    @Test func docShowsTheRegeneratedExample() throws {
        let t = try Self.transcript()
        #expect(t.secretA == t.secretB)
        BootstrapDocText.expect("docs/protocols/nearby-bootstrap.md", contains: try Self.markdown(t), name: "short-code-example")
    }

    @Test func cpacePackageRecomputesTheExample() async throws {
        let t = try Self.transcript()
        let result = try await python.run("pake_worked_example.py", [
            "password": String(decoding: Self.code.password, as: UTF8.self), "rendezvous": Self.code.rendezvous,
            "binding": Self.binding.hex, "sid": Self.sid.hex, "ya": Self.ya.hex, "yb": Self.yb.hex,
        ])
        #expect(result["ci"] as? String == ShortCodePAKE.channelIdentifier(rendezvous: Self.code.rendezvous, binding: Self.binding).hex)
        #expect(result["frame_a"] as? String == t.frameA.hex)
        #expect(result["frame_b"] as? String == t.frameB.hex)
        #expect(result["secret"] as? String == t.secretA.hex)
    }
}
