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
        let exported = try ExportedObject.decodeArray(Data(try ContactExportFixture.export(book, .json).utf8))
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
        let bea = try #require(try ExportedObject.decodeArray(Data(try ContactExportFixture.export(book, .json).utf8)).last)
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
        try book.forEachExportedContact { objects.append(try $0.json()) }
        #expect(text == "[\n" + objects.joined(separator: ",\n") + "\n]\n")
        // The vCard form is the book's vCards, one after another.
        var vCards = ""
        try book.forEachExportedContact { vCards += $0.vCard }
        #expect(try ContactExportFixture.export(book, .vcard) == vCards)
        #expect(try book.export(.json) { _ in } == 2)
    }

    @Test("a listing: the export's object with the book's own keys added; the export itself leaves them out")
    func listing() throws {
        let book = try ContactExportFixture.book()
        let ada = try #require(try book.contacts().first { $0.verificationStatus == .verified })
        let friend = ContactExportFixture.claimed.sigKey
        let meeting = ExchangeRecord(
            exchangedAt: ContactExportFixture.addedAt, source: .sessionSecret, handshakeHash: [1, 2, 3], ourNote: "Hello", theirNote: nil,
            commonFriends: [friend, ContactExportFixture.ada.sigKey])
        let details = ContactExport.Details(
            showsDatabaseID: true, preferences: try book.preferences(of: ada.id), cardHistory: 0, meetings: [meeting],
            commonFriendName: { $0 == friend ? "Bea Babbage" : nil })
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try ContactExport(contact: ada, details: details).json().utf8)) as? [String: Any])
        #expect(listed["id"] as? Int64 == ada.id && listed["displayName"] as? String == "Countess" && listed["muted"] as? Bool == false)
        #expect(listed["didKey"] as? String == ContactExportFixture.ada.didKey.description && listed["cardHistory"] as? Int == 0)
        #expect(listed["name"] as? String == "Ada Lovelace" && listed["card"] == nil && listed["avatar"] == nil)
        let meetings = try #require(listed["meetings"] as? [[String: Any]])
        #expect(meetings.count == 1 && meetings[0]["ourNote"] as? String == "Hello" && meetings[0]["theirNote"] == nil)
        #expect(meetings[0]["commonFriends"] as? [String] == ["Bea Babbage"] && meetings[0]["commonFriendCount"] as? Int == 2)
        let preferences = try #require(listed["preferences"] as? [[String: Any]])
        #expect(preferences.count == ChatFeature.allCases.count && preferences.allSatisfy { $0["state"] is String })
        // Without details, or without the database id, those keys are not there.
        let plain = try ContactExport(contact: ada, details: ContactExport.Details()).json()
        #expect(!plain.contains("\"id\"") && !plain.contains("preferences") && plain.contains("\"displayName\":\"Countess\""))
        #expect(!(try ContactExportFixture.export(book, .json)).contains("displayName"))
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
