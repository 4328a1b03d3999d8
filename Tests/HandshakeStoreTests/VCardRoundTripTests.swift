import Foundation
import HandshakeCore
import HandshakeStore
import Testing

/// The whole book out as vCards and back in: nothing is lost, verified contacts come back verified (their
/// signatures checked again), and a forged card does not.
@Suite("vCard export and import of the whole book")
struct VCardRoundTripTests {
    static func jpeg(_ seed: Int, size: Int = 300) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    static func exported(_ book: ContactBook) throws -> String {
        var text = ""
        try book.forEachExportedContact { text += $0.vCard }
        return text
    }

    /// A book of `count` people: a third verified (signed cards with photos), the rest address-book
    /// entries (Unicode notes of two lines, within the card's bio limit; photos), some with alias, notes, tags, trust and pin.
    static func generatedBook(_ count: Int) throws -> ContactBook {
        let book = try ContactBook()
        var vcards = ""
        for i in 0..<count where i % 3 != 0 {
            let note = (0..<2).map { "Zeile \($0) of \(i): naïve café, 東京; “quotes”, emoji 🧗‍♀️ and e\u{301}\\ backslash" }.joined(separator: "\n")
            var lines = [
                "BEGIN:VCARD", "VERSION:3.0", "FN:Zoë \(i) 山田 Ångström", "N:Ångström;Zoë;;;",
                "ORG:Åcme\\; Ünited \(i % 17);Dept", "TITLE:Chief \\, Officer", "EMAIL;TYPE=work:zoe\(i)@example.com",
                "TEL;TYPE=cell:+49 30 \(100_000 + i)", "ADR;TYPE=home:;;Straße \(i);Zürich;;80\(i % 10);Schweiz",
                "NOTE:" + VCardLineEscaping.escape(note), "URL:https://example.com/\(i)",
            ]
            if i % 2 == 0 { lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + Data(jpeg(i)).base64EncodedString()) }
            if i % 5 == 0 { lines.append("X-HANDSHAKE-NODEID:" + Identity.generate().nodeID.rawValue) }
            vcards += (lines + ["END:VCARD", ""]).joined(separator: "\r\n")
        }
        let report = try book.importVCards(Array(vcards.utf8), now: now)
        #expect(report.skipped.isEmpty && report.notes.isEmpty)
        for i in stride(from: 0, to: count, by: 3) {
            var person = try Person(name: "Verified \(i) 佐藤 ✓")
            try person.edit { card in
                card.bio = String(repeating: "Ünïcödé \(i) ", count: 12)
                card.company = "Co \(i)"
                card.location = "Kyōto"
                card.avatar = try? Avatar(data: jpeg(i, size: 2_000))
                card.links = [SocialLink(platform: "github", handle: "v\(i)", url: "https://github.com/v\(i)")]
                card.skills = ["Swift", "日本語"]
            }
            try book.add(person.card, source: .qr, now: now)
        }
        for contact in try book.contacts() where contact.id % 4 == 0 {
            var edit = ContactEdit()
            edit.alias = "Alias \(contact.id) 🌟"
            edit.notes = "Met in Zürich, \(contact.id); likes tea\nsecond line"
            edit.addTags = ["climbing", "Ünï \(contact.id % 3)"]
            edit.trustLevel = contact.id % 8 == 0 ? .known : .blocked
            edit.pinned = contact.id % 12 == 0
            _ = try book.update(contact.id, edit)
        }
        return book
    }

    /// What must survive: everything but the book's own row ids, dates and the source.
    struct Kept: Equatable {
        var nodeID: NodeID?
        var claimedNodeID: NodeID?
        var signedCard: [UInt8]?
        var details: CardFields
        var verification: VerificationStatus
        var alias: String?
        var notes: String?
        var tags: [String]
        var trust: TrustLevel
        var pinned: Bool
        var avatar: Avatar?

        init(_ contact: Contact, _ book: ContactBook) throws {
            nodeID = contact.nodeID
            claimedNodeID = contact.claimedNodeID
            signedCard = contact.nodeID == nil ? nil : try book.card(of: contact.id).bytes
            details = contact.details
            verification = contact.verificationStatus
            alias = contact.alias
            notes = contact.notes
            tags = contact.tags
            trust = contact.trustLevel
            pinned = contact.pinned
            avatar = try book.importedAvatar(ofContact: contact.id)
        }
    }

    @Test func aThousandContactsExportAndImportBackEqual() throws {
        let original = try Self.generatedBook(1_000)
        #expect(try original.count() == 1_000)
        let first = try Self.exported(original)

        let copy = try ContactBook()
        let report = try copy.importVCards(Array(first.utf8), now: now.addingTimeInterval(60))
        #expect(report.entries == 1_000)
        #expect(report.addedVerified == 334 && report.addedUnverified == 666)
        #expect(report.skipped.isEmpty && report.notes.isEmpty, "\(report.skipped.prefix(3)) \(report.notes.prefix(3))")

        // Export → import → export gives the same file, and the same contacts.
        #expect(try Self.exported(copy) == first)
        let before = try original.contacts().map { try Kept($0, original) }
        let after = try copy.contacts().map { try Kept($0, copy) }
        #expect(before.count == after.count)
        for (a, b) in zip(before, after) where a != b { Issue.record("changed: \(a) → \(b)"); break }
        #expect(after.contains { $0.avatar != nil } && after.contains { $0.signedCard != nil })

        // A second import of the same file adds nothing.
        let again = try copy.importVCards(Array(first.utf8), now: now)
        #expect(again.added == 0 && again.duplicates == 1_000)
    }

    @Test func aForgedCardComesBackUnverified() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada Lovelace", email: "ada@example.com")
        try book.add(ada.card, source: .qr, now: now)
        var text = try Self.exported(book)
        // Change one letter of the signed card's base64url: the signature no longer holds.
        let range = try #require(text.range(of: "X-HANDSHAKE-CARD:"))
        let at = text.index(range.upperBound, offsetBy: 40)
        text.replaceSubrange(at...at, with: text[at] == "A" ? "B" : "A")
        let copy = try ContactBook()
        let report = try copy.importVCards(Array(text.utf8), now: now)
        #expect(report.addedVerified == 0 && report.addedUnverified == 1)
        #expect(report.notes.first?.reason.contains("does not verify") == true)
        let contact = try #require(try copy.contacts().first)
        #expect(contact.verificationStatus == .unverified && contact.nodeID == nil)
        #expect(contact.claimedNodeID == ada.identity.nodeID)
    }
}

/// Escaping a value for a hand-written test vCard (RFC 6350 §3.4).
enum VCardLineEscaping {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
            .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: "\n", with: "\\n")
    }
}
