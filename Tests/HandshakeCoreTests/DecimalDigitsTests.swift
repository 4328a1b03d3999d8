import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The decimal form of bytes the card page link carries (docs/formats/card.md §5.3): 7 bytes to 17 digits, a
/// last chunk to the fewest digits that hold it, decoded exactly (one text per bytes, one bytes per text).
@Suite struct DecimalDigitsTests {
    @Test func chunksHaveTheirDigitCounts() throws {
        #expect(DecimalDigits.encode([0xFF]) == "255")
        #expect(DecimalDigits.encode([0, 0]) == "00000")
        #expect(DecimalDigits.encode([0x01, 0x00, 0x00]) == "00065536")
        #expect(DecimalDigits.encode([UInt8](repeating: 0xFF, count: 7)) == "72057594037927935")
        #expect(DecimalDigits.encode([UInt8](repeating: 0xFF, count: 8)) == "72057594037927935255")
        #expect(DecimalDigits.encode([]) == "")
        for count in 1...7 {
            #expect(DecimalDigits.encode([UInt8](repeating: 0xFF, count: count)).count == DecimalDigits.digitsPerChunk[count])
            // The fewest digits that hold every k-byte number: one digit fewer cannot hold 256^k − 1.
            let largest = String(repeating: "9", count: DecimalDigits.digitsPerChunk[count] - 1)
            #expect(UInt64(largest).map { $0 < UInt64(1) << (8 * UInt64(count)) - 1 } ?? true)
        }
    }

    @Test func everyLengthRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for count in 1...64 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = DecimalDigits.encode(bytes)
            #expect(text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber))
            #expect(try DecimalDigits.decode(utf8: text.utf8) == bytes)
        }
    }

    @Test func damagedDigitsAreRefusedWithWhere() throws {
        #expect(throws: DecimalDigits.DecodingError.invalidLength(0)) { try DecimalDigits.decode(utf8: "".utf8) }
        for length in [1, 2, 4, 6, 7, 9, 11, 12, 14, 16, 18] {
            #expect(throws: DecimalDigits.DecodingError.invalidLength(length)) { try DecimalDigits.decode(utf8: String(repeating: "1", count: length).utf8) }
        }
        #expect(throws: DecimalDigits.DecodingError.valueOutOfRange(position: 0)) { try DecimalDigits.decode(utf8: "256".utf8) }
        #expect(throws: DecimalDigits.DecodingError.valueOutOfRange(position: 17)) { try DecimalDigits.decode(utf8: "00000000000000000999".utf8) }
        #expect(throws: DecimalDigits.DecodingError.valueOutOfRange(position: 0)) { try DecimalDigits.decode(utf8: "72057594037927936".utf8) }
        #expect(throws: DecimalDigits.DecodingError.notADigit(position: 1)) { try DecimalDigits.decode(utf8: "2x5".utf8) }
        #expect(throws: DecimalDigits.DecodingError.notADigit(position: 2)) { try DecimalDigits.decode(utf8: "25\u{0661}".utf8.prefix(3)) }
        #expect(DecimalDigits.DecodingError.valueOutOfRange(position: 17).description == "the digits from position 18 stand for a number larger than their bytes hold")
    }
}
