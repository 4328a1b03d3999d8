import Foundation
import HandshakeCore
import HandshakeStore
import Testing

@Suite("contact book")
struct ContactBookTests {
    @Test("migrations are named and applied from v1")
    func migrations() throws {
        let book = try ContactBook()
        #expect(try book.appliedMigrations() == ["v1: contacts, card history, tags, preferences", "v2: search index, list-order index", "v3: meetings as records of their own", "v4: photos of address-book entries", "v5: one display-name rule", "v6: name keys, to tell a contact's name from one that looks like it", "v7: the server whose relay carried a meeting"])
        #expect(try book.integrityCheck() == ["ok"])
    }

    @Test("receive stores nothing; add stores the card verbatim with local defaults")
    func receiveThenAdd() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada Lovelace", email: "ada@example.com")
        let card = ada.card
        guard case .new(let signed, let matches) = try book.preview(card) else {
            Issue.record("expected a new contact"); return
        }
        #expect(matches.isEmpty)
        #expect(try book.count() == 0)
        let contact = try book.add(signed, source: .qr, now: now)
        #expect(try book.card(of: contact.id) == card)
        #expect(contact.nodeID == ada.identity.nodeID)
        #expect(contact.trustLevel == .trusted)
        #expect(contact.source == .qr)
        #expect(contact.verificationStatus == .verified)
        #expect(contact.addedAt == now)
        #expect(contact.securityCodeVerifiedAt == nil)
        #expect(try book.preview(card) == .notNewer(contact))
        #expect(throws: ContactBookError.alreadyInBook("Ada Lovelace")) { try book.add(card, source: .qr, now: now) }
    }

    @Test("an update changes card fields, keeps local ones, and keeps the old card in history")
    func update() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada Lovelace")
        let first = ada.card
        let added = try book.add(first, source: .qr, now: now)
        var edit = ContactEdit()
        edit.alias = "Ada"
        edit.notes = "met at the conference"
        edit.addTags = ["work"]
        try book.update(added.id, edit)

        try ada.edit { $0.company = "Analytical Engines" }
        let second = ada.card
        guard case .update(_, _, let changes) = try book.preview(second) else {
            Issue.record("expected an update"); return
        }
        #expect(changes.fields == [.company])
        let (updated, _) = try book.applyUpdate(second, source: .link, now: now)
        #expect(updated.details.company == "Analytical Engines")
        #expect(updated.alias == "Ada")
        #expect(updated.notes == "met at the conference")
        #expect(updated.tags == ["work"])
        #expect(try book.card(of: updated.id) == second)
        #expect(try book.history(of: added.id).map(\.signedCard) == [first])
        // The older card, replayed, changes nothing.
        #expect(try book.preview(first) == .notNewer(updated))
        #expect(throws: ContactBookError.notAnUpdate("Ada")) { try book.applyUpdate(first, source: .qr, now: now) }
    }

    @Test("a blocked contact's cards are ignored")
    func blocked() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let added = try book.add(ada.card, source: .qr, trust: .blocked, now: now)
        try ada.edit { $0.bio = "new" }
        guard case .blocked = try book.preview(ada.card) else { Issue.record("expected blocked"); return }
        #expect(throws: ContactBookError.blocked("Ada")) { try book.applyUpdate(ada.card, source: .qr, now: now) }
        #expect(try book.contact(id: added.id)?.details.bio == nil)
    }

    @Test("a new identity sharing an email can be merged: local fields move, code verification does not")
    func merge() throws {
        let book = try ContactBook()
        let old = try Person(name: "Ada", email: "Ada@Example.com")
        let oldCard = old.card
        let added = try book.add(oldCard, source: .qr, now: now)
        var edit = ContactEdit()
        edit.alias = "Countess"
        edit.addTags = ["friends"]
        try book.update(added.id, edit)
        try book.markSecurityCodeVerified(added.id, comparedKey: old.identity.sigKey, at: now)

        let new = try Person(name: "Ada L.", email: "ada@example.com")
        // A code compared for another key is not a verification of this contact.
        #expect(throws: ContactBookError.keyChanged("Countess")) {
            try book.markSecurityCodeVerified(added.id, comparedKey: new.identity.sigKey, at: now)
        }
        guard case .new(_, let matches) = try book.preview(new.card) else { Issue.record("expected new"); return }
        #expect(matches.map(\.id) == [added.id])
        let merged = try book.add(new.card, source: .nearby, now: now, mergingInto: added.id)
        #expect(merged.id == added.id)
        #expect(merged.nodeID == new.identity.nodeID)
        #expect(merged.alias == "Countess")
        #expect(merged.tags == ["friends"])
        #expect(merged.securityCodeVerifiedAt == nil)
        let history = try book.history(of: added.id)
        #expect(history.map(\.nodeID) == [old.identity.nodeID])
        #expect(history.map(\.signedCard) == [oldCard])
        #expect(try book.count() == 1)
    }

    @Test("who resolves by #id, Node ID, alias, name and Node ID prefix; ambiguity lists candidates")
    func resolving() throws {
        let book = try ContactBook()
        let a = try book.add(try Person(name: "Sam").card, source: .qr, now: now)
        let b = try book.add(try Person(name: "Sam").card, source: .qr, now: now)
        let nodeA = try #require(a.nodeID)
        #expect(try book.contact(resolving: "#\(b.id)").id == b.id)
        #expect(try book.contact(resolving: nodeA.rawValue).id == a.id)
        #expect(throws: ContactBookError.self) { try book.contact(resolving: "sam") }
        do {
            _ = try book.contact(resolving: "sam")
        } catch ContactBookError.ambiguous(_, let candidates) {
            #expect(candidates.count == 2)
        }
        var edit = ContactEdit()
        edit.alias = "Samwise"
        try book.update(a.id, edit)
        #expect(try book.contact(resolving: "SAMWISE").id == a.id)
        // Both still carry the card name "Sam": an alias adds a way to name someone, it hides nothing.
        #expect(throws: ContactBookError.self) { try book.contact(resolving: "sam") }
        #expect(throws: ContactBookError.unknownContact("nobody")) { try book.contact(resolving: "nobody") }
    }

    @Test("the list: pinned first, then by name; search covers name, alias, company, tags, Node ID prefix")
    func listing() throws {
        let book = try ContactBook()
        let zed = try book.add(try Person(name: "Zed").card, source: .qr, now: now)
        var bea = try Person(name: "Bea")
        try bea.edit { $0.company = "Acme_Works" }
        let beaContact = try book.add(bea.card, source: .qr, now: now)
        _ = try book.add(try Person(name: "Cal").card, source: .qr, now: now)
        var pin = ContactEdit()
        pin.pinned = true
        pin.addTags = ["climbing"]
        try book.update(zed.id, pin)
        #expect(try book.contacts().map(\.displayName) == ["Zed", "Bea", "Cal"])
        #expect(try book.contacts(ContactListQuery(search: "acme_")).map(\.id) == [beaContact.id])
        #expect(try book.contacts(ContactListQuery(search: "acme%")).isEmpty)
        #expect(try book.contacts(ContactListQuery(search: "CLIMB")).map(\.id) == [zed.id])
        #expect(try book.contacts(ContactListQuery(tag: "Climbing")).map(\.id) == [zed.id])
        let prefix = String(try #require(beaContact.nodeID).rawValue.prefix(6))
        #expect(try book.contacts(ContactListQuery(search: prefix)).map(\.id).contains(beaContact.id))
        #expect(try book.contacts(ContactListQuery(trust: .blocked)).isEmpty)
    }

    @Test("bad edits change nothing")
    func badEdits() throws {
        let book = try ContactBook()
        let c = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        var edit = ContactEdit()
        edit.alias = "x"
        edit.notes = String(repeating: "n", count: 1025)
        #expect(throws: ContactBookError.notesTooLong(1025)) { try book.update(c.id, edit) }
        edit.notes = nil
        edit.addTags = [String(repeating: "t", count: 33)]
        #expect(throws: ContactBookError.tagTooLong(String(repeating: "t", count: 33))) { try book.update(c.id, edit) }
        edit.addTags = (1...11).map { "tag\($0)" }
        #expect(throws: ContactBookError.tooManyTags(11)) { try book.update(c.id, edit) }
        let unchanged = try #require(try book.contact(id: c.id))
        #expect(unchanged.alias == nil)
        #expect(unchanged.tags.isEmpty)
    }

    @Test("preferences: per-contact settings over the user's defaults, combined with the contact's")
    func preferences() throws {
        let book = try ContactBook()
        let c = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        var edit = ContactEdit()
        edit.preferences = [.voice: .allowance(.always), .calls: .allowance(.no)]
        edit.receipts = .no
        edit.messageTTL = .week
        let updated = try book.update(c.id, edit)
        #expect(updated.receipts == .no)
        #expect(updated.messageTTL == .week)
        try book.setContactAllowance(c.id, .voice, .no)
        try book.setUserDefault(.reactions, .no)
        let prefs = Dictionary(uniqueKeysWithValues: try book.preferences(of: c.id).map { ($0.feature, $0) })
        #expect(prefs[.voice]?.state.description == "enabled for contact")
        #expect(prefs[.calls]?.state.description == "off")
        #expect(prefs[.reactions]?.userSetting == .default)
        #expect(prefs[.reactions]?.state.description == "off")
        #expect(prefs[.files]?.state.description == "enabled")
    }

    @Test("address-book import: unverified, without Node ID, duplicates skipped")
    func importing() throws {
        let book = try ContactBook()
        let entries = (0..<25).map { CardFields(name: "Person \($0 % 20)", emails: ["p\($0 % 20)@example.com"]) }
        var progress: [Int] = []
        let report = try book.importUnverified(entries, now: now, batchSize: 10) { progress.append($0) }
        #expect(report.added == 20)
        #expect(report.duplicates == 5)
        #expect(progress == [10, 20, 25])
        let all = try book.contacts()
        #expect(all.allSatisfy { $0.nodeID == nil && $0.verificationStatus == .unverified && $0.source == .import })
        // Importing again adds nobody.
        #expect(try book.importUnverified(entries, now: now).added == 0)
        // A verified card with the same email offers to merge with the imported entry.
        let person = try Person(name: "Person 3", email: "P3@example.com")
        guard case .new(_, let matches) = try book.preview(person.card) else { Issue.record("expected new"); return }
        #expect(matches.map(\.details.name) == ["Person 3"])
    }

    @Test("a file-backed book uses WAL and survives reopening")
    func fileBacked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let id: Int64
        do {
            let book = try ContactBook(path: path)
            id = try book.add(try Person(name: "Ada").card, source: .qr, now: now).id
        }
        let reopened = try ContactBook(path: path)
        #expect(try reopened.contact(id: id)?.displayName == "Ada")
        #expect(try reopened.integrityCheck() == ["ok"])
        #expect(try reopened.journalMode() == "wal")
    }

    @Test("commands opening a new book at the same moment all succeed, and the schema is made once")
    func concurrentFirstOpen() async throws {
        // Two `handshake` commands started together on a fresh home race to create the schema; the loser
        // must see the winner's schema rather than fail with "table already exists", "database is locked" or
        // "UNIQUE constraint failed: grdb_migrations.identifier" (a loser between two of the winner's migrations).
        for round in 0..<30 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(round)-\(UUID().uuidString).sqlite").path
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            let opened = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<6 {
                    group.addTask { try ContactBook(path: path).appliedMigrations() }
                }
                return try await group.reduce(into: [[String]]()) { $0.append($1) }
            }
            #expect(opened.count == 6)
            #expect(Set(opened).count == 1)
            #expect(try ContactBook(path: path).integrityCheck() == ["ok"])
        }
    }
}

@Suite("meetings as records")
struct ExchangeRecordTests {
    static let key = Identity(seed: IdentitySeed(bytes: Array(repeating: 0x33, count: 32))!).sigKey

    @Test("a contact met twice has two records, newest first, and they go when the contact goes")
    func twoMeetings() throws {
        let book = try ContactBook()
        let ada = Identity.generate()
        let card = try CardProfile(identity: ada, now: Date(timeIntervalSince1970: 1_700_000_000)).issueCard(identity: ada)
        let contact = try book.add(card, source: .nearby, now: Date(timeIntervalSince1970: 1_700_000_100))
        let first = ExchangeRecord(
            exchangedAt: Date(timeIntervalSince1970: 1_700_000_100), source: .comparedCode, handshakeHash: Array(repeating: 1, count: 32),
            ourBinding: Array(repeating: 2, count: 64), theirBinding: Array(repeating: 3, count: 64),
            ourNote: "Hi 👋", theirNote: nil, commonFriends: [Self.key])
        // The second went through a server's relay: the meeting keeps which.
        let second = ExchangeRecord(
            exchangedAt: Date(timeIntervalSince1970: 1_700_500_000), source: .sessionSecret, handshakeHash: Array(repeating: 4, count: 32),
            throughServer: ServerOrigin("https://mailbox.example"))
        try book.recordExchange(first, contactID: contact.id)
        try book.recordExchange(second, contactID: contact.id)
        #expect(try book.exchanges(ofContact: contact.id) == [second, first])
        #expect(try book.exchanges(ofContact: contact.id).map(\.throughServer?.origin) == ["https://mailbox.example", nil])
        #expect(throws: ContactBookError.unknownContact("#999")) { try book.recordExchange(first, contactID: 999) }
        try book.delete(contact.id)
        #expect(try book.exchanges(ofContact: contact.id).isEmpty)
    }
}

/// Built as an app builds previews and test doubles: public initializers only (no `@testable`).
@Suite("model values an app can build")
struct ModelInitializerTests {
    @Test("contacts, preferences, past cards, edits, queries and reports have public initializers")
    func build() throws {
        let ada = try Person(name: "Ada", email: "ada@example.com")
        let contact = Contact(
            id: 7, nodeID: ada.identity.nodeID, sigKey: ada.identity.sigKey, encKey: ada.identity.encKey,
            cardUpdatedAt: ada.card.card.updatedAt, details: ada.card.card.fields, alias: "Countess",
            addedAt: now, tags: ["work"], source: .qr, verificationStatus: .verified)
        #expect(contact.displayName == "Countess")
        #expect(contact.hasSignedCard)
        #expect(contact.trustLevel == .trusted && !contact.pinned && contact.receipts == .default && contact.messageTTL == .never)
        let unverified = Contact(id: 8, details: CardFields(name: "Bea"), addedAt: now, source: .import, verificationStatus: .unverified)
        #expect(!unverified.hasSignedCard)

        let preference = ContactPreference(feature: .voice, userAllows: .always, contactAllows: .no)
        #expect(preference.state.description == "enabled for contact")
        #expect(preference.userSetting == .default)

        let past = PastCard(signedCard: ada.card, replacedAt: now)
        #expect(past.nodeID == ada.identity.nodeID)

        #expect(ContactEdit(alias: "A").alias == "A")
        #expect(ContactEdit().isEmpty)
        #expect(ImportReport(addedUnverified: 2, addedVerified: 1, duplicates: 1).added == 3)
        #expect(ContactListQuery(search: "ada", limit: 50).offset == 0)
    }
}
