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
