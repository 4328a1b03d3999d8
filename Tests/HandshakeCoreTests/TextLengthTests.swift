import HandshakeTestSupport
import Testing

@testable import HandshakeCore

/// The one length rule (TextLength): Unicode scalars, and no character carrying more than six combining
/// marks, whatever the limit (a card field, a note, an alias).
@Suite("TextLength: scalars, and a bound on stacked marks")
struct TextLengthTests {
    @Test("counted in scalars: a and 500 marks is 501, not one character")
    func scalars() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 500)
        #expect(zalgo.count == 1, "one Character, as Swift counts")
        #expect(TextLength.count(zalgo) == 501)
        #expect(TextLength.check(zalgo, limit: NoteLimits.characters) == .tooLong(length: 501, limit: 140))
        #expect(TextLength.count("👩‍💻") == 3 && TextLength.count("e\u{0301}") == 2 && TextLength.count("é") == 1)
        #expect(TextLength.check(String(repeating: "é", count: 140), limit: 140) == nil)
        #expect(TextLength.check(String(repeating: "é", count: 141), limit: 140) == .tooLong(length: 141, limit: 140))
    }

    @Test("six marks on one character fit; seven do not, even within the length")
    func marks() {
        #expect(TextLength.check("a" + String(repeating: "\u{0301}", count: 6), limit: 140) == nil)
        #expect(TextLength.check("a" + String(repeating: "\u{0301}", count: 7), limit: 140) == .tooManyMarks)
        // Each character has its own six.
        #expect(TextLength.check(String(repeating: "a" + String(repeating: "\u{0301}", count: 6), count: 10), limit: 140) == nil)
        // A joiner between marks does not start a new character.
        #expect(TextLength.check("a\u{0301}\u{0301}\u{0301}\u{0301}\u{200D}\u{0301}\u{0301}\u{0301}", limit: 140) == .tooManyMarks)
        // Real text: Vietnamese decomposed, pointed Hebrew, a Tibetan stack, a keycap.
        for text in ["Nguye\u{0302}\u{0303}n", "שָׁלוֹם", "ཧྨྱཱུྃ", "1\u{FE0F}\u{20E3}"] {
            #expect(TextLength.check(text, limit: 64) == nil, "\(text.debugDescription)")
        }
    }

    @Test("every limit uses the rule: notes, card fields, a display name nearby")
    func everyLimit() throws {
        let zalgoNote = "a" + String(repeating: "\u{0301}", count: 139)
        #expect(NoteLimits.check(zalgoNote) == .tooManyMarks)
        #expect(throws: CardFieldError.tooManyMarks(field: "name")) { try CardFields.validateName("a" + String(repeating: "\u{0301}", count: 7)) }
        #expect(throws: CardFieldError.tooLong(field: "name", length: 65, limit: 64)) { try CardFields.validateName("a" + String(repeating: "\u{0301}", count: 64)) }
        #expect(TextLengthBreach.tooManyMarks.sentence("The note") == "The note stacks more than 6 accents or other marks on one character.")
        #expect(TextLengthBreach.tooLong(length: 501, limit: 140).sentence("The note") == "The note is 501 characters long; the limit is 140.")
    }
}
