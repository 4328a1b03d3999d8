import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Ephemeral notes")
struct NoteTests {
    static func swapped() throws -> SessionPair {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.request(.bob)
        try pair.deliver()
        return pair
    }

    @Test("counted by the one length rule: scalars, so a and 500 accents is 501 long, not one character")
    func scalarLimit() throws {
        let thumbs = "👍🏽"
        #expect(thumbs.unicodeScalars.count == 2)
        #expect(try EphemeralNote(String(repeating: thumbs, count: 70)).text.unicodeScalars.count == 140)
        #expect(throws: NoteError.tooLong(142)) { try EphemeralNote(String(repeating: thumbs, count: 71)) }
        let zalgo = "a" + String(repeating: "\u{0301}", count: 500)
        #expect(zalgo.count == 1)
        #expect(throws: NoteError.tooLong(501)) { try EphemeralNote(zalgo) }
        #expect(throws: NoteError.tooManyMarks) { try EphemeralNote("a" + String(repeating: "\u{0301}", count: 7)) }
        #expect(throws: NoteError.empty) { try EphemeralNote("  \n") }
    }

    @Test("a note holds no text that could control the other screen: the card's text rule")
    func controlCharacters() throws {
        for text in ["hi\u{1B}[2J", "one\ntwo", "a\u{202E}b", "nul\u{0}", "Ada\u{200B}Lovelace", "\u{FEFF}hi", "hi\u{E0041}", "a\u{2028}b"] {
            #expect(throws: NoteError.controlCharacter, "\(text.debugDescription)") { try EphemeralNote(text) }
        }
        #expect(try EphemeralNote("🧗‍♀️ see you Thursday").text == "🧗‍♀️ see you Thursday")
    }

    @Test("one note each way, delivered live and kept in the record; locked once sent")
    func bothWays() throws {
        var pair = try Self.swapped()
        let note = try EphemeralNote("Great to meet you at the meetup!")
        try pair.act(.ada) { try $0.sendNote(note, now: $1) }
        try pair.act(.bob) { try $0.sendNote(EphemeralNote("Likewise — see you Thursday"), now: $1) }
        try pair.deliver()
        #expect(pair.bobOutputs.contains(.event(.noteReceived("Great to meet you at the meetup!"))))
        let ada = try #require(pair.ada.state.success), bob = try #require(pair.bob.state.success)
        #expect(ada.record.ourNote == "Great to meet you at the meetup!" && ada.record.theirNote == "Likewise — see you Thursday")
        #expect(bob.record.theirNote == ada.record.ourNote)
        #expect(pair.ada.state.actions == [.close])
        #expect(throws: SessionActionError.note(.alreadySent)) { try pair.ada.sendNote(EphemeralNote("again"), now: pair.now) }
    }

    @Test("no note before the cards are swapped; a second note from them ends the session")
    func rules() throws {
        var pair = SessionPair()
        #expect(throws: SessionActionError.note(.notNow)) { try pair.ada.sendNote(EphemeralNote("hi"), now: pair.now) }
        var swapped = try Self.swapped()
        swapped.take(swapped.bob.receive(.note("one"), now: swapped.now), from: .bob)
        swapped.take(swapped.bob.receive(.note("two"), now: swapped.now), from: .bob)
        #expect(swapped.bob.state.ending == .failed("The other device sent a second note."))
        var long = try Self.swapped()
        long.take(long.bob.receive(.note(String(repeating: "x", count: 141)), now: long.now), from: .bob)
        #expect(long.bob.state.ending == .failed("The other device's note was refused: A note can have at most 140 characters; this one has 141."))
    }
}
