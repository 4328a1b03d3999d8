// A contact who moved to a new key, as the book receives the new card: the same contact (alias, notes, trust
// kept), on the new key, with the old card in the history and the security-code check reset; and what a move
// never does: pass a stranger, reach past a block, or bring back an older card.

import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeStore
import Testing

@Suite("a contact's key move, in the book")
struct KeyMoveBookTests {
    /// Ada's profile moved to a fresh key: the person, and her new card.
    static func moved(_ ada: Person, at date: Date = Date(timeIntervalSince1970: 1_700_000_050)) throws -> (Identity, SignedCard) {
        let newKey = Identity.generate()
        let profile = try ada.profile.moved(from: ada.identity, to: newKey, now: date)
        return (newKey, try profile.issueCard(identity: newKey))
    }

    @Test("the new card updates the same contact, keeps what the person set, and resets the code comparison")
    func updatesTheSameContact() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada Lovelace", email: "ada@example.com")
        let kept = try book.add(ada.card, source: .nearby, trust: .trusted, now: now)
        var edit = ContactEdit()
        edit.alias = "Countess"
        edit.notes = "met at the Engine"
        try book.update(kept.id, edit)
        _ = try book.markSecurityCodeVerified(kept.id, comparedKey: ada.identity.sigKey, at: now)

        let (newKey, card) = try Self.moved(ada)
        guard case .update(let contact, _, let changes) = try book.preview(card) else { Issue.record("not an update"); return }
        #expect(contact.id == kept.id && changes.movedKey && changes.fields.isEmpty)

        let outcome = try book.receive(card, source: .nearby, answer: .addSeparately(trust: .known), now: now)
        guard case .updated(let updated, let applied, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(applied.movedKey)
        #expect(updated.id == kept.id && updated.nodeID == newKey.nodeID && updated.sigKey == newKey.sigKey)
        #expect(updated.alias == "Countess" && updated.notes == "met at the Engine" && updated.trustLevel == .trusted)
        #expect(updated.securityCodeVerifiedAt == nil)
        #expect(updated.source == .nearby)
        #expect(try book.count() == 1)
        #expect(try book.history(of: kept.id).map(\.signedCard) == [ada.card])
        #expect(try book.lastUpdate(of: kept.id)?.changes.movedKey == true)
        // The same card again is nothing new; the old key's card is now an older card of someone unknown.
        #expect(try book.preview(card) == .notNewer(updated))
    }

    @Test("a move from a key nobody in the book has is someone new; a blocked contact stays blocked")
    func strangersAndBlocks() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada Lovelace")
        let (_, card) = try Self.moved(ada)
        guard case .new = try book.preview(card) else { Issue.record("a move from an unknown key is someone new"); return }

        let blocked = try book.add(ada.card, source: .qr, trust: .blocked, now: now)
        #expect(try book.preview(card) == .blocked(try #require(try book.contact(id: blocked.id))))
        #expect(try book.receive(card, source: .nearby, answer: .addSeparately(trust: .known), now: now) == .ignoredBlocked(try #require(try book.contact(id: blocked.id))))
        #expect(try book.card(of: blocked.id) == ada.card)
    }

    @Test("a moved card older than the one kept is not taken")
    func olderMoveIsNotNewer() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada Lovelace")
        let (_, card) = try Self.moved(ada, at: Date(timeIntervalSince1970: 1_700_000_001))
        try ada.edit { $0.title = "Analyst" }
        try ada.profile.edit(now: Date(timeIntervalSince1970: 1_800_000_000)) { $0.company = "Engines" }
        let kept = try book.add(ada.card, source: .qr, now: now)
        #expect(try book.preview(card) == .notNewer(try #require(try book.contact(id: kept.id))))
    }
}
