import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Short code: text, checks, typos")
struct ShortCodeTests {
    static func codes(_ count: Int) -> [ShortCode] {
        var generator = SeededGenerator(state: 42)
        return (0..<count).map { _ in ShortCode.random(using: &generator) }
    }

    @Test func displayIsTwelveCharactersInThreeGroupsAndParsesBack() throws {
        for code in Self.codes(200) {
            let text = code.displayText()
            #expect(text.count == 14)
            #expect(text.split(separator: "-").map(\.count) == [4, 4, 4])
            #expect(text.replacingOccurrences(of: "-", with: "").count <= 12)
            #expect(try ShortCode(parsing: text) == code)
            #expect(try ShortCode(parsing: text.lowercased()) == code)
            #expect(try ShortCode(parsing: " " + text.replacingOccurrences(of: "-", with: " ") + "\n") == code)
            #expect(code.rendezvous == String(text.prefix(3)))
        }
    }

    @Test func lookalikesReadAsDigits() throws {
        let code = ShortCode(digits: [0, 1, 1, 0, 1, 1, 0, 0, 1])
        let text = code.displayText(separator: "")
        let lookalike = String(text.map { $0 == "0" ? "o" : $0 == "1" ? (Bool.random() ? "I" : "l") : $0 })
        #expect(try ShortCode(parsing: lookalike) == code)
    }

    @Test func everySingleSubstitutionIsCaughtAndLocated() throws {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        for code in Self.codes(20) {
            let chars = Array(code.displayText(separator: ""))
            for position in 0..<12 {
                for replacement in alphabet where replacement != chars[position] {
                    var typo = chars
                    typo[position] = replacement
                    #expect(throws: ShortCodeError.typo(groups: [position / 4 + 1])) { try ShortCode(parsing: String(typo)) }
                }
            }
        }
    }

    @Test func everySwapOfTwoDifferentCharactersIsCaught() throws {
        for code in Self.codes(50) {
            let chars = Array(code.displayText(separator: ""))
            for i in 0..<12 {
                for j in (i + 1)..<12 where chars[i] != chars[j] {
                    var swapped = chars
                    swapped.swapAt(i, j)
                    #expect(throws: ShortCodeError.self) { try ShortCode(parsing: String(swapped)) }
                }
            }
        }
    }

    @Test func malformedTextGivesTypedErrors() {
        #expect(throws: ShortCodeError.empty) { try ShortCode(parsing: " - ") }
        #expect(throws: ShortCodeError.invalidCharacter("U", group: 2)) { try ShortCode(parsing: "7KQ2-U9XA-4DHR") }
        #expect(throws: ShortCodeError.invalidCharacter("é", group: 1)) { try ShortCode(parsing: "é") }
        #expect(throws: ShortCodeError.wrongLength(characters: 11)) { try ShortCode(parsing: "7KQ2-M9XA-4DH") }
        #expect(throws: ShortCodeError.wrongLength(characters: 13)) { try ShortCode(parsing: "7KQ2-M9XA-4DHRR") }
        #expect(throws: ShortCodeError.wrongLength(characters: 25)) { try ShortCode(parsing: String(repeating: "0", count: 10_000)) }
    }

    @Test func descriptionHidesThePassword() {
        for code in Self.codes(20) {
            let shown = code.displayText(separator: "")
            for text in [String(describing: code), String(reflecting: code), "\(code)", String(describing: Mirror(reflecting: code).children.map(\.value))] {
                #expect(!text.contains(String(shown.dropFirst(4))))
                #expect(!text.contains(String(shown.suffix(4))))
            }
        }
        #expect(ShortCodeError.codeDoesNotMatch.description.hasPrefix("The code does not match"))
    }

    @Test func rendezvousNormalization() {
        #expect(ShortCode.normalizedRendezvous("7kq") == "7KQ")
        #expect(ShortCode.normalizedRendezvous("o1l") == "011")
        #expect(ShortCode.normalizedRendezvous("7KQ2") == nil)
        #expect(ShortCode.normalizedRendezvous("7Ké") == nil)
    }
}
