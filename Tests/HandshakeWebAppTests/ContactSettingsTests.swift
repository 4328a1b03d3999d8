import Foundation
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Hummingbird
import Testing

@testable import HandshakeWebApp

/// Each settings form of the contact info screen asks for one `ContactEdit`, and nothing else; a form no
/// page sends is refused.
struct ContactSettingsTests {
    @Test func eachActionIsOneEdit() throws {
        func edit(_ body: String) throws -> ContactEdit { try decodeForm(body, as: ContactEditForm.self).edit }
        #expect(try edit("action=alias&alias=Countess") == ContactEdit(alias: "Countess"))
        #expect(try edit("action=alias") == ContactEdit(alias: ""), "an empty alias removes it")
        #expect(try edit("action=trust&trust=KNOWN") == ContactEdit(trustLevel: .known))
        #expect(try edit("action=trust&trust=BLOCKED") == ContactEdit(), "blocking is the danger zone's button")
        #expect(try edit("action=pin") == ContactEdit(pinned: true))
        #expect(try edit("action=unmute") == ContactEdit(muted: false))
        #expect(try edit("action=addTag&tag=maths") == ContactEdit(addTags: ["maths"]))
        #expect(try edit("action=removeTag&tag=maths") == ContactEdit(removeTags: ["maths"]))
        #expect(try edit("action=block") == ContactEdit(trustLevel: .blocked))
        #expect(try edit("action=unblock") == ContactEdit(trustLevel: .known))
        #expect(throws: (any Error).self, "no button sends it") { try edit("action=delete") }
        #expect(throws: (any Error).self, "a button always names its action") { try edit("alias=Countess") }
        #expect(throws: (any Error).self, "a field sent twice is not a form of the app") { try edit("action=alias&alias=a&alias=b") }
    }
}

/// The card editor carries what was typed into the card's fields: empty boxes clear, lists split.
struct CardEditTests {
    @Test func whatWasTypedBecomesTheCardsFields() throws {
        let typed = try decodeForm(
            "name=Ada+Lovelace&company=&emails=ada%40example.com%0D%0A%0D%0Aada%40work.example&skills=maths%2C+poetry%2C&share-name=yes&share-emails=yes",
            as: CardEditForm.self)
        let identity = Identity.generate()
        var card = CardProfile(identity: identity, now: Date()).card
        card.company = "Old Company"
        for (field, value) in try typed.draft.values() { card.fields[field] = value }
        #expect(card.links.isEmpty)
        #expect(card.name == "Ada Lovelace" && card.company == nil)
        #expect(card.emails == ["ada@example.com", "ada@work.example"])
        #expect(card.skills == ["maths", "poetry"])
        #expect(typed.shared == [.name, .emails])
    }
}

/// The defaults form asks for the allowances it names, and nothing for a field it lacks or garbles.
struct SettingsFormTests {
    @Test func theDefaultsFormIsTheBooksAllowances() throws {
        let chosen = try decodeForm("default-calls=no&default-reactions=always&default-voice=maybe&csrf=x", as: DefaultsForm.self).chosen
        #expect(chosen == [.calls: .no, .reactions: .always])
    }
}

/// The card editor's links box: one link per line in the short form, read back as it was written; a line
/// that is not a link is named, and nothing is saved.
struct CardEditLinksTests {
    @Test func linksAreOnePerLineAndABadLineIsNamed() throws {
        var typed = try decodeForm("links=github%3Dhttps%3A%2F%2Fgithub.com%2Fada%0D%0A%0D%0Amastodon%3D%40ada%40example.social", as: CardEditForm.self)
        let links = try typed.draft.values().first { $0.field == .links }?.value
        #expect(links == .links([SocialLink(platform: "github", url: "https://github.com/ada"), SocialLink(platform: "mastodon", handle: "@ada@example.social")]))
        typed[.links] = "github=https://github.com/ada\nnot a link"
        #expect(throws: CardDraftError.notALink(field: .links, text: "not a link")) { try typed.draft.values() }
    }
}

/// A form body as the app's routes read it: Hummingbird's URLEncodedFormDecoder into the route's form type.
func decodeForm<Form: Decodable>(_ body: String, as type: Form.Type) throws -> Form {
    try URLEncodedFormDecoder().decode(Form.self, from: body)
}
