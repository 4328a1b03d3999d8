// People with cards for the presentation tests: a real identity, a real profile, a real signed card.
import Foundation
import HandshakeCore
import HandshakeStore

struct Person {
    let identity = Identity.generate()
    var profile: CardProfile

    init(name: String, email: String? = nil) throws {
        profile = CardProfile(identity: identity, now: Date(timeIntervalSince1970: 1_700_000_000))
        try profile.edit(now: Date(timeIntervalSince1970: 1_700_000_000)) { card in
            card.name = name
            card.emails = email.map { [$0] } ?? []
        }
    }

    /// The card as issued. A profile that passed `edit` always fits the size limit, so a refusal stops the
    /// run with its reason rather than standing in for a card.
    var card: SignedCard {
        do { return try profile.issueCard(identity: identity) } catch { preconditionFailure("\(error)") }
    }

    mutating func edit(_ change: (inout ContactCard) -> Void) throws {
        try profile.edit(now: Date(timeIntervalSince1970: 1_700_000_500)) { change(&$0) }
    }
}

let now = Date(timeIntervalSince1970: 1_700_000_100)
