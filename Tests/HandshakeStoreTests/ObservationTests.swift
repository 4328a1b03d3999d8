import Foundation
import GRDB
import HandshakeCore
import HandshakeStore
import Testing

@Suite("observing the book")
struct ObservationTests {
    @Test("the list delivers its current value, then a new one after an add, an edit, an import and a delete")
    func list() async throws {
        let book = try ContactBook()
        var list = Observed(book.observeContacts())
        #expect(await list.next() == [])

        let ada = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        #expect(await list.next(where: { !$0.isEmpty })?.map(\.id) == [ada.id])

        try book.update(ada.id, ContactEdit(alias: "Countess", pinned: true))
        let edited = await list.next(where: { $0.first?.alias != nil })
        #expect(edited?.map(\.displayName) == ["Countess"])
        #expect(edited?.first?.pinned == true)

        // The import writes through its own hand-bound statement; observers still hear of it.
        try book.importUnverified([CardFields(name: "Bea"), CardFields(name: "Cal")], now: now)
        #expect(await list.next(where: { $0.count == 3 })?.map(\.displayName) == ["Countess", "Bea", "Cal"])

        try book.delete(ada.id)
        #expect(await list.next(where: { $0.count == 2 })?.map(\.displayName) == ["Bea", "Cal"])
        list.cancel()
    }

    @Test("a searched, filtered, paged list delivers only when its own result changes")
    func query() async throws {
        let book = try ContactBook()
        var list = Observed(book.observeContacts(ContactListQuery(search: "ada", limit: 2)))
        #expect(await list.next() == [])
        // Bob is not in the result: no new value for him. The next one delivered is Ada's.
        _ = try book.add(try Person(name: "Bob").card, source: .qr, now: now)
        let ada = try book.add(try Person(name: "Ada Lovelace").card, source: .qr, now: now)
        #expect(await list.next()?.map(\.id) == [ada.id])
        // A tag is searched too.
        let bob = try #require(try book.contacts(ContactListQuery(search: "Bob")).first)
        try book.update(bob.id, ContactEdit(addTags: ["adage"]))
        #expect(await list.next()?.map(\.displayName) == ["Ada Lovelace", "Bob"])
        list.cancel()

        var blocked = Observed(book.observeContacts(ContactListQuery(trust: .blocked)))
        #expect(await blocked.next() == [])
        try book.update(ada.id, ContactEdit(trustLevel: .blocked))
        #expect(await blocked.next()?.map(\.id) == [ada.id])
        blocked.cancel()
    }

    @Test("one contact delivers its current value, each change to it, and nil once deleted")
    func one() async throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada")
        let added = try book.add(ada.card, source: .qr, now: now)
        var contact = Observed(book.observeContact(id: added.id))
        #expect(await contact.next() == added)

        try book.update(added.id, ContactEdit(notes: "met at the conference", addTags: ["work"]))
        let edited = await contact.next(where: { $0?.tags == ["work"] })
        #expect(edited??.notes == "met at the conference")

        try ada.edit { $0.company = "Analytical Engines" }
        try book.applyUpdate(ada.card, source: .link, now: now)
        #expect(await contact.next(where: { $0?.details.company != nil })??.details.company == "Analytical Engines")

        try book.delete(added.id)
        #expect(await contact.next(where: { $0 == nil }) == .some(nil))
        contact.cancel()
    }

    @Test("changes the app makes through the writer it gave the book are observed too")
    func appWrites() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("observed-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let pool = try DatabasePool(path: path)
        let book = try ContactBook(writer: pool)
        let added = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        var list = Observed(book.observeContacts())
        #expect(await list.next()?.map(\.id) == [added.id])
        try await pool.write { db in try db.execute(sql: "UPDATE contact SET alias = 'Countess', displayName = 'Countess' WHERE id = ?", arguments: [added.id]) }
        #expect(await list.next()?.map(\.displayName) == ["Countess"])
        list.cancel()
    }
}
