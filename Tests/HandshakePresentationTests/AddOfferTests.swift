// What Add offers for each preview the book gives, and the one trust rule for someone new.
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Testing

@Suite("add offer")
struct AddOfferTests {
    @Test("someone new: add or ignore; sharing an email: merge into each match, add separately or ignore")
    func new() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada", email: "ada@example.com")
        let fresh = try book.preview(ada.card)
        #expect(AddOffer.choices(for: fresh) == [.add, .ignore])
        #expect(AddOffer.asksTrust(fresh) && !AddOffer.isRefusal(fresh))
        #expect(AddOffer.sentence(for: fresh, name: "Ada", nodeID: ada.identity.nodeID.rawValue) == nil)

        let stored = try book.add(ada.card, source: .qr, now: now)
        let twin = try Person(name: "Ada L.", email: "ada@example.com")
        let matching = try book.preview(twin.card)
        #expect(AddOffer.choices(for: matching) == [.merge(into: stored), .addSeparately, .ignore])
        let question = try #require(AddOffer.sentence(for: matching, name: "Ada L.", nodeID: twin.identity.nodeID.rawValue))
        #expect(question.values == ["Ada"])
        #expect(AddChoice.merge(into: stored).answer(trust: .known) == .merge(into: stored.id))
        #expect(AddChoice.addSeparately.answer(trust: .known) == .addSeparately(trust: .known))
        #expect(AddChoice.merge(into: stored).label(name: "Ada L.").plain == "Merge into Ada")
    }

    @Test("a newer card: update or keep; the same card, a blocked person's: nothing to choose")
    func known() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let stored = try book.add(ada.card, source: .qr, now: now)
        let same = try book.preview(ada.card)
        #expect(AddOffer.choices(for: same).isEmpty && !AddOffer.asksTrust(same))
        #expect(AddOffer.sentence(for: same, name: "Ada", nodeID: "") == ReceiveSentences.sentence(.alreadyHave, name: "Ada", nodeID: ""))

        try ada.edit { $0.title = "Analyst" }
        let newer = try book.preview(ada.card)
        #expect(AddOffer.choices(for: newer) == [.update, .keepCurrent])
        #expect(AddOffer.sentence(for: newer, name: "Ada", nodeID: "")?.plain == "A newer card of Ada: it changes title.")
        #expect(AddChoice.update.answer(trust: .trusted) == .add(trust: .trusted))
        #expect(AddChoice.keepCurrent.answer(trust: .trusted) == nil)

        _ = try book.update(stored.id, ContactEdit(trustLevel: .blocked))
        let blocked = try book.preview(ada.card)
        #expect(AddOffer.choices(for: blocked).isEmpty)
        #expect(AddOffer.sentence(for: blocked, name: "Ada", nodeID: "") == ReceiveSentences.blocked("Ada"))
    }

    @Test("a conflicting key is a refusal in the book's words")
    func conflict() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada")
        let stored = try book.add(ada.card, source: .qr, now: now)
        let preview = ReceivePreview.keyConflict(stored)
        #expect(AddOffer.isRefusal(preview) && AddOffer.choices(for: preview).isEmpty)
        let nodeID = ada.identity.nodeID.rawValue
        #expect(AddOffer.sentence(for: preview, name: "Ada", nodeID: nodeID)?.plain == ContactBookError.keyConflict(nodeID).description)
    }

    @Test("someone new may be added at any trust level, Blocked included; the book's suggestion when none is chosen")
    func trust() throws {
        #expect(NewContactTrust.offered == [.trusted, .known, .blocked])
        #expect(NewContactTrust.chosen(nil, suggested: TrustLevel.suggested(for: .stranger, source: .qr)) == .trusted)
        #expect(NewContactTrust.chosen(nil, suggested: TrustLevel.suggested(for: .stranger, source: .link)) == .known)
        #expect(NewContactTrust.chosen(.blocked, suggested: .trusted) == .blocked)
        let book = try ContactBook()
        let ada = try Person(name: "Ada")
        let outcome = try book.receive(ada.card, source: .qr, answer: try #require(AddChoice.add.answer(trust: .blocked)), now: now)
        #expect(outcome.contact?.trustLevel == .blocked)
        #expect(Set(TrustLevel.allCases.map(NewContactTrust.label)).count == TrustLevel.allCases.count)
    }
}
