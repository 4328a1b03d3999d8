import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Strict CBOR decoder")
struct CBORDecoderTests {
    func decode(_ hex: String, limits: CBORDecoder.Limits = .init()) throws(CBORError) -> CBOR {
        try CBORDecoder(limits: limits).decode([UInt8](hex: hex) ?? [])
    }

    func error(_ hex: String, limits: CBORDecoder.Limits = .init()) -> CBORError? {
        do {
            _ = try decode(hex, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func appendixAExamplesRoundTrip() throws {
        for (item, hex) in CBOREncoderTests.appendixA {
            let decoded = try decode(hex)
            #expect(CBOREncoder.encode(decoded).hex == hex)
            if case .map = item {} else { #expect(decoded == item) }
        }
    }

    @Test func nonShortestHeadsAreRejected() {
        for hex in ["1800", "1817", "190000", "1900ff", "1a0000ffff", "1b00000000ffffffff", "3817", "5801ff", "780161", "9800", "b800", "d80100", "d9001800"] {
            guard case .notDeterministic = error(hex) else {
                Issue.record("\(hex) was not refused as non-deterministic: \(String(describing: error(hex)))")
                continue
            }
        }
    }

    @Test func indefiniteLengthsAreRejected() {
        #expect(error("5f4101ff") == .unsupported("an indefinite length", offset: 0))
        #expect(error("7f6161ff") == .unsupported("an indefinite length", offset: 0))
        #expect(error("9f01ff") == .unsupported("an indefinite length", offset: 0))
        #expect(error("bf0101ff") == .unsupported("an indefinite length", offset: 0))
        #expect(error("ff") == .unsupported("an indefinite-length break", offset: 0))
        #expect(error("8201ff") == .unsupported("an indefinite-length break", offset: 2))
    }

    @Test func floatsAndOtherSimpleValuesAreRejected() {
        for hex in ["f93c00", "fa47c35000", "fb3ff199999999999a", "f97e00"] {
            #expect(error(hex) == .unsupported("a floating-point number", offset: 0))
        }
        for hex in ["f7", "e0", "f0", "f820"] {
            #expect(error(hex) == .unsupported("a simple value other than true, false and null", offset: 0))
        }
        for hex in ["1c", "3d", "5e", "7c", "9d", "be", "dc"] {
            #expect(error(hex) == .unsupported("a reserved header value", offset: 0))
        }
    }

    @Test func unsortedAndDuplicateKeysAreRejected() {
        #expect(error("a202000100") == .notDeterministic("map keys are not in sorted order", offset: 3))
        #expect(error("a201000100") == .notDeterministic("a map repeats a key", offset: 3))
        // Length-first ("canonical CBOR" of RFC 7049) order is not RFC 8949 order: -1 before 24 is refused.
        #expect(error("a220f61818f6") == .notDeterministic("map keys are not in sorted order", offset: 3))
        #expect(error("a21818f620f6") == nil)
        // Nested maps are checked too.
        #expect(error("81a2616201616101") == .notDeterministic("map keys are not in sorted order", offset: 5))
    }

    @Test func trailingBytesAndTruncation() throws {
        #expect(error("0000") == .trailingBytes(offset: 1))
        #expect(error("") == .truncated(offset: 0))
        let whole = CBOREncoder.encode(.map([
            CBORPair(.int(1), .array([.text("Signature1"), .bytes([1, 2, 3]), .tagged(18, .unsigned(1 << 40))])),
            CBORPair(.int(2), .negative(300)),
        ]))
        for length in 0..<whole.count {
            #expect(throws: CBORError.self) { try CBORDecoder().decode(Array(whole.prefix(length))) }
        }
        #expect(try CBORDecoder().decode(whole) != .null)
    }

    @Test func hugeClaimedLengthsFailWithoutAllocating() {
        // Byte and text strings claiming 2^64-1 bytes, arrays and maps claiming billions of entries.
        #expect(error("5bffffffffffffffff") == .truncated(offset: 0))
        #expect(error("7bffffffffffffffff00") == .truncated(offset: 0))
        #expect(error("9bffffffffffffffff") == .tooManyItems(count: UInt64.max, limit: 4096, offset: 0))
        #expect(error("baffffffff") == .tooManyItems(count: 0xFFFF_FFFF, limit: 4096, offset: 0))
        // Within the item limit but more entries than bytes left.
        #expect(error("990fa00102") == .truncated(offset: 0))
        #expect(error("b9080001") == .truncated(offset: 0))
        #expect(error("8301", limits: .init(maxItemsPerContainer: 2)) == .tooManyItems(count: 3, limit: 2, offset: 0))
    }

    @Test func inputSizeLimit() {
        let bytes = [UInt8](repeating: 0, count: 11)
        #expect(throws: CBORError.tooLarge(size: 11, limit: 10)) { try CBORDecoder(limits: .init(maxInputSize: 10)).decode(bytes) }
    }

    @Test func depthLimit() throws {
        let limits = CBORDecoder.Limits(maxDepth: 3)
        #expect(error("81818100", limits: limits) == nil)
        #expect(error("8181818100", limits: limits) == .tooDeep(limit: 3))
        #expect(error("c1c1c1c100", limits: limits) == .tooDeep(limit: 3))
        #expect(error("a101a101a10100", limits: limits) == nil)
        #expect(error("a101a101a101a10100", limits: limits) == .tooDeep(limit: 3))
        // Default limit 16: a deep nest of 10 000 arrays fails fast instead of exhausting the stack.
        let deep = [UInt8](repeating: 0x81, count: 10_000) + [0x00]
        #expect(throws: CBORError.tooDeep(limit: 16)) { try CBORDecoder().decode(deep) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(error("62c328") == .invalidUTF8(offset: 0))
        #expect(error("63eda080") == .invalidUTF8(offset: 0))  // a UTF-16 surrogate
        #expect(error("62c0af") == .invalidUTF8(offset: 0))  // overlong "/"
    }

    @Test func randomItemsRoundTrip() throws {
        var generator = SeededGenerator(seed: 8949)
        func item(_ depth: Int) -> CBOR {
            switch Int.random(in: 0..<(depth > 3 ? 7 : 10), using: &generator) {
            case 0: return .unsigned(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            case 1: return .negative(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            case 2: return .bytes(generator.bytes(Int.random(in: 0...40, using: &generator)))
            case 3: return .text(String((0..<Int.random(in: 0...30, using: &generator)).map { _ in "aé水🙂-".randomElement(using: &generator) ?? "a" }))
            case 4: return .bool(Bool.random(using: &generator))
            case 5: return .null
            case 6: return .unsigned(UInt64.random(in: 0...30, using: &generator))
            case 7: return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in item(depth + 1) })
            case 8: return .tagged(UInt64.random(in: 0...1000, using: &generator), item(depth + 1))
            default:
                var pairs: [CBOR: CBOR] = [:]
                for _ in 0..<Int.random(in: 0...5, using: &generator) { pairs[item(depth + 1)] = item(depth + 1) }
                return .map(pairs.map { CBORPair($0.key, $0.value) })
            }
        }
        for _ in 0..<500 {
            let value = item(0)
            let encoded = CBOREncoder.encode(value)
            let decoded = try CBORDecoder().decode(encoded)
            #expect(CBOREncoder.encode(decoded) == encoded)
        }
    }
}
