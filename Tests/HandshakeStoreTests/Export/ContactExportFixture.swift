// The small book of the worked example in docs/formats/contact-export.md: fixed keys, dates and fields, so
// its export is the same bytes on every run.

import Foundation
import HandshakeCore
import HandshakeStore

enum ContactExportFixture {
    /// The seed of the card worked example (docs/formats/card.md): the bytes 0x00 through 0x1f.
    static let ada = Identity(seed: IdentitySeed(bytes: Array(UInt8(0)...31))!)
    /// The identity a vCard entry claims (its Node ID only; never trusted).
    static let claimed = Identity(seed: IdentitySeed(bytes: [UInt8](repeating: 0x42, count: 32))!)
    /// 2025-11-21T16:00:00Z, when Ada's card was made.
    static let cardMadeAt: UInt64 = 1_763_740_800_000
    /// 2025-11-21T17:00:00Z, when the book received it.
    static let addedAt = Date(timeIntervalSince1970: 1_763_744_400)

    /// Ada's card: most optional fields, a bio over two lines and a tiny PNG avatar.
    static func adasCard() throws -> SignedCard {
        let card = ContactCard(
            sigKey: ada.sigKey, encKey: ada.encKey, updatedAt: cardMadeAt,
            fields: CardFields(
                name: "Ada Lovelace", bio: "Wrote the first program.\nLikes engines.",
                avatar: try Avatar(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0x5A, count: 8)),
                location: "London", company: "Analytical Engines Ltd", title: "Chief Programmer",
                emails: ["ada@example.com"], phones: ["+44 20 7946 0018"],
                links: [SocialLink(platform: "github", handle: "@ada", url: "https://github.com/ada")],
                skills: ["mathematics", "poetical science"]))
        return try CardProfile(card: card, sharedFields: Set(CardField.allCases), identity: ada).issueCard(identity: ada)
    }

    /// The worked example's book: Ada, verified, with the owner's alias, notes, tags, trust and pin; then
    /// Bea, an address-book entry claiming a Node ID.
    static func book() throws -> ContactBook {
        let book = try ContactBook()
        let outcome = try book.receive(try adasCard(), source: .qr, answer: .add(trust: .known), now: addedAt)
        guard case .added(let ada) = outcome else { throw Unexpected(outcome: outcome) }
        var edit = ContactEdit()
        edit.alias = "Countess"
        edit.notes = "Met at the Royal Society."
        edit.addTags = ["work", "friends"]
        edit.pinned = true
        try book.update(ada.id, edit)
        try book.importUnverified(
            [CardFields(name: "Bea Babbage", emails: ["bea@example.org"], phones: ["+1 555 0100"])],
            claimedNodeIDs: [claimed.nodeID], now: addedAt.addingTimeInterval(60))
        return book
    }

    struct Unexpected: Error {
        let outcome: ReceiveOutcome
    }

    /// The whole export of `book` in `format`, as one text.
    static func export(_ book: ContactBook, _ format: ContactBook.ExportFormat) throws -> String {
        var text = ""
        try book.export(format) { text += $0 }
        return text
    }
}
