import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// CPACE-X25519-SHA512 against the test vectors published in draft-irtf-cfrg-cpace (committed as
/// `Vectors/cpace-x25519-sha512.json`, with their source).
@Suite("CPace: the draft's X25519/SHA-512 test vectors")
struct CPaceVectorTests {
    static var vectors: [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors/cpace-x25519-sha512.json")
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    static func section(_ name: String) throws -> [String: Any] {
        try #require(vectors[name] as? [String: Any], "missing section \(name)")
    }

    static func bytes(_ object: [String: Any], _ key: String) throws -> [UInt8] {
        try #require((object[key] as? String).flatMap { [UInt8](hex: $0) }, "missing \(key)")
    }

    @Test func prependLengthAndLvCat() throws {
        let cases = try #require(Self.vectors["prepend_len"] as? [[String: Any]])
        #expect(cases.count == 4)
        for item in cases {
            #expect(CPace.prependLength(try Self.bytes(item, "input")) == (try Self.bytes(item, "output")))
        }
        let lv = try Self.section("lv_cat")
        let inputs = try #require((lv["inputs"] as? [String])?.compactMap { [UInt8](hex: $0) })
        #expect(CPace.lvCat(inputs[0], inputs[1], inputs[2], inputs[3]) == (try Self.bytes(lv, "output")))
        let transcripts = try #require(Self.vectors["transcript_ir"] as? [[String: Any]])
        for item in transcripts {
            let got = CPace.lvCat(try Self.bytes(item, "Ya"), try Self.bytes(item, "ADa"))
                + CPace.lvCat(try Self.bytes(item, "Yb"), try Self.bytes(item, "ADb"))
            #expect(got == (try Self.bytes(item, "output")))
        }
    }

    @Test func calculateGenerator() throws {
        let v = try Self.section("generator")
        let prs = try Self.bytes(v, "PRS"), ci = try Self.bytes(v, "CI"), sid = try Self.bytes(v, "sid")
        let string = CPace.generatorString(prs: prs, ci: ci, sid: sid)
        #expect(string == (try Self.bytes(v, "generator_string")))
        let decoded = try #require(Field25519(littleEndian: try Self.bytes(v, "hash_generator_string")))
        #expect(decoded.littleEndianBytes == (try Self.bytes(v, "decoded_field_element")))
        #expect(CPace.generator(prs: prs, ci: ci, sid: sid) == (try Self.bytes(v, "g")))
    }

    @Test func sharesSecretPointAndISK() throws {
        let g = try Self.bytes(try Self.section("generator"), "g")
        let sid = try Self.bytes(try Self.section("generator"), "sid")
        let v = try Self.section("exchange")
        let ya = try Self.bytes(v, "ya"), yb = try Self.bytes(v, "yb")
        let shareA = try #require(CPace.scalarMultiply(ya, g))
        let shareB = try #require(CPace.scalarMultiply(yb, g))
        #expect(shareA == (try Self.bytes(v, "Ya")))
        #expect(shareB == (try Self.bytes(v, "Yb")))
        let kA = try #require(CPace.scalarMultiply(ya, shareB))
        let kB = try #require(CPace.scalarMultiply(yb, shareA))
        #expect(kA == (try Self.bytes(v, "K")))
        #expect(kB == kA)
        let adA = try Self.bytes(v, "ADa"), adB = try Self.bytes(v, "ADb")
        #expect(CPace.lvCat(shareA, adA) + CPace.lvCat(shareB, adB) == (try Self.bytes(v, "transcript_ir")))
        #expect(CPace.lvCat(CPace.dsiISK, sid, kA) + CPace.lvCat(shareA, adA) + CPace.lvCat(shareB, adB)
                == (try Self.bytes(v, "isk_hash_input")))
        let isk = CPace.intermediateSessionKey(sid: sid, k: kA, ya: shareA, adA: adA, yb: shareB, adB: adB)
        #expect(isk == (try Self.bytes(v, "ISK_IR")))
    }

    @Test func lowOrderPointsAbortOrMatch() throws {
        let v = try Self.section("low_order")
        let s = try Self.bytes(v, "s")
        let cases = try #require(v["cases"] as? [[String: Any]])
        #expect(cases.count == 12)
        for item in cases {
            let u = try Self.bytes(item, "u"), q = try Self.bytes(item, "q")
            let result = CPace.scalarMultiply(s, u)
            if q.allSatisfy({ $0 == 0 }) {
                #expect(result == nil, "u = \(u.hex) must give the neutral element")
            } else {
                #expect(result == q, "u = \(u.hex)")
            }
            if item["must_abort"] as? Bool == true { #expect(result == nil) }
        }
    }

    @Test func fieldArithmeticAgreesWithIntegers() throws {
        // (p - 1)² ≡ 1, (p - 1) + 2 ≡ 1, 0 - 1 ≡ p - 1, 2 · 2⁻¹ ≡ 1, and a non-canonical 2^255 - 1 ≡ 18.
        let minusOne = Field25519.zero - .one
        #expect(minusOne.littleEndianBytes == [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F])
        #expect((minusOne * minusOne).littleEndianBytes == Field25519.one.littleEndianBytes)
        #expect((minusOne + Field25519(2)).littleEndianBytes == Field25519.one.littleEndianBytes)
        #expect((Field25519(2) * Field25519(2).inverse).littleEndianBytes == Field25519.one.littleEndianBytes)
        let big = try #require(Field25519(littleEndian: [UInt8](repeating: 0xFF, count: 32)))
        #expect(big.littleEndianBytes == [18] + [UInt8](repeating: 0, count: 31))
        #expect(Field25519(2).legendre.littleEndianBytes == minusOne.littleEndianBytes)  // 2 is not a square
        #expect(Field25519(4).legendre.littleEndianBytes == Field25519.one.littleEndianBytes)
        #expect(Field25519.zero.inverse.littleEndianBytes == Field25519.zero.littleEndianBytes)
    }

    @Test func fieldIdentitiesOnRandomElements() throws {
        var generator = SeededGenerator(state: 3)
        func element() throws -> Field25519 {
            try #require(Field25519(littleEndian: (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
        }
        let one = Field25519.one.littleEndianBytes
        for _ in 0..<200 {
            let a = try element(), b = try element(), c = try element()
            #expect(((a + b) - b).littleEndianBytes == a.littleEndianBytes)
            #expect((a * (b + c)).littleEndianBytes == (a * b + a * c).littleEndianBytes)
            #expect((a * b).littleEndianBytes == (b * a).littleEndianBytes)
            #expect(((a * b) * c).littleEndianBytes == (a * (b * c)).littleEndianBytes)
            #expect((a * a.inverse).littleEndianBytes == one)
            #expect((-a + a).littleEndianBytes == Field25519.zero.littleEndianBytes)
            #expect(a.squared.legendre.littleEndianBytes == one)
        }
    }
}
