import Foundation
import HandshakeCore

/// The worked example of docs/formats/card.md, shared by every test target that needs fixed identities,
/// times and cards, so vectors are reproducible and the same everywhere. A target adds what only it needs
/// (its reader's clock, its own cards) in an extension of its own.
public enum Fixture {
    /// The seed of the worked example: the bytes 0x00 through 0x1f.
    public static let seedBytes: [UInt8] = Array(0...31)
    /// The worked example's identity.
    public static let identity = Identity(seed: IdentitySeed(bytes: seedBytes)!)
    /// A second, unrelated identity.
    public static let other = Identity(seed: IdentitySeed(bytes: Array(repeating: 0x42, count: 32))!)
    /// 2025-11-21T16:00:00Z, the worked example's `updatedAt`.
    public static let updatedAt: UInt64 = 1_763_740_800_000

    /// The worked example's business card (unsigned).
    public static func businessCard(_ identity: Identity = Fixture.identity, updatedAt: UInt64 = Fixture.updatedAt) -> ContactCard {
        ContactCard(
            sigKey: identity.sigKey, encKey: identity.encKey, updatedAt: updatedAt,
            fields: CardFields(
                name: "Ada Lovelace", company: "Analytical Engines Ltd", title: "Chief Programmer",
                emails: ["ada@example.com"], phones: ["+44 20 7946 0018"]))
    }

    /// `card` signed by `identity` through the public issuing path.
    public static func issue(_ card: ContactCard, by identity: Identity = Fixture.identity, sharing fields: Set<CardField> = Set(CardField.allCases))
        throws -> SignedCard
    {
        try CardProfile(card: card, sharedFields: fields, identity: identity).issueCard(identity: identity)
    }

    /// A card of `identity` holding only `name`, made at `date` as an app's profile makes it.
    public static func namedCard(_ name: String, by identity: Identity, at date: Date = Date()) throws -> SignedCard {
        try card(by: identity, at: date) { $0.name = name }
    }

    /// A card of `identity` made at `date` as an app's profile makes it, its fields set by `change`.
    public static func card(
        by identity: Identity, at date: Date = Date(), _ change: (inout ContactCard) throws(CardFieldError) -> Void
    ) throws -> SignedCard {
        var profile = CardProfile(identity: identity, now: date)
        try profile.edit(now: date, change)
        return try profile.issueCard(identity: identity)
    }

    /// ``card(by:at:_:)`` for a fixture made where nothing may throw (a `static let`): fields the card's
    /// rules refuse stop the run with the reason, rather than leaving a card without them to stand in.
    public static func madeCard(
        by identity: Identity, at date: Date = Date(), _ change: (inout ContactCard) throws(CardFieldError) -> Void
    ) -> SignedCard {
        do { return try card(by: identity, at: date, change) } catch { preconditionFailure("a fixture's card was refused: \(error)") }
    }
}

extension Fixture {
    /// `fields` with every field that holds nothing given a plain value of its kind, so a test that means
    /// "every field" covers a field added to the table later without naming it.
    public static func fillingEmpty(_ fields: CardFields) -> CardFields {
        var filled = fields
        for field in CardField.allCases where filled[field] == nil {
            switch field.kind {
            case .text: filled[field] = .text("Some \(field.rawValue)")
            case .list(_, .email): filled[field] = .list(["\(field.rawValue)@example.com"])
            case .list(_, .phone): filled[field] = .list(["+44 20 7946 0000"])
            case .list: filled[field] = .list(["some \(field.rawValue)"])
            case .links: filled[field] = .links([SocialLink(platform: "web", url: "https://example.com/\(field.rawValue)")])
            case .image: filled[field] = (try? Avatar(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x5A])).map(CardFieldValue.image)
            }
        }
        return filled
    }
}
