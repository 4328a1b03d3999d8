import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Deterministic CBOR encoder")
struct CBOREncoderTests {
    /// RFC 8949 Appendix A examples that fall within what Handshake encodes.
    static let appendixA: [(CBOR, String)] = [
        (.unsigned(0), "00"), (.unsigned(1), "01"), (.unsigned(10), "0a"), (.unsigned(23), "17"),
        (.unsigned(24), "1818"), (.unsigned(25), "1819"), (.unsigned(100), "1864"), (.unsigned(1000), "1903e8"),
        (.unsigned(1_000_000), "1a000f4240"), (.unsigned(1_000_000_000_000), "1b000000e8d4a51000"),
        (.unsigned(UInt64.max), "1bffffffffffffffff"), (.negative(UInt64.max), "3bffffffffffffffff"),
        (.int(-1), "20"), (.int(-10), "29"), (.int(-100), "3863"), (.int(-1000), "3903e7"),
        (.bool(false), "f4"), (.bool(true), "f5"), (.null, "f6"),
        (.tagged(1, .unsigned(1_363_896_240)), "c11a514b67b0"),
        (.bytes([]), "40"), (.bytes([1, 2, 3, 4]), "4401020304"),
        (.text(""), "60"), (.text("a"), "6161"), (.text("IETF"), "6449455446"), (.text("\"\\"), "62225c"),
        (.text("\u{00FC}"), "62c3bc"), (.text("\u{6C34}"), "63e6b0b4"), (.text("\u{10151}"), "64f0908591"),
        (.array([]), "80"), (.array([.int(1), .int(2), .int(3)]), "83010203"),
        (.array([.int(1), .array([.int(2), .int(3)]), .array([.int(4), .int(5)])]), "8301820203820405"),
        (.array((1...25).map { CBOR.int($0) }), "98190102030405060708090a0b0c0d0e0f101112131415161718181819"),
        (.map([]), "a0"), (.map([CBORPair(.int(1), .int(2)), CBORPair(.int(3), .int(4))]), "a201020304"),
        (.map([CBORPair(.text("a"), .int(1)), CBORPair(.text("b"), .array([.int(2), .int(3)]))]), "a26161016162820203"),
        (.array([.text("a"), .map([CBORPair(.text("b"), .text("c"))])]), "826161a161626163"),
    ]

    @Test func rfc8949AppendixA() {
        for (item, hex) in Self.appendixA {
            #expect(CBOREncoder.encode(item).hex == hex, "\(item)")
        }
    }

    @Test func shortestFormAtEveryBoundary() {
        let cases: [(UInt64, String)] = [
            (23, "17"), (24, "1818"), (255, "18ff"), (256, "190100"), (65_535, "19ffff"), (65_536, "1a00010000"),
            (4_294_967_295, "1affffffff"), (4_294_967_296, "1b0000000100000000"),
        ]
        for (value, hex) in cases {
            #expect(CBOREncoder.encode(.unsigned(value)).hex == hex)
            // The same head rules apply to negative integers, lengths and tags.
            #expect(CBOREncoder.encode(.negative(value)).hex == String(format: "%02x", 0x20 | UInt8(Array<UInt8>(hex: hex)?.first ?? 0)) + hex.dropFirst(2))
        }
        #expect(CBOREncoder.encode(.bytes(Array(repeating: 0, count: 24))).prefix(2) == [0x58, 24])
        #expect(CBOREncoder.encode(.text(String(repeating: "a", count: 256))).prefix(3) == [0x79, 0x01, 0x00])
        #expect(CBOREncoder.encode(.tagged(24, .null)).hex == "d818f6")
    }

    /// RFC 8949 §4.2.1: keys sorted by the bytewise order of their encodings. The RFC's own example order
    /// is 10, 100, -1, "z", "aa", [100], [-1], false.
    @Test func mapKeyOrderingFromRFC8949Section421() {
        let keys: [CBOR] = [.int(10), .int(100), .int(-1), .text("z"), .text("aa"), .array([.int(100)]), .array([.int(-1)]), .bool(false)]
        let reversed = CBOR.map(keys.reversed().enumerated().map { CBORPair($0.element, .int($0.offset)) })
        let encoded = CBOREncoder.encode(reversed)
        let expectedKeys = keys.map { CBOREncoder.encode($0).hex }
        // Walk the encoding: head, then key/value pairs; every value is a one-byte integer here.
        var cursor = encoded.dropFirst()
        var seen: [String] = []
        for key in expectedKeys {
            let length = key.count / 2
            seen.append(Array(cursor.prefix(length)).hex)
            cursor = cursor.dropFirst(length + 1)
        }
        #expect(encoded.first == 0xA8)
        #expect(seen == expectedKeys)
        #expect(cursor.isEmpty)
        // Bytewise, not length-first: 24 (18 18) sorts before -1 (20).
        let lengthFirstDiffers = CBOREncoder.encode(.map([CBORPair(.int(-1), .null), CBORPair(.int(24), .null)]))
        #expect(lengthFirstDiffers.hex == "a21818f620f6")
    }

    @Test func intHelper() {
        #expect(CBOR.int(0) == .unsigned(0))
        #expect(CBOR.int(-1) == .negative(0))
        #expect(CBOR.int(Int.min) == .negative(UInt64(Int.max)))
        #expect(CBOR.negative(UInt64(Int.max)).intValue == Int.min)
        #expect(CBOR.negative(UInt64(Int.max) + 1).intValue == nil)
        #expect(CBOR.unsigned(UInt64.max).intValue == nil)
        #expect(CBOR.text("1").intValue == nil)
    }
}
