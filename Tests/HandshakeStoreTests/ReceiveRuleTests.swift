// The one receive rule at library level: every outcome, the merge refusals, what is never stored, and a
// card whose standing changed between the preview and the answer.

import Foundation
import GRDB
import HandshakeCore
import HandshakeStore
import Testing

@Suite("the one receive rule")
struct ReceiveRuleTests {
    @Test("a new person is added with the answer's trust level; ignore stores nothing")
    func addedAndIgnored() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada", email: "ada@example.com")
        #expect(try book.receive(ada.card, source: .qr, answer: .ignore, now: now) == .ignored)
        #expect(try book.count() == 0)

        let outcome = try book.receive(ada.card, source: .qr, answer: .add(trust: .known), now: now)
        guard case .added(let contact) = outcome else { Issue.record("\(outcome)"); return }
        #expect(contact.trustLevel == .known && contact.source == .qr && contact.nodeID == ada.identity.nodeID)
        #expect(try book.card(of: contact.id) == ada.card)
        #expect(outcome.contact == contact)
    }

    @Test("a card sharing an email needs merge or separate; merge moves the local fields")
    func mergeOrSeparate() throws {
        let book = try ContactBook()
        let old = try Person(name: "Ada", email: "ada@example.com")
        let existing = try book.add(old.card, source: .qr, trust: .known, now: now)
        var edit = ContactEdit()
        edit.alias = "Countess"
        try book.update(existing.id, edit)
        let before = try #require(try book.contact(id: existing.id))
        let new = try Person(name: "Ada L.", email: "ada@example.com")

        #expect(throws: ReceiveError.mergeOrSeparateNotChosen(matches: [before])) {
            try book.receive(new.card, source: .nearby, answer: .add(trust: .trusted), now: now)
        }
        #expect(try book.count() == 1)

        let outcome = try book.receive(new.card, source: .nearby, answer: .merge(into: nil), now: now)
        guard case .merged(let merged, let target) = outcome else { Issue.record("\(outcome)"); return }
        #expect(target == before)
        #expect(merged.id == existing.id && merged.nodeID == new.identity.nodeID)
        #expect(merged.alias == "Countess" && merged.trustLevel == .known)
        #expect(try book.history(of: existing.id).map(\.signedCard) == [old.card])
        #expect(try book.count() == 1)
    }

    @Test("merge needs exactly one match, or a named one among them; separate adds beside them")
    func mergeRefusals() throws {
        let book = try ContactBook()
        let first = try book.add(try Person(name: "Sam", email: "sam@example.com").card, source: .qr, now: now)
        let second = try book.add(try Person(name: "Sam", phone: "+1 555 0100").card, source: .qr, now: now)
        let unrelated = try book.add(try Person(name: "Zed").card, source: .qr, now: now)
        let sam = try Person(name: "Sam Smith", email: "sam@example.com", phone: "+1 555 0100")

        #expect(throws: ReceiveError.mergeNeedsOneMatch(count: 2)) {
            try book.receive(sam.card, source: .qr, answer: .merge(into: nil), now: now)
        }
        #expect(ReceiveError.mergeNeedsOneMatch(count: 2).description == "The card matches 2 contacts; merge needs exactly one. Nothing was added.")
        #expect(throws: ReceiveError.notAMatch(contactID: unrelated.id)) {
            try book.receive(sam.card, source: .qr, answer: .merge(into: unrelated.id), now: now)
        }
        #expect(throws: ReceiveError.mergeNeedsOneMatch(count: 0)) {
            try book.receive(try Person(name: "Nobody").card, source: .qr, answer: .merge(into: nil), now: now)
        }
        #expect(try book.count() == 3)

        guard case .merged(let merged, _) = try book.receive(sam.card, source: .qr, answer: .merge(into: second.id), now: now) else {
            Issue.record("expected a merge"); return
        }
        #expect(merged.id == second.id && merged.nodeID == sam.identity.nodeID)

        let other = try Person(name: "Sam Other", email: "sam@example.com")
        guard case .added(let separate) = try book.receive(other.card, source: .qr, answer: .addSeparately(trust: .trusted), now: now) else {
            Issue.record("expected a separate contact"); return
        }
        #expect(![first.id, second.id, unrelated.id].contains(separate.id))
        #expect(try book.count() == 4)
    }

    @Test("a newer card updates without a question and keeps alias, notes, tags and trust")
    func updateKeepsLocalFields() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let first = ada.card
        let added = try book.add(first, source: .qr, now: now)
        var edit = ContactEdit()
        edit.alias = "Countess"
        edit.notes = "met at the conference"
        edit.addTags = ["work"]
        edit.trustLevel = .known
        try book.update(added.id, edit)
        let before = try #require(try book.contact(id: added.id))

        try ada.edit { $0.company = "Analytical Engines" }
        // Whatever a new person would need, an update is applied as it is.
        let outcome = try book.receive(ada.card, source: .link, answer: .merge(into: nil), now: now)
        guard case .updated(let updated, let changes, let previous) = outcome else { Issue.record("\(outcome)"); return }
        #expect(changes.fields == [.company] && previous == before)
        #expect(updated.details.company == "Analytical Engines")
        #expect(updated.alias == "Countess" && updated.notes == "met at the conference")
        #expect(updated.tags == ["work"] && updated.trustLevel == .known)
        #expect(try book.card(of: added.id) == ada.card)
        #expect(try book.history(of: added.id).map(\.signedCard) == [first])

        // The older card, replayed, changes nothing.
        #expect(try book.receive(first, source: .qr, answer: .add(trust: .trusted), now: now) == .alreadyHave(updated))
        #expect(try book.card(of: added.id) == ada.card)
    }

    @Test("a blocked person's card is not stored, whatever the answer")
    func blocked() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let added = try book.add(ada.card, source: .qr, trust: .blocked, now: now)
        try ada.edit { $0.bio = "new" }
        for answer: ReceiveAnswer in [.add(trust: .trusted), .addSeparately(trust: .trusted), .merge(into: nil)] {
            #expect(try book.receive(ada.card, source: .qr, answer: answer, now: now) == .ignoredBlocked(added))
        }
        #expect(try book.contact(id: added.id)?.details.bio == nil)
        #expect(try book.history(of: added.id).isEmpty)
    }

    @Test("a different key for a known Node ID is refused and stores nothing")
    func keyConflict() throws {
        let queue = try DatabaseQueue()
        let book = try ContactBook(writer: queue)
        let ada = try Person(name: "Ada")
        // The book holds Bea's (valid) card under Ada's Node ID: Ada's real card has another key.
        let bea = try book.add(try Person(name: "Bea").card, source: .qr, now: now)
        try queue.write { db in
            try db.execute(sql: "UPDATE contact SET nodeId = ? WHERE id = ?", arguments: [ada.identity.nodeID.rawValue, bea.id])
        }
        let stored = try #require(try book.contact(id: bea.id))
        let beasCard = try book.card(of: bea.id)

        let outcome = try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now)
        #expect(outcome == .refusedKeyConflict(stored))
        #expect(try book.card(of: bea.id) == beasCard)
        #expect(try book.history(of: bea.id).isEmpty)
        #expect(try book.count() == 1)
    }

    @Test("a card whose standing changed after the preview is handled as it is now")
    func decidedAgain() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        guard case .new = try book.preview(ada.card) else { Issue.record("expected new"); return }
        // Meanwhile the same card came in another way.
        let added = try book.add(ada.card, source: .nearby, now: now)
        #expect(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now) == .alreadyHave(added))

        try ada.edit { $0.title = "Analyst" }
        guard case .update = try book.preview(ada.card) else { Issue.record("expected an update"); return }
        // Meanwhile the person was blocked.
        var edit = ContactEdit()
        edit.trustLevel = .blocked
        let blocked = try book.update(added.id, edit)
        #expect(try book.receive(ada.card, source: .qr, answer: .add(trust: .trusted), now: now) == .ignoredBlocked(blocked))
        #expect(try book.contact(id: added.id)?.details.title == nil)
    }
}
