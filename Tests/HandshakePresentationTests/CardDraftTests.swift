// Typed fields become the card's fields by one rule, whether typed as repeated options or as boxes.
import HandshakeCore
import HandshakePresentation
import Testing

@Suite("card draft")
struct CardDraftTests {
    @Test("entries are trimmed, empty ones dropped, plain-text lists split at commas; a text field takes its last entry")
    func rules() throws {
        var draft = CardDraft()
        draft.set(.name, entries: ["Ada", "  Ada Lovelace  "])
        draft.set(.emails, box: "ada@example.com\r\n\r\n ada@work.example \n")
        draft.set(.skills, entries: ["maths, poetry,", " engines "])
        draft.set(.company, box: "   ")
        let values = try draft.values()
        func value(_ field: CardField) -> CardFieldValue?? { values.first { $0.field == field }.map(\.value) }
        #expect(value(.name) == .some(.text("Ada Lovelace")))
        #expect(value(.emails) == .some(.list(["ada@example.com", "ada@work.example"])))
        #expect(value(.skills) == .some(.list(["maths", "poetry", "engines"])))
        #expect(value(.company) == .some(nil), "nothing typed clears the field")
        #expect(value(.title) == nil, "a field not typed is left alone")
        #expect(values.map(\.field) == CardField.allCases.filter { draft.entries[$0] != nil }, "in the field table's order")
    }

    @Test("an email or a phone is never split at a comma; the same entries typed either way give the same fields")
    func sameEitherWay() throws {
        var options = CardDraft(), box = CardDraft()
        options.set(.phones, entries: ["+44 20 7946 0018, ext 2", "+1 555 0100"])
        box.set(.phones, box: "+44 20 7946 0018, ext 2\n+1 555 0100")
        #expect(try options.values().first?.value == .list(["+44 20 7946 0018, ext 2", "+1 555 0100"]))
        #expect(try options.values().first?.value == (try box.values().first?.value))
    }

    @Test("links in the short form; one that is not a link refuses the draft with a sentence naming it")
    func links() throws {
        var draft = CardDraft()
        draft.set(.links, box: "github=https://github.com/ada\n\nmastodon=@ada@example.social")
        #expect(try draft.values().first?.value
            == .links([SocialLink(platform: "github", url: "https://github.com/ada"), SocialLink(platform: "mastodon", handle: "@ada@example.social")]))
        draft.set(.links, entries: ["github=https://github.com/ada", " not a link\u{1B} "])
        #expect(throws: CardDraftError.notALink(field: .links, text: "not a link\u{1B}")) { try draft.values() }
        let error = CardDraftError.notALink(field: .links, text: "not a link\u{1B}")
        #expect(error.description.hasPrefix("Links: \"not a link\\u{1B}\" is not a link;"), "\(error.description)")
        #expect(error.sentence.values == ["not a link\u{1B}"])
    }

    @Test("a text field's box keeps every line: a bio of three lines stays three, the browser's CRLF read as line feeds")
    func aTextBoxKeepsItsLines() throws {
        var draft = CardDraft()
        draft.set(.bio, box: "First line\r\nSecond line\r\n\r\nFourth, after a blank one\r\n")
        draft.set(.title, box: "Analyst")
        let values = try draft.values()
        #expect(values.first { $0.field == .bio }?.value == .text("First line\nSecond line\n\nFourth, after a blank one"))
        #expect(values.first { $0.field == .title }?.value == .text("Analyst"))
        var typedTwice = CardDraft()
        typedTwice.set(.bio, entries: ["Old", "One\nTwo\nThree"])
        #expect(try typedTwice.values().first?.value == .text("One\nTwo\nThree"), "of repeated options, the last, whole")
    }

    @Test("a line break in a one-line field's box is kept for the card's rule to refuse, not dropped with what follows it")
    func aOneLineBoxIsNotCut() throws {
        var draft = CardDraft()
        draft.set(.name, box: "Ada\nLovelace")
        let value = try draft.values().first?.value
        #expect(value == .text("Ada\nLovelace"))
        var fields = CardFields()
        fields.name = "Ada\nLovelace"
        #expect(throws: CardFieldError.self) { try fields.validate() }
    }

    @Test("a photo is not typed: setting it does nothing")
    func photo() throws {
        var draft = CardDraft()
        draft.set(.avatar, entries: ["/tmp/photo.jpg"])
        #expect(draft.isEmpty)
        #expect(try draft.values().isEmpty)
    }
}
