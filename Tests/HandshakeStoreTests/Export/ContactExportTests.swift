// The contact book's JSON export at library level: what each object holds for a verified contact and an
// address-book entry, the array around them, the escaping the format promises, and reading it back.

import Foundation
import HandshakeCore
import HandshakeStore
import HandshakeTestSupport
import Testing

@Suite("the contact export format")
struct ContactExportTests {
    @Test("a verified contact: the card's fields, the signed card, and the owner's own fields")
    func verified() throws {
        let book = try ContactExportFixture.book()
        let exported = try ContactExport.decodeArray(Data(try ContactExportFixture.export(book, .json).utf8))
        try #require(exported.count == 2)
        let ada = exported[0]
        #expect(ada.verificationStatus == "verified")
        #expect(ada.nodeId == ContactExportFixture.ada.nodeID.rawValue && ada.claimedNodeId == nil)
        let card = try #require(ada.card.flatMap { Base64URL.decode($0) })
        #expect(card == (try ContactExportFixture.adasCard()).bytes)
        #expect(ada.name == "Ada Lovelace" && ada.company == "Analytical Engines Ltd" && ada.title == "Chief Programmer")
        #expect(ada.bio == "Wrote the first program.\nLikes engines." && ada.location == "London")
        #expect(ada.emails == ["ada@example.com"] && ada.phones == ["+44 20 7946 0018"])
        #expect(ada.links == [SocialLink(platform: "github", handle: "@ada", url: "https://github.com/ada")])
        #expect(ada.skills == ["mathematics", "poetical science"])
        #expect(ada.avatar?.mediaType == "image/png")
        #expect(ada.avatar?.data == (try ContactExportFixture.adasCard()).card.avatar?.data)
        #expect(ada.alias == "Countess" && ada.notes == "Met at the Royal Society.")
        #expect(ada.tags == ["friends", "work"] && ada.trustLevel == "KNOWN" && ada.pinned)
        #expect(ada.source == "qr" && ada.addedAt == "2025-11-21T17:00:00Z")
    }

    @Test("an address-book entry: its details, its claim, no card")
    func unverified() throws {
        let book = try ContactExportFixture.book()
        let bea = try #require(try ContactExport.decodeArray(Data(try ContactExportFixture.export(book, .json).utf8)).last)
        #expect(bea.verificationStatus == "unverified" && bea.nodeId == nil && bea.card == nil)
        #expect(bea.claimedNodeId == ContactExportFixture.claimed.nodeID.rawValue)
        #expect(bea.name == "Bea Babbage" && bea.emails == ["bea@example.org"] && bea.phones == ["+1 555 0100"])
        #expect(bea.links.isEmpty && bea.skills.isEmpty && bea.tags.isEmpty && bea.avatar == nil)
        #expect(bea.trustLevel == "TRUSTED" && !bea.pinned && bea.source == "import" && bea.addedAt == "2025-11-21T17:01:00Z")
    }

    @Test("the array: one object a line, commas between; an empty book is []")
    func array() throws {
        #expect(try ContactExportFixture.export(try ContactBook(), .json) == "[]\n")
        #expect(try ContactExportFixture.export(try ContactBook(), .vcard) == "")
        let book = try ContactExportFixture.book()
        let text = try ContactExportFixture.export(book, .json)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.first == "[" && lines[3] == "]" && lines[4] == "")
        #expect(lines[1].hasPrefix("{\"addedAt\":") && lines[1].hasSuffix("},") && lines[2].hasSuffix("}"))
        var objects: [String] = []
        try book.forEachExportedContact { objects.append(try ContactExport($0).json()) }
        #expect(text == "[\n" + objects.joined(separator: ",\n") + "\n]\n")
        // The vCard form is the book's vCards, one after another.
        var vCards = ""
        try book.forEachExportedContact { vCards += $0.vCard }
        #expect(try ContactExportFixture.export(book, .vcard) == vCards)
        #expect(try book.export(.json) { _ in } == 2)
    }

    @Test("escaping: only what JSON requires; absent fields are left out, not null")
    func escaping() throws {
        let book = try ContactBook()
        try book.importUnverified([CardFields(name: "Zoë \"Z\" \\ / \u{01}\t")], now: ContactExportFixture.addedAt)
        let text = try ContactExportFixture.export(book, .json)
        #expect(text.contains(#""name":"Zoë \"Z\" \\ / \u0001\t""#))
        #expect(!text.contains("null") && !text.contains("nodeId") && !text.contains("alias"))
        #expect(text.contains(#""emails":[],"links":[],"name""#))
    }
}
