import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Base45 (RFC 9285)")
struct Base45Tests {
    @Test func rfc9285Examples() throws {
        let examples = [("AB", "BB8"), ("Hello!!", "%69 VD92EX0"), ("base-45", "UJCLQE7W581"), ("ietf!", "QED8WEX0")]
        for (plain, encoded) in examples {
            #expect(Base45.encode(Array(plain.utf8)) == encoded)
            #expect(try Base45.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base45.encode([UInt8]()) == "")
        #expect(try Base45.decode("").isEmpty)
    }

    /// RFC 9285 §4.3: "GGW" is 65 536 and "ZZZ" larger, so neither is two bytes; a lone character is
    /// never valid; characters outside the 45 are errors.
    @Test func rfc9285InvalidInput() {
        #expect(throws: Base45.DecodingError.valueOutOfRange(position: 0)) { try Base45.decode("GGW") }
        #expect(throws: Base45.DecodingError.valueOutOfRange(position: 0)) { try Base45.decode(":::") }
        #expect(throws: Base45.DecodingError.valueOutOfRange(position: 3)) { try Base45.decode("BB8::") }
        #expect(throws: Base45.DecodingError.invalidLength(1)) { try Base45.decode("A") }
        #expect(throws: Base45.DecodingError.invalidLength(4)) { try Base45.decode("BB8A") }
        #expect(throws: Base45.DecodingError.invalidCharacter("a", position: 1)) { try Base45.decode("Bab") }
        #expect(throws: Base45.DecodingError.invalidCharacter("é", position: 0)) { try Base45.decode("éA") }
    }

    @Test func randomRoundTrips() throws {
        var generator = SeededGenerator(seed: 45)
        for length in 0..<100 {
            let bytes = generator.bytes(length)
            let text = Base45.encode(bytes)
            #expect(text.count == length / 2 * 3 + (length % 2) * 2)
            #expect(try Base45.decode(text) == bytes)
        }
        #expect(Base45.encode([0xFF, 0xFF]) == "FGW")
    }
}
