// Every outcome of the book's receive rule has its kind, its contact and its sentence, for Add and for an
// accepted friend request; "is blocked" is said one way, the key conflict in the book's own words.
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Testing

@Suite("receive report")
struct ReceiveReportTests {
    @Test("a real book's outcomes: added, already have, updated, blocked, ignored")
    func outcomes() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let added = ReceiveReport(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now), card: ada.card)
        #expect(added.kind == .added && added.kind.stored && !added.kind.isRefusal)
        #expect(added.contact?.displayName == "Ada")
        #expect(added.sentence.plain == "Added Ada to your contacts.")
        #expect(added.sentence.values == ["Ada"])

        let again = ReceiveReport(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now), card: ada.card)
        #expect(again.kind == .alreadyHave && !again.kind.stored)
        #expect(again.sentence.plain == "You already have this card of Ada, or a newer one; nothing changed.")

        try ada.edit { $0.title = "Analyst" }
        let updated = ReceiveReport(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now), card: ada.card)
        #expect(updated.kind == .updated && updated.kind.stored)
        #expect(updated.sentence.plain == "Updated Ada from their newer card.")

        let contact = try #require(updated.contact)
        _ = try book.update(contact.id, ContactEdit(trustLevel: .blocked))
        try ada.edit { $0.title = "Countess" }
        let blocked = ReceiveReport(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now), card: ada.card)
        #expect(blocked.kind == .blocked && !blocked.kind.stored)
        #expect(blocked.sentence == ReceiveSentences.blocked("Ada"))
        #expect(blocked.acceptedSentence.plain == "Accepted, but they are blocked here: their card was not kept.")

        let bob = try Person(name: "Bob")
        let ignored = ReceiveReport(try book.receive(bob.card, source: .qr, answer: .ignore, now: now), card: bob.card)
        #expect(ignored.kind == .ignored && ignored.contact == nil)
        #expect(ignored.name == "Bob")
        #expect(ignored.sentence.plain == "Ignored; nothing was stored.")
    }

    @Test("a merge names the contact merged into")
    func merge() throws {
        let book = try ContactBook()
        let old = try Person(name: "Ada", email: "ada@example.com")
        _ = try book.receive(old.card, source: .qr, answer: .add(trust: .trusted), now: now)
        let new = try Person(name: "Ada L.", email: "ada@example.com")
        let merged = ReceiveReport(try book.receive(new.card, source: .qr, answer: .merge(into: nil), now: now), card: new.card)
        #expect(merged.kind == .merged && merged.kind.stored)
        #expect(merged.sentence.values == [merged.name])
        #expect(merged.sentence.plain.hasPrefix("Merged: this card is "))
    }

    @Test("a key conflict is the book's own sentence, its Node ID a value, and a refusal")
    func keyConflict() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada")
        let stored = try book.add(ada.card, source: .qr, now: now)
        let report = ReceiveReport(.refusedKeyConflict(stored), card: ada.card)
        #expect(report.kind == .keyConflict && report.kind.isRefusal)
        let nodeID = ada.identity.nodeID.rawValue
        #expect(report.sentence.plain == ContactBookError.keyConflict(nodeID).description)
        #expect(report.sentence.values == [nodeID])
    }

    @Test("every kind has a sentence that names whom it is about, after Add and after accepting")
    func everyKind() {
        for kind in ReceiveKind.allCases {
            let sentence = ReceiveSentences.sentence(kind, name: "Zoë", nodeID: "NODE")
            switch kind {
            case .ignored: #expect(sentence.values.isEmpty)
            case .keyConflict: #expect(sentence.values == ["NODE"])
            default: #expect(sentence.values == ["Zoë"], "\(kind)")
            }
            #expect(sentence.plain.hasSuffix("."))
            #expect(FriendRequestSentences.accepted(kind).plain.hasPrefix("Accepted"), "\(kind)")
            #expect(ReceiveKind(rawValue: kind.rawValue) == kind)
        }
    }
}
