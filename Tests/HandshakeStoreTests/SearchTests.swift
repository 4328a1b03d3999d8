import Foundation
import HandshakeCore
import HandshakeStore
import Testing

@Suite("searching and paging the contact list")
struct SearchTests {
    /// A book of address-book entries named "Person 0"…, with every third at "Acme".
    func book(_ count: Int) throws -> ContactBook {
        let book = try ContactBook()
        try book.importUnverified(
            (0..<count).map { CardFields(name: "Person \($0)", company: $0 % 3 == 0 ? "Acme \"Works\"" : "Globex") }, now: now)
        return book
    }

    @Test("any part of a name, alias, company or tag, ignoring case; one or two characters too")
    func substrings() throws {
        let book = try book(30)
        #expect(try book.contacts(ContactListQuery(search: "son 2")).map(\.displayName) == ["Person 2", "Person 20", "Person 21", "Person 22", "Person 23", "Person 24", "Person 25", "Person 26", "Person 27", "Person 28", "Person 29"])
        #expect(try book.contacts(ContactListQuery(search: "PERSON 17")).map(\.displayName) == ["Person 17"])
        #expect(try book.contacts(ContactListQuery(search: "glob")).count == 20)
        #expect(try book.contacts(ContactListQuery(search: "29")).map(\.displayName) == ["Person 29"])
        #expect(try book.contacts(ContactListQuery(search: "9")).map(\.displayName) == ["Person 19", "Person 29", "Person 9"])
        #expect(try book.contacts(ContactListQuery(search: "nobody here")).isEmpty)
    }

    @Test("search text is matched literally, never as FTS5 query syntax", arguments: [
        "\"Works\"", "Acme \"Works", "\"", "*", "Acme*", "NEAR(Acme Works)", "Acme OR Globex", "-Acme", "^Acme", "{name}: Acme", "a:b", "%", "_",
    ])
    func literal(_ text: String) throws {
        let book = try book(9)
        let found = try book.contacts(ContactListQuery(search: text)).compactMap(\.details.company)
        let expected = try book.contacts().compactMap(\.details.company).filter { $0.localizedCaseInsensitiveContains(text) }
        #expect(found == expected)
    }

    @Test("the book's tags, each once whatever its case, for a tag filter; the filter then lists their contacts")
    func tagsForAFilter() throws {
        let book = try ContactBook()
        let ada = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        let bob = try book.add(try Person(name: "Bob").card, source: .qr, now: now)
        try book.update(ada.id, ContactEdit(addTags: ["work", "Chess"]))
        try book.update(bob.id, ContactEdit(addTags: ["WORK", "climbing"]))
        #expect(try book.tags() == ["Chess", "climbing", "work"])
        #expect(try book.contacts(ContactListQuery(tag: "Work")).map(\.displayName) == ["Ada", "Bob"])
        #expect(try book.contacts(ContactListQuery(tag: "chess", trust: .trusted)).map(\.displayName) == ["Ada"])
        #expect(try ContactBook().tags().isEmpty)
    }

    @Test("the index follows aliases, tags and deletions")
    func indexFollowsEdits() throws {
        let book = try ContactBook()
        let ada = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        var edit = ContactEdit()
        edit.alias = "Countess"
        edit.addTags = ["analytical", "engines"]
        try book.update(ada.id, edit)
        #expect(try book.contacts(ContactListQuery(search: "untes")).map(\.id) == [ada.id])
        #expect(try book.contacts(ContactListQuery(search: "lytic")).map(\.id) == [ada.id])
        #expect(try book.contacts(ContactListQuery(search: "ngine")).map(\.id) == [ada.id])

        var untag = ContactEdit()
        untag.removeTags = ["engines"]
        untag.alias = ""
        try book.update(ada.id, untag)
        #expect(try book.contacts(ContactListQuery(search: "ngine")).isEmpty)
        #expect(try book.contacts(ContactListQuery(search: "untes")).isEmpty)
        #expect(try book.contacts(ContactListQuery(search: "lytic")).map(\.id) == [ada.id])

        try book.delete(ada.id)
        #expect(try book.contacts(ContactListQuery(search: "Ada")).isEmpty)
        #expect(try book.contacts(ContactListQuery(search: "lytic")).isEmpty)
    }

    @Test("a card update re-indexes the new name")
    func updateReindexes() throws {
        let book = try ContactBook()
        var person = try Person(name: "Grace Hopper")
        let contact = try book.add(person.card, source: .qr, now: now)
        try person.profile.edit(now: Date(timeIntervalSince1970: 1_700_000_050)) { $0.name = "Rear Admiral Hopper"; $0.company = "Navy" }
        _ = try book.applyUpdate(person.card, source: .qr, now: now)
        #expect(try book.contacts(ContactListQuery(search: "Admiral")).map(\.id) == [contact.id])
        #expect(try book.contacts(ContactListQuery(search: "navy")).map(\.id) == [contact.id])
        #expect(try book.contacts(ContactListQuery(search: "Grace")).isEmpty)
    }

    @Test("pages: limit and offset walk the same order as the whole list")
    func paging() throws {
        let book = try book(25)
        let all = try book.contacts().map(\.id)
        var paged: [Int64] = []
        var offset = 0
        while true {
            let page = try book.contacts(ContactListQuery(limit: 10, offset: offset)).map(\.id)
            if page.isEmpty { break }
            paged += page
            offset += page.count
        }
        #expect(paged == all)
        #expect(try book.contacts(ContactListQuery(search: "Person", limit: 3)).count == 3)
        #expect(try book.contacts(ContactListQuery(limit: 0)).isEmpty)
    }

    /// A paged search walks the top of the list or asks the trigram index, whichever finds the page first
    /// (ContactBook+Search.swift); the unpaged search always asks the index. Every page must be the same
    /// slice of the same list either way.
    @Test("a paged search gives exactly the slice of the full search, whichever way it finds it")
    func pagedSearchEqualsSliceOfFullSearch() throws {
        let companies = ["Acme", "Globex", "Élan Vital", "Zürich AG", "Initech", "ACME Labs"]
        let book = try ContactBook()
        try book.importUnverified(
            (0..<4_000).map { CardFields(name: $0 == 3_217 ? "Zed Rarename" : "Person \($0)", company: companies[$0 % companies.count]) },
            now: now)
        let all = try book.contacts()
        for (index, contact) in all.enumerated() where index % 97 == 0 {
            var edit = ContactEdit()
            edit.pinned = index % 2 == 0
            edit.alias = index % 3 == 0 ? "Alias \(index)" : nil
            edit.addTags = index % 5 == 0 ? ["rarely-tagged", "tag\(index % 7)"] : []
            edit.trustLevel = index % 4 == 0 ? .known : nil
            try book.update(contact.id, edit)
        }
        let searches = [
            "Person 1", "son 3", "acme", "ACME", "77", "7", "zz", "rarename", "Person 3999", "Élan", "élan", "rich", "Alias",
            "rarely", "tag3", "ag", "1", "e", "Person 1%", "_", "nobody at all",
        ]
        let pages = [(50, 0), (50, 50), (10, 990), (50, 3_950), (0, 0)]
        for search in searches {
            for filter in [ContactListQuery(search: search), ContactListQuery(search: search, tag: "tag3"), ContactListQuery(search: search, trust: .known)] {
                let full = try book.contacts(filter)
                for (limit, offset) in pages {
                    var query = filter
                    query.limit = limit
                    query.offset = offset
                    let expected = Array(full.dropFirst(offset).prefix(limit)).map(\.id)
                    #expect(try book.contacts(query).map(\.id) == expected, "\(query)")
                }
            }
        }
    }
}
