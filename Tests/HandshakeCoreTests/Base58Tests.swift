import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Base58btc")
struct Base58Tests {
    static let vectors: [([UInt8], String)] = [
        ([], ""),
        ([0], "1"),
        ([0, 0, 0, 1], "1112"),
        (Array("Hello World!".utf8), "2NEpo7TZRRrLZSi2U"),
        ([0x00, 0x00, 0x28, 0x7F, 0xB4, 0xCD], "11233QC4"),
        (Array("The quick brown fox jumps over the lazy dog.".utf8), "USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z"),
        ([0xFF], "5Q"),
        ([UInt8](repeating: 0xFF, count: 16), "YcVfxkQb6JRzqk5kF2tNLv"),
    ]

    @Test func knownVectors() {
        for (bytes, text) in Self.vectors {
            #expect(Base58.encode(bytes) == text)
            #expect(Base58.decode(text) == bytes)
        }
    }

    @Test func randomRoundTrips() {
        var generator = SeededGenerator(seed: 58)
        for length in 0..<80 {
            let bytes = [UInt8](repeating: 0, count: length % 4) + generator.bytes(length)
            #expect(Base58.decode(Base58.encode(bytes)) == bytes)
        }
    }

    @Test func invalidText() {
        for text in ["0", "O", "I", "l", "abc+", "é", " 2N"] {
            #expect(Base58.decode(text) == nil, "\(text)")
        }
        #expect(Base58.decode(String(repeating: "z", count: 400)) == nil)
    }
}
