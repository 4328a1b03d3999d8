import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCore

@Suite("Unpadded base64url")
struct Base64URLTests {
    @Test func rfc4648Vectors() {
        let vectors = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func urlSafeAlphabetAndPadding() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("Zg==") == Array("f".utf8))
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("Zm9vY") == nil)
        #expect(Base64URL.decode("Zm 9v") == nil)
    }

    @Test func randomRoundTrips() {
        var generator = SeededGenerator(seed: 64)
        for length in 0..<70 {
            let bytes = generator.bytes(length)
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("="))
            #expect(Base64URL.decode(text) == bytes)
        }
    }

    /// The decoder is byte-level; Foundation's padded-base64 decoder, reached the way this type used to, is the
    /// reference it must agree with on any text of the alphabet, `=`, and a few bytes outside it — except
    /// where Foundation is lax and this decoder refuses: an `=` in the middle of the text, and `=` after a
    /// complete group of four (`==` alone decoded to nothing); RFC 4648 pads only an incomplete last group.
    @Test func agreesWithFoundationOnArbitraryText() {
        func reference(_ text: String) -> [UInt8]? {
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=".utf8)
            guard text.utf8.allSatisfy({ allowed.contains($0) }) else { return nil }
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            guard base64.utf8.count % 4 != 1 else { return nil }
            while base64.utf8.count % 4 != 0 { base64.append("=") }
            return Data(base64Encoded: base64).map { [UInt8]($0) }
        }
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_====+/ .")
        var generator = SeededGenerator(seed: 4648)
        for _ in 0..<20_000 {
            let length = generator.next(12)
            let text = String((0..<length).map { _ in characters[generator.next(characters.count)] })
            let unpadded = text.prefix { $0 != "=" }
            if text.drop(while: { $0 != "=" }).contains(where: { $0 != "=" }) || (unpadded.count != text.count && unpadded.count % 4 == 0) {
                #expect(Base64URL.decode(text) == nil, "\(text)")
            } else {
                #expect(Base64URL.decode(text) == reference(text), "\(text)")
            }
        }
        for text in ["Zg=", "Zg==", "Zm8=", "Zm9v=", "Zg===", "=", "Zm9vYg=", "Zm9vYg=="] {
            #expect(Base64URL.decode(text) == reference(text), "\(text)")
        }
        for text in ["==", "Zm9v==", "Z=g", "Zg=g"] { #expect(Base64URL.decode(text) == nil, "\(text)") }
    }
}
