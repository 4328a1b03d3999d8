import Foundation
import HandshakeCore

/// A person who can issue cards, for tests.
struct Person {
    let identity = Identity.generate()
    var profile: CardProfile

    init(name: String, email: String? = nil, phone: String? = nil, at date: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws {
        profile = CardProfile(identity: identity, now: date)
        try profile.edit(now: date) { card in
            card.name = name
            card.emails = email.map { [$0] } ?? []
            card.phones = phone.map { [$0] } ?? []
        }
    }

    /// The card as issued. A profile that passed `edit` always fits the size limit, so a refusal stops the
    /// run with its reason rather than standing in for a card.
    var card: SignedCard {
        do { return try profile.issueCard(identity: identity) } catch { preconditionFailure("\(error)") }
    }

    mutating func edit(_ change: (inout ContactCard) -> Void) throws {
        try profile.edit(now: Date(timeIntervalSince1970: 1_700_000_000)) { card in change(&card) }
    }
}

let now = Date(timeIntervalSince1970: 1_700_000_100)
