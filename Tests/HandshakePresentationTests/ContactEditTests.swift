// The sentence after a contact's settings are saved, from what the edit changed and the contact as it is now.
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Testing

@Suite("contact edit sentences")
struct ContactEditTests {
    @Test("blocking says what it does; unblocking, trust, pin, mute, alias and tags say theirs")
    func kinds() throws {
        let book = try ContactBook()
        let bob = try book.add(try Person(name: "Bob").card, source: .qr, now: now)
        func apply(_ edit: ContactEdit, to contact: Contact) throws -> (ContactEditKind, Contact) {
            let kind = ContactEditKind(edit, before: contact)
            return (kind, try book.update(contact.id, edit))
        }
        let (blockedKind, blocked) = try apply(ContactEdit(trustLevel: .blocked), to: bob)
        #expect(blockedKind == .blocked)
        #expect(ContactEditSentences.sentence(blockedKind, contact: blocked).plain == "Blocked Bob. Their cards are ignored from now on.")
        let (unblockedKind, unblocked) = try apply(ContactEdit(trustLevel: .known), to: blocked)
        #expect(unblockedKind == .unblocked)
        #expect(ContactEditSentences.sentence(unblockedKind, contact: unblocked).plain.hasPrefix("Unblocked Bob. "))
        let (trustKind, trusted) = try apply(ContactEdit(trustLevel: .trusted), to: unblocked)
        #expect(trustKind == .trust)
        #expect(ContactEditSentences.sentence(trustKind, contact: trusted).plain == "Bob is now Trusted: counted among common friends.")
        #expect(ContactEditKind(ContactEdit(pinned: true), before: trusted) == .pinned)
        #expect(ContactEditKind(ContactEdit(muted: false), before: trusted) == .unmuted)
        #expect(ContactEditKind(ContactEdit(alias: ""), before: trusted) == .aliasRemoved)
        let (tagKind, tagged) = try apply(ContactEdit(addTags: ["work"]), to: trusted)
        #expect(tagKind == .tagAdded)
        #expect(ContactEditSentences.sentence(tagKind, contact: tagged).values == ["Bob", "work"])
        #expect(ContactEditKind(ContactEdit(pinned: true, muted: true), before: tagged) == .saved)
        // The same level again changes nothing to say about trust.
        #expect(ContactEditKind(ContactEdit(trustLevel: .trusted), before: tagged) == .saved)
    }

    @Test("every kind has a sentence naming the contact, and a code that reads back")
    func everyKind() throws {
        let book = try ContactBook()
        let bob = try book.add(try Person(name: "Bob").card, source: .qr, now: now)
        for kind in ContactEditKind.allCases {
            #expect(ContactEditSentences.sentence(kind, contact: bob).values.first == "Bob", "\(kind)")
            #expect(ContactEditKind(rawValue: kind.rawValue) == kind)
        }
    }
}
