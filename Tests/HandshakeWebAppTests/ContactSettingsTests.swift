import Foundation
import HandshakeCore
import HandshakeStore
import Testing

@testable import HandshakeWebApp

/// Each settings form of the contact info screen asks for one `ContactEdit`, and nothing else.
struct ContactSettingsTests {
    @Test func eachActionIsOneEdit() {
        #expect(ContactSettings.edit(FormFields("action=alias&alias=Countess")) == ContactEdit(alias: "Countess"))
        #expect(ContactSettings.edit(FormFields("action=alias")) == ContactEdit(alias: ""), "an empty alias removes it")
        #expect(ContactSettings.edit(FormFields("action=trust&trust=KNOWN")) == ContactEdit(trustLevel: .known))
        #expect(ContactSettings.edit(FormFields("action=trust&trust=BLOCKED")) == ContactEdit(), "blocking is the danger zone's button")
        #expect(ContactSettings.edit(FormFields("action=pin")) == ContactEdit(pinned: true))
        #expect(ContactSettings.edit(FormFields("action=unmute")) == ContactEdit(muted: false))
        #expect(ContactSettings.edit(FormFields("action=addTag&tag=maths")) == ContactEdit(addTags: ["maths"]))
        #expect(ContactSettings.edit(FormFields("action=removeTag&tag=maths")) == ContactEdit(removeTags: ["maths"]))
        #expect(ContactSettings.edit(FormFields("action=block")) == ContactEdit(trustLevel: .blocked))
        #expect(ContactSettings.edit(FormFields("action=unblock")) == ContactEdit(trustLevel: .known))
        #expect(ContactSettings.edit(FormFields("action=delete")).isEmpty)
    }
}

/// The card editor carries what was typed into the card's fields: empty boxes clear, lists split.
struct CardEditTests {
    @Test func whatWasTypedBecomesTheCardsFields() throws {
        let typed = CardEditScreen.Typed(FormFields(
            "name=Ada+Lovelace&company=&emails=ada%40example.com%0D%0A%0D%0Aada%40work.example&skills=maths%2C+poetry%2C&share-name=yes&share-emails=yes"))
        let identity = Identity.generate()
        var card = CardProfile(identity: identity, now: Date()).card
        card.company = "Old Company"
        typed.apply(to: &card, links: try typed.parsedLinks().get())
        #expect(card.links.isEmpty)
        #expect(card.name == "Ada Lovelace" && card.company == nil)
        #expect(card.emails == ["ada@example.com", "ada@work.example"])
        #expect(card.skills == ["maths", "poetry"])
        #expect(typed.shared == [.name, .emails])
    }
}

/// The defaults form asks for the allowances it names, and nothing for a field it lacks or garbles.
struct SettingsFormTests {
    @Test func theDefaultsFormIsTheBooksAllowances() {
        let chosen = SettingsScreen.defaults(FormFields("default-calls=no&default-reactions=always&default-voice=maybe&csrf=x"))
        #expect(chosen == [.calls: .no, .reactions: .always])
    }
}

/// The card editor's links box: one link per line in the short form, read back as it was written; a line
/// that is not a link is named with its number, and nothing is saved.
struct CardEditLinksTests {
    @Test func linksAreOnePerLineAndABadLineIsNamed() throws {
        var typed = CardEditScreen.Typed(FormFields("links=github%3Dhttps%3A%2F%2Fgithub.com%2Fada%0D%0A%0D%0Amastodon%3D%40ada%40example.social"))
        let links = try typed.parsedLinks().get()
        #expect(links[.links] == [SocialLink(platform: "github", url: "https://github.com/ada"), SocialLink(platform: "mastodon", handle: "@ada@example.social")])
        typed[.links] = "github=https://github.com/ada\nnot a link"
        #expect(throws: CardEditScreen.LinkLineError(field: .links, line: 2, text: "not a link")) { try typed.parsedLinks().get() }
    }
}
